import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { SORTS, type SortKey, type WatchlistScreenState } from './use-watchlist-screen';
import { WatchlistTable } from './watchlist-table';

/** The right column: the chosen list's stocks with their filter and sort. */
export function WatchlistStocksCard({
  s,
  rowAction,
}: {
  s: WatchlistScreenState;
  rowAction: ((stock: { symbol: string; name: string }) => ReactNode) | undefined;
}) {
  const { selected, shown, needle, quotes } = s;
  return (
    <Card className="min-w-0 p-4">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-lg font-semibold text-slate-900 dark:text-white">
          {selected ? selected.name : 'All Watchlists'}
        </h2>
        <label className="sr-only" htmlFor="watchlist-filter">
          Search stocks in watchlist
        </label>
        <Input
          id="watchlist-filter"
          type="search"
          placeholder="Search stocks in watchlist..."
          value={s.filter}
          onChange={(e) => s.setFilter(e.target.value)}
          className="w-full sm:w-64"
        />
        <label className="sr-only" htmlFor="watchlist-sort">
          Sort by
        </label>
        <select
          id="watchlist-sort"
          value={s.sort}
          onChange={(e) => s.setSort(e.target.value as SortKey)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>

      {shown.length === 0 ? (
        <div className="py-10 text-center" data-testid="watchlist-empty">
          <p className="font-medium text-slate-800 dark:text-slate-100">No stocks found</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {needle
              ? 'No stocks in this view match your search.'
              : 'Search for a stock on the left to add it.'}
          </p>
        </div>
      ) : (
        <WatchlistTable rows={shown} rowAction={rowAction} onRemove={(row) => void s.removeRow(row)} />
      )}
      {quotes.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {quotes.error instanceof ApiError ? quotes.error.message : 'Failed to fetch batch quotes'}
        </p>
      ) : null}
    </Card>
  );
}
