import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListPlus, Plus, Star, Trash2, TrendingDown, TrendingUp, X } from 'lucide-react';
import {
  MAX_WATCHLIST_ITEMS,
  MAX_WATCHLISTS_PER_USER,
  WATCHLIST_ITEMS_LIMIT_MESSAGE,
  WATCHLISTS_LIMIT_MESSAGE,
  type Quote,
  type SearchResult,
  type Watchlist,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useQuotes } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { PriceChange } from '../../market/components/price-change';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { formatCompact, formatPrice } from '../../../lib/money-format';
import {
  useAddToWatchlist,
  useDeleteWatchlist,
  useRemoveFromWatchlist,
  useWatchlists,
} from '../api/watchlist-api';
import { CreateWatchlistModal } from './create-watchlist-modal';
import { DeleteWatchlistModal } from './delete-watchlist-modal';
import { PopularStocks } from './popular-stocks';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

export const ALL = 'all';
type SortKey = 'symbol' | 'price' | 'changePercent';
const SORTS: Array<{ key: SortKey; label: string }> = [
  { key: 'symbol', label: 'Symbol (A–Z)' },
  { key: 'price', label: 'Price (high to low)' },
  { key: 'changePercent', label: 'Change % (high to low)' },
];

interface Row {
  symbol: string;
  name: string;
  sector: string;
  lists: Watchlist[];
  quote: Quote | undefined;
}

export interface WatchlistScreenProps {
  /** Extra per-row controls composed in by the route (the alerts feature's "Set alert"). */
  rowAction?: (stock: { symbol: string; name: string }) => ReactNode;
}

export function WatchlistScreen({ rowAction }: WatchlistScreenProps = {}) {
  const navigate = useNavigate();
  const lists = useWatchlists();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const del = useDeleteWatchlist();
  // null = not chosen yet: the first list with stocks is shown; after a delete the view returns to 'all'.
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Watchlist | null>(null);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortKey>('symbol');

  const all = useMemo(() => lists.data ?? [], [lists.data]);
  // Opens on the first list that has stocks, so an empty default list does not hide the ones that are filled.
  const selectedId = chosen ?? (all.find((w) => w.stocks.length > 0) ?? all[0])?.id ?? ALL;
  const selected = all.find((w) => w.id === selectedId) ?? null;
  const baseRows = useMemo(() => {
    const visibleLists = selected ? [selected] : all;
    const bySymbol = new Map<string, Omit<Row, 'quote'>>();
    for (const list of visibleLists) {
      for (const s of list.stocks) {
        const row = bySymbol.get(s.symbol) ?? { symbol: s.symbol, name: s.name, sector: s.sector, lists: [] };
        row.lists.push(list);
        bySymbol.set(s.symbol, row);
      }
    }
    return [...bySymbol.values()];
  }, [selected, all]);

  const symbols = baseRows.map((r) => r.symbol);
  const quotes = useQuotes(symbols);
  const live = useLiveQuotes(symbols);
  const quoteBy = new Map((quotes.data ?? []).map((q) => [q.symbol, withLive(q, live[q.symbol])]));
  const rows: Row[] = baseRows.map((r) => ({ ...r, quote: quoteBy.get(r.symbol) }));

  const gainers = rows.filter((r) => (r.quote?.change ?? 0) > 0).length;
  const losers = rows.filter((r) => (r.quote?.change ?? 0) < 0).length;

  const needle = filter.trim().toLowerCase();
  const shown = rows
    .filter(
      (r) => !needle || r.symbol.toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle),
    )
    .sort((a, b) => {
      if (sort === 'symbol') return a.symbol.localeCompare(b.symbol);
      const av = a.quote?.[sort] ?? Number.NEGATIVE_INFINITY;
      const bv = b.quote?.[sort] ?? Number.NEGATIVE_INFINITY;
      return bv - av;
    });

  const addSymbol = async (symbol: string) => {
    if (!selected) {
      notify.warning('Please select a specific watchlist to add stocks to.');
      return;
    }
    if (selected.stocks.length >= MAX_WATCHLIST_ITEMS) {
      notify.error(WATCHLIST_ITEMS_LIMIT_MESSAGE);
      return;
    }
    if (selected.stocks.some((s) => s.symbol === symbol)) {
      notify.error(`${symbol} is already in this watchlist.`);
      return;
    }
    try {
      const res = await add.mutateAsync({ symbol, watchlistId: selected.id });
      notify.success(res.message || `Added ${symbol} to watchlist`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to add stock'));
    }
  };

  const removeRow = async (row: Row) => {
    try {
      for (const list of row.lists) await remove.mutateAsync({ symbol: row.symbol, watchlistId: list.id });
      notify.success(`Removed ${row.symbol} from watchlist`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to remove stock'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const res = await del.mutateAsync(deleting.id);
      notify.success(res.message || 'Watchlist deleted successfully.');
      setChosen(ALL);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete watchlist'));
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">My Watchlists</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Track and manage your favorite stocks</p>
          <SimulatedBadge className="mt-2" />
        </div>
        <Button
          onClick={() => setCreating(true)}
          disabled={all.length >= MAX_WATCHLISTS_PER_USER}
          title={all.length >= MAX_WATCHLISTS_PER_USER ? WATCHLISTS_LIMIT_MESSAGE : undefined}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          New Watchlist
        </Button>
      </div>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Stocks"
          value={rows.length}
          icon={<Star aria-hidden="true" className="size-5" />}
          testId="stat-total-stocks"
        />
        <StatCard
          label="Gainers"
          value={gainers}
          icon={<TrendingUp aria-hidden="true" className="size-5" />}
          testId="stat-gainers"
        />
        <StatCard
          label="Losers"
          value={losers}
          icon={<TrendingDown aria-hidden="true" className="size-5" />}
          testId="stat-losers"
        />
        <StatCard
          label="Watchlists"
          value={all.length}
          icon={<ListPlus aria-hidden="true" className="size-5" />}
          testId="stat-watchlists"
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[280px_minmax(0,1fr)]">
        <Card className="space-y-4 p-4">
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Add stocks</h2>
            <StockSearchBox
              label="Search stocks to add"
              placeholder="Search stocks to add..."
              actionLabel="Add"
              onSelect={(r: SearchResult) => void addSymbol(r.symbol)}
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
                      onClick={() => setChosen(item.id)}
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
                        onClick={() => setDeleting(item.list)}
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
            )}
          </nav>
        </Card>

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
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="w-full sm:w-64"
            />
            <label className="sr-only" htmlFor="watchlist-sort">
              Sort by
            </label>
            <select
              id="watchlist-sort"
              value={sort}
              onChange={(e) => setSort(e.target.value as SortKey)}
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
            <ScrollRegion label="Watchlist stocks">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
                    <th scope="col" className="py-2 pr-3">
                      Stock
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Price
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Change
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Volume
                    </th>
                    <th scope="col" className="py-2 pl-3 text-right">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <tr
                      key={row.symbol}
                      data-testid={`watchlist-row-${row.symbol}`}
                      onClick={() => void navigate(`/stock/${encodeURIComponent(row.symbol)}`)}
                      className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700/60 dark:hover:bg-slate-700/40"
                    >
                      <td className="py-2.5 pr-3">
                        <Link
                          to={`/stock/${encodeURIComponent(row.symbol)}`}
                          className="font-semibold text-slate-900 hover:underline dark:text-white"
                          onClick={(e) => e.stopPropagation()}
                        >
                          {row.symbol}
                        </Link>
                        {row.quote ? <ViewOnlyBadge instrument={row.quote} className="ml-2" /> : null}
                        <p className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-300">
                          {row.name}
                        </p>
                      </td>
                      <td className="px-3 py-2.5 text-right font-medium tabular-nums text-slate-900 dark:text-white">
                        {row.quote ? formatPrice(row.quote.price, row.quote.currency) : '—'}
                      </td>
                      <td className="px-3 py-2.5 text-right">
                        {row.quote ? (
                          <PriceChange
                            change={row.quote.change}
                            percent={row.quote.changePercent}
                            className="justify-end text-xs"
                          />
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="px-3 py-2.5 text-right tabular-nums text-slate-700 dark:text-slate-200">
                        {row.quote ? formatCompact(row.quote.volume) : '—'}
                      </td>
                      <td className="py-2.5 pl-3 text-right whitespace-nowrap">
                        {rowAction ? rowAction({ symbol: row.symbol, name: row.name }) : null}
                        <button
                          type="button"
                          aria-label={`Remove ${row.symbol} from watchlist`}
                          onClick={(e) => {
                            e.stopPropagation();
                            void removeRow(row);
                          }}
                          className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
                        >
                          <X aria-hidden="true" className="size-4" />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {quotes.isError ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
              {quotes.error instanceof ApiError ? quotes.error.message : 'Failed to fetch batch quotes'}
            </p>
          ) : null}
        </Card>
      </div>

      <PopularStocks
        watchlistSymbols={[...new Set(all.flatMap((w) => w.stocks.map((s) => s.symbol)))]}
        onAdd={(symbol) => void addSymbol(symbol)}
      />

      <CreateWatchlistModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(list) => setChosen(list.id)}
      />
      <DeleteWatchlistModal
        name={deleting?.name ?? null}
        busy={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
