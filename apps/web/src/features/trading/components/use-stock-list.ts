import { useState, type MouseEvent } from 'react';
import { SEARCH_MIN_LENGTH } from '@nivesh/shared';
import { readHistory, saveSearch, type SearchHistoryItem } from '../../../lib/search-history';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useMovers, useQuotes, useStockSearch } from '../../market/api/market-api';
import { useLiveQuotes } from '../../market/api/use-live-quotes';

import { POPULAR_LIMIT, TRADING_SEARCH_LIMIT, type Row } from './stock-list';

/** The stock list's state: the search or the most active stocks, their live quotes, the history and the menu. */
export function useStockList(search: string, onSelect: (symbol: string, chosen?: boolean) => void) {
  const [history, setHistory] = useState<SearchHistoryItem[]>(() => readHistory());
  const [menu, setMenu] = useState<{ row: Row; at: { x: number; y: number } } | null>(null);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= SEARCH_MIN_LENGTH && search.trim().length >= SEARCH_MIN_LENGTH;

  const movers = useMovers('active', POPULAR_LIMIT, !searching);
  const results = useStockSearch(searching ? debounced : '', TRADING_SEARCH_LIMIT);
  const found = searching ? (results.data ?? []).filter((r) => r.type === 'EQUITY') : [];
  const resultQuotes = useQuotes(found.map((r) => r.symbol));
  const quoteBy = new Map(
    (searching ? (resultQuotes.data ?? []) : (movers.data ?? [])).map((q) => [q.symbol, q]),
  );
  const rows: Row[] = searching
    ? found.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        exchange: r.exchange,
        currency: r.currency,
        quote: quoteBy.get(r.symbol),
      }))
    : (movers.data ?? []).map((q) => ({
        symbol: q.symbol,
        name: q.name,
        exchange: q.exchange,
        currency: q.currency,
        quote: q,
      }));
  const live = useLiveQuotes(rows.map((r) => r.symbol));

  const source = searching ? results : movers;
  const pending = source.isPending && source.fetchStatus !== 'idle';

  const choose = (row: Row) => {
    if (searching) setHistory(saveSearch(debounced, found.length));
    onSelect(row.symbol, true);
  };

  const openMenu = (row: Row, event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    // A keyboard-opened menu (Shift+F10, the menu key, the ⋮ button) has no pointer position.
    const at =
      event.clientX || event.clientY
        ? { x: event.clientX, y: event.clientY }
        : { x: rect.right - 224, y: rect.bottom };
    onSelect(row.symbol);
    setMenu({ row, at });
  };

  return {
    source,
    history,
    setHistory,
    menu,
    setMenu,
    debounced,
    searching,
    found,
    rows,
    live,
    pending,
    results,
    movers,
    choose,
    openMenu,
  };
}
