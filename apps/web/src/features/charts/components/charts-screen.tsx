import { useEffect, useState, type ReactNode } from 'react';
import { TradeActions } from '../../account/components/trade-actions';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play, RefreshCw } from 'lucide-react';
import { PERIODS, type Period } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { marketKeys, useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { PriceChange } from '../../market/components/price-change';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { formatTime } from '../../market/lib/format';
import { formatCompact, formatMarketCap, formatPrice } from '../../../lib/money-format';
import { CHART_TYPES, INDICATORS, type ChartType, type IndicatorKey } from './chart-options';
import { StockChart } from './stock-chart';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

export const DEFAULT_CHART_SYMBOL = 'RELIANCE';

function ToggleButton({
  pressed,
  onClick,
  children,
  disabled,
  title,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      title={title}
      className={cn(
        'rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        pressed
          ? 'border-indigo-600 bg-indigo-600 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-700',
      )}
    >
      {children}
    </button>
  );
}

function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        {title}
      </h2>
      {children}
    </section>
  );
}

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

function periodParam(value: string | null | undefined): Period {
  const v = value?.toUpperCase();
  return (PERIODS as readonly string[]).includes(v ?? '') ? (v as Period) : '1D';
}

function chartTypeParam(value: string | null | undefined): ChartType {
  const v = value?.toLowerCase();
  return CHART_TYPES.some((t) => t.key === v) ? (v as ChartType) : 'candlestick';
}

export function ChartsScreen({ watchlistAction }: ChartsScreenProps) {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? DEFAULT_CHART_SYMBOL).trim().toUpperCase() || DEFAULT_CHART_SYMBOL;
  // ?period= and ?type= let a link (a Saytrix "1Y line chart of TATASTEEL") open the chart asked for.
  const [period, setPeriod] = useState<Period>(() => periodParam(params.get('period')));
  const [chartType, setChartType] = useState<ChartType>(() => chartTypeParam(params.get('type')));
  const linked = `${params.get('period') ?? ''}|${params.get('type') ?? ''}`;
  useEffect(() => {
    const [p, t] = linked.split('|');
    if (p) setPeriod(periodParam(p));
    if (t) setChartType(chartTypeParam(t));
  }, [linked]);
  const [indicators, setIndicators] = useState<IndicatorKey[]>([]);
  // Live follows one symbol on the 1D timeframe; another symbol or timeframe turns it off.
  const [liveFor, setLiveFor] = useState<string | null>(null);
  const live = liveFor === `${symbol}:${period}` && period === '1D';
  const client = useQueryClient();

  const quote = useQuote(symbol);
  const liveQuotes = useLiveQuotes(live && quote.data ? [quote.data.symbol] : []);
  const shown = quote.data ? withLive(quote.data, liveQuotes[quote.data.symbol]) : undefined;

  const toggleLive = () => {
    if (live) {
      setLiveFor(null);
      notify.info('Live updates paused');
    } else {
      setLiveFor(`${symbol}:${period}`);
      notify.success('Live updates enabled');
    }
  };

  const refresh = () => {
    void client.invalidateQueries({ queryKey: marketKeys.quote(symbol) });
    void client.invalidateQueries({ queryKey: marketKeys.historical(symbol, period) });
  };

  const toggleIndicator = (key: IndicatorKey) =>
    setIndicators((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));

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
        <Card className="space-y-5 p-4">
          <SidebarSection title="Stock">
            <StockSearchBox label="Search stocks" onSelect={(r) => setParams({ symbol: r.symbol })} />
          </SidebarSection>
          <SidebarSection title="Timeframe">
            <div role="group" aria-label="Timeframe" className="flex flex-wrap gap-1.5">
              {PERIODS.map((p) => (
                <ToggleButton key={p} pressed={period === p} onClick={() => setPeriod(p)}>
                  {p}
                </ToggleButton>
              ))}
            </div>
          </SidebarSection>
          <SidebarSection title="Chart type">
            <div role="group" aria-label="Chart type" className="flex flex-wrap gap-1.5">
              {CHART_TYPES.map((t) => (
                <ToggleButton key={t.key} pressed={chartType === t.key} onClick={() => setChartType(t.key)}>
                  {t.label}
                </ToggleButton>
              ))}
            </div>
          </SidebarSection>
          <SidebarSection title="Technical indicators">
            <div role="group" aria-label="Technical indicators" className="flex flex-wrap gap-1.5">
              {INDICATORS.map((i) => (
                <ToggleButton
                  key={i.key}
                  pressed={indicators.includes(i.key)}
                  onClick={() => toggleIndicator(i.key)}
                >
                  {i.label}
                </ToggleButton>
              ))}
            </div>
          </SidebarSection>
        </Card>

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
