import { Trash2 } from 'lucide-react';
import type { SearchResult, Watchlist } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { ALL, type WatchlistScreenState } from './use-watchlist-screen';

/** The left column: the search that adds to the chosen list, and the lists to choose (or delete). */
export function WatchlistSidebar({ s }: { s: WatchlistScreenState }) {
  const { lists, selected } = s;
  return (
    <Card className="space-y-4 p-4">
      <div>
        <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Add stocks</h2>
        <StockSearchBox
          label="Search stocks to add"
          placeholder="Search stocks to add..."
          actionLabel="Add"
          onSelect={(r: SearchResult) => void s.addSymbol(r.symbol)}
        />
        <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">
          {selected ? `Adds to "${selected.name}"` : 'Select a watchlist below to add stocks.'}
        </p>
      </div>
      <nav aria-label="Watchlists">
        <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Watchlists</h2>
        {lists.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading watchlists...
          </p>
        ) : lists.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(lists.error, 'Failed to load watchlists. Please try again.')}
          </p>
        ) : (
          <WatchlistChoices s={s} />
        )}
      </nav>
    </Card>
  );
}

function WatchlistChoices({ s }: { s: WatchlistScreenState }) {
  const { all, selectedId } = s;
  return (
    <ul className="space-y-1">
      {[
        {
          id: ALL,
          name: 'All Watchlists',
          count: new Set(all.flatMap((w) => w.stocks.map((s) => s.symbol))).size,
          list: null as Watchlist | null,
        },
        ...all.map((w) => ({ id: w.id, name: w.name, count: w.stocks.length, list: w })),
      ].map((item) => (
        <li key={item.id} className="flex items-center gap-1">
          <button
            type="button"
            aria-pressed={selectedId === item.id}
            onClick={() => s.setChosen(item.id)}
            className={cn(
              'flex min-w-0 flex-1 items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium',
              selectedId === item.id
                ? 'bg-indigo-600 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700',
            )}
          >
            <span className="truncate">{item.name}</span>
            <span
              className={cn(
                'rounded-full px-2 text-xs',
                selectedId === item.id ? 'bg-white/20' : 'bg-slate-100 dark:bg-slate-900',
              )}
            >
              {item.count}
            </span>
          </button>
          {item.list && !item.list.isDefault ? (
            <button
              type="button"
              aria-label={`Delete watchlist ${item.name}`}
              onClick={() => s.setDeleting(item.list)}
              className="rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          ) : item.list ? (
            // The server keeps the default list; say so instead of offering a delete that fails.
            <span
              className="p-2 text-slate-300 dark:text-slate-600"
              title="The default watchlist cannot be deleted"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
