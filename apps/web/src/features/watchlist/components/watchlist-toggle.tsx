import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useWatchlistMembership } from '../api/use-watchlist-membership';

/** One-click follow for the charts and stock screens. */
export function WatchlistToggle({ symbol, name }: { symbol: string; name: string }) {
  const membership = useWatchlistMembership();
  const watched = membership.isWatched(symbol);
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
      {watched ? 'Remove from Watchlist' : 'Add to Watchlist'}
    </Button>
  );
}
