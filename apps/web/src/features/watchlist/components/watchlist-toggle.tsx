import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useWatchlistMembership } from '../api/use-watchlist-membership';

/** One-click follow for the charts, stock and portfolio screens; `compact` is the icon-only star. */
export function WatchlistToggle({
  symbol,
  name,
  compact = false,
}: {
  symbol: string;
  name: string;
  compact?: boolean;
}) {
  const membership = useWatchlistMembership();
  const watched = membership.isWatched(symbol);
  const label = watched ? 'Remove from Watchlist' : 'Add to Watchlist';
  if (compact) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="px-2!"
        onClick={() => void membership.toggle(symbol, name)}
        loading={membership.busy}
        disabled={!membership.ready}
        aria-label={`${label}: ${symbol}`}
        aria-pressed={watched}
        title={membership.failed ? 'Failed to load watchlists. Please try again.' : label}
        icon={
          membership.busy ? undefined : (
            <Star aria-hidden="true" className={cn('size-4', watched && 'fill-amber-400 text-amber-500')} />
          )
        }
      />
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void membership.toggle(symbol, name)}
      loading={membership.busy}
      disabled={!membership.ready}
      title={membership.failed ? 'Failed to load watchlists. Please try again.' : undefined}
      icon={<Star aria-hidden="true" className={cn('size-4', watched && 'fill-amber-400 text-amber-500')} />}
    >
      {label}
    </Button>
  );
}
