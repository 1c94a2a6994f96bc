import { useMemo, useState } from 'react';
import {
  MAX_WATCHLIST_ITEMS,
  WATCHLIST_ITEMS_LIMIT_MESSAGE,
  type Quote,
  type Watchlist,
} from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useQuotes } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import {
  useAddToWatchlist,
  useDeleteWatchlist,
  useRemoveFromWatchlist,
  useWatchlists,
} from '../api/watchlist-api';

export const ALL = 'all';
export type SortKey = 'symbol' | 'price' | 'changePercent';
export const SORTS: Array<{ key: SortKey; label: string }> = [
  { key: 'symbol', label: 'Symbol (A–Z)' },
  { key: 'price', label: 'Price (high to low)' },
  { key: 'changePercent', label: 'Change % (high to low)' },
];

export interface Row {
  symbol: string;
  name: string;
  sector: string;
  lists: Watchlist[];
  quote: Quote | undefined;
}

/** The watchlist page's state: the lists, the chosen one, its live rows (filtered, sorted) and the edits. */
export function useWatchlistScreen() {
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

  return {
    lists,
    del,
    all,
    selectedId,
    selected,
    rows,
    quotes,
    gainers,
    losers,
    needle,
    shown,
    filter,
    setFilter,
    sort,
    setSort,
    setChosen,
    creating,
    setCreating,
    deleting,
    setDeleting,
    addSymbol,
    removeRow,
    confirmDelete,
  };
}

export type WatchlistScreenState = ReturnType<typeof useWatchlistScreen>;
