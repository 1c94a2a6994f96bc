import { useEffect, useMemo, useRef, useState } from 'react';
import { BarChart3, Download, Maximize2, Minimize2, RefreshCw } from 'lucide-react';
import type { Candle, Period } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useTheme } from '../../../lib/theme';
import { QUOTE_POLL_MS, useHistorical } from '../../market/api/market-api';
import { useLiveQuotes, useQuotePolling } from '../../market/api/use-live-quotes';
import { MarketStatusBadge } from '../../market/components/market-status-badge';
import { INDICATORS, MACD_SIGNAL_COLOR, type ChartType, type IndicatorKey } from './chart-options';
import { PriceChartCanvas, type PriceChartHandle } from './price-chart-canvas';
import { downloadFile } from '../../../lib/download-file';

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

/** The chart library needs unique, ascending times: duplicates by time removed, ascending by time; a live candle replaces the one it updates. */
export function mergeCandles(base: readonly Candle[], extra: readonly Candle[]): Candle[] {
  if (extra.length === 0) return base as Candle[];
  const byTime = new Map<number, Candle>();
  for (const c of base) byTime.set(c.time, c);
  for (const c of extra) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Times read in the exchange's own clock: IST for NSE/BSE and indices, New York for US listings. */
function exchangeTimeZone(exchange: string | undefined): string {
  return exchange === 'NASDAQ' || exchange === 'NYSE' ? 'America/New_York' : 'Asia/Kolkata';
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function StockChart({
  symbol,
  period,
  chartType = 'candlestick',
  indicators = [],
  height = 500,
  live = false,
}: StockChartProps) {
  const liveOn = live && period === '1D';
  const polling = useQuotePolling();
  const history = useHistorical(symbol, period, liveOn && polling ? QUOTE_POLL_MS : false);
  const { theme } = useTheme();
  const [showVolume, setShowVolume] = useState(true);
  const chartRef = useRef<PriceChartHandle>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // Used where the Fullscreen API is missing or refused: the chart covers the window instead.
  const [fallbackFull, setFallbackFull] = useState(false);
  const isFull = fullscreen || fallbackFull;

  const base = history.data?.data;
  const canonical = history.data?.symbol ?? symbol;
  const [ticks, setTicks] = useState<{ base: readonly Candle[] | undefined; candles: Candle[] }>({
    base: undefined,
    candles: [],
  });
  useLiveQuotes(liveOn && base ? [canonical] : [], (event) => {
    setTicks((prev) => {
      const kept = prev.base === base ? prev.candles : [];
      return { base, candles: [...kept.filter((c) => c.time !== event.candle.time), event.candle] };
    });
  });
  const candles = useMemo(
    () => mergeCandles(base ?? [], ticks.base === base ? ticks.candles : []),
    [base, ticks],
  );

  const toggleFullscreen = () => {
    const el = wrapRef.current;
    if (!el) return;
    if (fallbackFull) {
      setFallbackFull(false);
      return;
    }
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (typeof el.requestFullscreen !== 'function') {
      setFallbackFull(true);
      return;
    }
    el.requestFullscreen().catch(() => setFallbackFull(true));
  };
  const toggleRef = useRef(toggleFullscreen);
  useEffect(() => {
    toggleRef.current = toggleFullscreen;
  });

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === wrapRef.current);
    const onKey = (event: KeyboardEvent) => {
      // Ctrl/Cmd+F toggles fullscreen (not while typing); Esc leaves it (the browser does that for the real API).
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !isEditable(event.target)) {
        event.preventDefault();
        toggleRef.current();
      } else if (event.key === 'Escape') {
        setFallbackFull(false);
        // Browsers exit fullscreen on Esc themselves; this covers the ones (and automation) that pass the key on.
        if (document.fullscreenElement && document.fullscreenElement === wrapRef.current)
          void document.exitFullscreen();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const download = () => {
    const canvas = chartRef.current?.screenshot();
    if (!canvas) return;
    canvas.toBlob((blob) => {
      if (blob) downloadFile(blob, `${canonical}_${period}_chart.png`);
    }, 'image/png');
  };

  const active = INDICATORS.filter((i) => indicators.includes(i.key));
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
      <div className="flex flex-wrap items-center gap-2">
        <MarketStatusBadge exchange={history.data?.exchange} />
        <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="data-point-count">
          {candles.length} data points
        </span>
        {liveOn && !polling ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">
            <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-red-600" /> LIVE
          </span>
        ) : liveOn ? (
          // No socket feed: the candles are re-read every 30 s instead, and the badge says so.
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300">
            Updating every 30 s
          </span>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={showVolume}
            onClick={() => setShowVolume((v) => !v)}
            icon={<BarChart3 aria-hidden="true" className="size-4" />}
          >
            Volume
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Refresh chart"
            title="Refresh chart"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
            icon={
              <RefreshCw aria-hidden="true" className={cn('size-4', history.isFetching && 'animate-spin')} />
            }
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={download}
            disabled={candles.length === 0}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            Download PNG
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={toggleFullscreen}
            aria-pressed={isFull}
            aria-label={isFull ? 'Exit fullscreen' : 'Fullscreen'}
            title={isFull ? 'Exit fullscreen (Esc)' : 'Fullscreen (Ctrl+F)'}
            icon={
              isFull ? (
                <Minimize2 aria-hidden="true" className="size-4" />
              ) : (
                <Maximize2 aria-hidden="true" className="size-4" />
              )
            }
          />
        </div>
      </div>

      {active.length > 0 ? (
        <ul
          className="flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-200"
          aria-label="Plotted indicators"
        >
          {active.map((i) => (
            <li key={i.key} className="inline-flex items-center gap-1.5" data-testid={`legend-${i.key}`}>
              <span
                aria-hidden="true"
                className="inline-block h-0.5 w-4 rounded"
                style={{ backgroundColor: i.color }}
              />
              {i.label}
              {i.key === 'macd' ? (
                <>
                  <span
                    aria-hidden="true"
                    className="ml-1 inline-block h-0.5 w-4 rounded"
                    style={{ backgroundColor: MACD_SIGNAL_COLOR }}
                  />{' '}
                  Signal
                </>
              ) : null}
              {i.pane ? <span className="text-slate-500 dark:text-slate-400">(own pane)</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

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
