import type { ReactNode } from 'react';
import { TradeActions } from '../../account/components/trade-actions';
import { Pause, Play, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { PriceChange } from '../../market/components/price-change';
import { formatTime } from '../../market/lib/format';
import { formatCompact, formatMarketCap, formatPrice } from '../../../lib/money-format';
import { ChartsSidebar } from './charts-sidebar';
import { StockChart } from './stock-chart';
import { useChartsScreen } from './use-charts-screen';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

export { DEFAULT_CHART_SYMBOL } from './use-charts-screen';

function FooterStat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export interface ChartsScreenProps {
  /** The route composes the watchlist feature's toggle in; features do not import each other. */
  watchlistAction?: (stock: { symbol: string; name: string }) => ReactNode;
}

export function ChartsScreen({ watchlistAction }: ChartsScreenProps) {
  const s = useChartsScreen();
  const { symbol, period, chartType, indicators, live, quote, shown, toggleLive, refresh } = s;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Charts</h1>
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-lg font-semibold text-slate-900 dark:text-white" data-testid="chart-symbol">
              {shown?.symbol ?? symbol}
            </span>
            {shown ? (
              <>
                <span className="truncate text-sm text-slate-600 dark:text-slate-300">{shown.name}</span>
                <span
                  className="text-xl font-bold tabular-nums text-slate-900 dark:text-white"
                  data-testid="live-price"
                >
                  {formatPrice(shown.price, shown.currency)}
                </span>
                <PriceChange change={shown.change} percent={shown.changePercent} />
                <SimulatedBadge />
              </>
            ) : quote.isError ? (
              <span role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errorMessage(quote.error, 'Failed to fetch stock quote')}
              </span>
            ) : (
              <span className="text-sm text-slate-600 dark:text-slate-300">Loading quote...</span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {shown ? (
            <TradeActions symbol={shown.symbol} currency={shown.currency} exchange={shown.exchange} />
          ) : null}
          {shown && watchlistAction ? watchlistAction({ symbol: shown.symbol, name: shown.name }) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={refresh}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
          <Button
            variant={live ? 'danger' : 'primary'}
            size="sm"
            onClick={toggleLive}
            disabled={period !== '1D' || !quote.data}
            title={period !== '1D' ? 'Live updates are available on the 1D timeframe' : undefined}
            icon={
              live ? (
                <Pause aria-hidden="true" className="size-4" />
              ) : (
                <Play aria-hidden="true" className="size-4" />
              )
            }
          >
            {live ? 'Pause Live' : 'Go Live'}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[260px_minmax(0,1fr)]">
        <ChartsSidebar s={s} />

        <Card className="min-w-0 p-4">
          <StockChart
            symbol={symbol}
            period={period}
            chartType={chartType}
            indicators={indicators}
            height={600}
            live={live}
          />
          <dl className="mt-4 grid grid-cols-3 gap-4 border-t border-slate-200 pt-4 dark:border-slate-700">
            <FooterStat
              label="Volume"
              value={shown ? formatCompact(shown.volume) : 'N/A'}
              testId="footer-volume"
            />
            <FooterStat
              label="Market Cap"
              value={shown ? formatMarketCap(shown.marketCap, shown.currency, 'N/A') : 'N/A'}
              testId="footer-market-cap"
            />
            <FooterStat
              label="Last updated"
              value={shown ? formatTime(shown.lastUpdated) : 'N/A'}
              testId="footer-last-updated"
            />
          </dl>
        </Card>
      </div>
    </div>
  );
}
