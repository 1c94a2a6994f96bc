import { BarChart3, Download, Maximize2, Minimize2, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { MarketStatusBadge } from '../../market/components/market-status-badge';
import type { StockChartState } from './use-stock-chart';

/** Market status, point count, live badge, and the volume, refresh, download and fullscreen buttons. */
export function StockChartToolbar({ s }: { s: StockChartState }) {
  const { history, candles, liveOn, polling, showVolume, setShowVolume, download, toggleFullscreen, isFull } =
    s;
  return (
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
  );
}
