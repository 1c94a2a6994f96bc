import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { MAX_WATCHLISTS_PER_USER, WATCHLISTS_LIMIT_MESSAGE } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { CreateWatchlistModal } from './create-watchlist-modal';
import { DeleteWatchlistModal } from './delete-watchlist-modal';
import { PopularStocks } from './popular-stocks';
import { useWatchlistScreen } from './use-watchlist-screen';
import { WatchlistSidebar } from './watchlist-sidebar';
import { WatchlistStats } from './watchlist-stats';
import { WatchlistStocksCard } from './watchlist-stocks-card';

export interface WatchlistScreenProps {
  /** Extra per-row controls composed in by the route (the alerts feature's "Set alert"). */
  rowAction?: (stock: { symbol: string; name: string }) => ReactNode;
}

export function WatchlistScreen({ rowAction }: WatchlistScreenProps = {}) {
  const s = useWatchlistScreen();
  const { all, deleting } = s;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">My Watchlists</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Track and manage your favorite stocks</p>
          <SimulatedBadge className="mt-2" />
        </div>
        <Button
          onClick={() => s.setCreating(true)}
          disabled={all.length >= MAX_WATCHLISTS_PER_USER}
          title={all.length >= MAX_WATCHLISTS_PER_USER ? WATCHLISTS_LIMIT_MESSAGE : undefined}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          New Watchlist
        </Button>
      </div>

      <WatchlistStats rows={s.rows.length} gainers={s.gainers} losers={s.losers} lists={all.length} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[280px_minmax(0,1fr)]">
        <WatchlistSidebar s={s} />
        <WatchlistStocksCard s={s} rowAction={rowAction} />
      </div>

      <PopularStocks
        watchlistSymbols={[...new Set(all.flatMap((w) => w.stocks.map((s) => s.symbol)))]}
        onAdd={(symbol) => void s.addSymbol(symbol)}
      />

      <CreateWatchlistModal
        open={s.creating}
        onClose={() => s.setCreating(false)}
        onCreated={(list) => s.setChosen(list.id)}
      />
      <DeleteWatchlistModal
        name={deleting?.name ?? null}
        busy={s.del.isPending}
        onClose={() => s.setDeleting(null)}
        onConfirm={() => void s.confirmDelete()}
      />
    </div>
  );
}
