import type { Period } from '@nivesh/shared';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useTheme } from '../../../lib/theme';
import type { ChartType, IndicatorKey } from './chart-options';
import { PriceChartCanvas } from './price-chart-canvas';
import { StockChartLegend } from './stock-chart-legend';
import { StockChartToolbar } from './stock-chart-toolbar';
import { useStockChart } from './use-stock-chart';

export { mergeCandles } from './use-stock-chart';

export interface StockChartProps {
  symbol: string;
  period: Period;
  chartType?: ChartType;
  indicators?: readonly IndicatorKey[];
  /** 600 on the charts page, 500 elsewhere. */
  height?: number;
  /** Move the last 1-minute candle with `quote` events (1D only). */
  live?: boolean;
}

/** Times read in the exchange's own clock: IST for NSE/BSE and indices, New York for US listings. */
function exchangeTimeZone(exchange: string | undefined): string {
  return exchange === 'NASDAQ' || exchange === 'NYSE' ? 'America/New_York' : 'Asia/Kolkata';
}

export function StockChart({
  symbol,
  period,
  chartType = 'candlestick',
  indicators = [],
  height = 500,
  live = false,
}: StockChartProps) {
  const s = useStockChart(symbol, period, live);
  const { history, candles, chartRef, wrapRef, isFull, fallbackFull, showVolume } = s;
  const { theme } = useTheme();
  const empty = !history.isPending && candles.length === 0;

  return (
    <div
      ref={wrapRef}
      className={cn(
        'flex flex-col gap-3 bg-white dark:bg-slate-800',
        isFull ? 'h-full w-full p-4' : '',
        fallbackFull ? 'fixed inset-0 z-50' : '',
      )}
      data-testid="stock-chart"
    >
      <StockChartToolbar s={s} />

      <StockChartLegend indicators={indicators} />

      <div className={cn('relative', isFull && 'min-h-0 flex-1')} style={isFull ? undefined : { height }}>
        {candles.length > 0 ? (
          <PriceChartCanvas
            ref={chartRef}
            candles={candles}
            period={period}
            chartType={chartType}
            indicators={indicators}
            showVolume={showVolume}
            theme={theme}
            timeZone={exchangeTimeZone(history.data?.exchange)}
            height={isFull ? undefined : height}
            fitKey={`${history.data?.symbol ?? symbol}:${history.data?.period ?? period}`}
          />
        ) : null}
        {empty ? (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 text-center dark:border-slate-600"
            data-testid="chart-empty"
          >
            <p className="font-medium text-slate-800 dark:text-slate-100">No chart data available</p>
            {history.isError ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {errorMessage(history.error, 'Failed to fetch stock data')}
              </p>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              aria-label="Refresh chart data"
              onClick={() => void history.refetch()}
              loading={history.isFetching}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
            >
              Refresh
            </Button>
          </div>
        ) : null}
        {history.isFetching ? (
          <div
            role="status"
            className="absolute inset-0 z-10 flex items-center justify-center gap-3 bg-white/70 text-slate-700 dark:bg-slate-800/70 dark:text-slate-200"
          >
            <Spinner className="text-indigo-600 dark:text-indigo-400" />
            <span className="text-sm font-medium">Loading chart data...</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
