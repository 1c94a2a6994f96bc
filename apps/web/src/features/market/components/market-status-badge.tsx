import { clockDescription } from '@nivesh/shared';
import { InfoTip } from '../../../components/ui/info-tip';
import { cn } from '../../../lib/cn';
import { useMarketStatus } from '../api/market-api';

/**
 * Open/closed dot with the server's own words, e.g. 'Simulated market · open 24×7', and an info
 * tip (reachable by keyboard and tap, not only hover) saying what the simulated clock is.
 */
export function MarketStatusBadge({ exchange }: { exchange: string | undefined }) {
  const status = useMarketStatus(exchange);
  if (!status.data) return null;
  const open = status.data.marketOpen;
  return (
    <span className="inline-flex items-center gap-0.5">
      <span
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-200"
        data-testid="market-status"
      >
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', open ? 'bg-emerald-500' : 'bg-red-500')}
        />
        <span className="sr-only">{open ? 'Market open: ' : 'Market closed: '}</span>
        {status.data.label}
      </span>
      <InfoTip label="the market clock" text={clockDescription(status.data.session)} />
    </span>
  );
}
