import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddToWatchlist, useRemoveFromWatchlist, useWatchlists } from './watchlist-api';

/**
 * "Watched" means in any of the user's lists; adding goes to the default list ('My Watchlist'),
 * removing takes the stock out of every list. Used by the one-click toggles on other screens.
 */
export function useWatchlistMembership() {
  const lists = useWatchlists();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const containing = (symbol: string) =>
    (lists.data ?? []).filter((w) => w.stocks.some((s) => s.symbol === symbol));
  const target = lists.data?.find((w) => w.isDefault) ?? lists.data?.[0];

  const toggle = async (symbol: string, name: string) => {
    const inLists = containing(symbol);
    const watched = inLists.length > 0;
    try {
      if (watched) {
        for (const w of inLists) await remove.mutateAsync({ symbol, watchlistId: w.id });
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

  return {
    isWatched: (symbol: string) => containing(symbol).length > 0,
    toggle,
    busy: add.isPending || remove.isPending,
    ready: lists.isSuccess,
    failed: lists.isError,
  };
}
