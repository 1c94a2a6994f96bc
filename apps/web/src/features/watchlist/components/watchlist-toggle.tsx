import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useAddToWatchlist, useRemoveFromWatchlist, useWatchlists } from '../api/watchlist-api';

/**
 * One-click follow for the charts and stock screens. "Watched" means in any of the user's lists;
 * adding goes to the default list ('My Watchlist'), removing takes the stock out of every list.
 */
export function WatchlistToggle({ symbol, name, compact = false }: { symbol: string; name: string; compact?: boolean }) {
  const lists = useWatchlists();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const containing = (lists.data ?? []).filter((w) => w.stocks.some((s) => s.symbol === symbol));
  const watched = containing.length > 0;
  const target = lists.data?.find((w) => w.isDefault) ?? lists.data?.[0];
  const busy = add.isPending || remove.isPending;

  const toggle = async () => {
    try {
      if (watched) {
        for (const w of containing) await remove.mutateAsync({ symbol, watchlistId: w.id });
        notify.success(`${name} removed from watchlist!`);
      } else {
        if (!target) {
          notify.error('No watchlists found. Please create one first.');
          return;
        }
        await add.mutateAsync({ symbol, watchlistId: target.id });
        notify.success(`${name} added to watchlist!`);
      }
    } catch (error) {
      notify.error(errorMessage(error, watched ? 'Failed to remove stock' : 'Failed to add stock'));
    }
  };

  const label = watched ? 'Remove from Watchlist' : 'Add to Watchlist';
  if (compact) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="px-2!"
        onClick={() => void toggle()}
        loading={busy}
        disabled={lists.isPending || lists.isError}
        aria-label={`${label}: ${symbol}`}
        aria-pressed={watched}
        title={lists.isError ? 'Failed to load watchlists. Please try again.' : label}
        icon={busy ? undefined : <Star aria-hidden="true" className={cn('size-4', watched && 'fill-amber-400 text-amber-500')} />}
      />
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void toggle()}
      loading={busy}
      disabled={lists.isPending || lists.isError}
      title={lists.isError ? 'Failed to load watchlists. Please try again.' : undefined}
      icon={<Star aria-hidden="true" className={cn('size-4', watched && 'fill-amber-400 text-amber-500')} />}
    >
      {label}
    </Button>
  );
}
