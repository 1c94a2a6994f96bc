import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH, type NewsArticle, type Order, type SearchResult } from '@nivesh/shared';
import { clearHistory, readHistory, saveSearch, type SearchHistoryItem } from '../../../lib/search-history';
import { SCOPES, SYMBOL_PATTERN, type Scope } from './search-scopes';
import { useScopedSearch } from './use-scoped-search';

/** The search dialog's state: the query, the scope, the three searches, the active option and the keys. */
export function useSearchDialog(onClose: () => void) {
  const id = useId();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState<Scope>('stocks');
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState<SearchHistoryItem[]>(readHistory);
  const chartNext = useRef(false);
  const trimmed = query.trim();
  const found = useScopedSearch(scope, trimmed, history);
  const { ready, search, results, newsResults, orderResults, recent, scoped } = found;
  const options = scoped > 0 ? scoped : recent.length;
  const current = SCOPES.find((s) => s.scope === scope)!;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    inputRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const go = (to: string) => {
    onClose();
    void navigate(to);
  };

  const openStock = (result: SearchResult) => {
    setHistory(saveSearch(trimmed, results.length));
    go(`/stock/${encodeURIComponent(result.symbol)}`);
  };

  const openChart = (symbol: string) => {
    setHistory(saveSearch(trimmed, results.length));
    go(`/charts?symbol=${encodeURIComponent(symbol)}`);
  };

  const openNews = (article: NewsArticle) =>
    go(`/news?search=${encodeURIComponent(trimmed)}&article=${encodeURIComponent(article.id)}`);
  const openOrder = (order: Order) => go(`/orders?search=${encodeURIComponent(order.id)}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scope !== 'stocks') {
      // An arrowed-to result opens itself; Enter otherwise takes the words to the scope's page.
      if (active >= 0 && newsResults[active]) return openNews(newsResults[active]);
      if (active >= 0 && orderResults[active]) return openOrder(orderResults[active]);
      if (trimmed.length >= SEARCH_MIN_LENGTH) go(`${current.path}?search=${encodeURIComponent(trimmed)}`);
      return;
    }
    const picked = results[active];
    if (picked) return chartNext.current ? openChart(picked.symbol) : openStock(picked);
    const item = recent[active];
    if (item) return setQuery(item.query);
    // Nothing listed yet (still typing or no match): a symbol-shaped query opens its chart.
    const upper = trimmed.toUpperCase();
    if (trimmed.length >= SEARCH_MIN_LENGTH && SYMBOL_PATTERN.test(upper)) return openChart(upper);
    if (trimmed.length >= SEARCH_MIN_LENGTH) go(`/trading?search=${encodeURIComponent(trimmed)}`);
  };

  const switchTo = (next: Scope) => {
    setScope(next);
    // On News and Orders nothing is picked until an arrow key says so.
    setActive(next === 'stocks' ? 0 : -1);
    inputRef.current?.focus();
  };

  const changeQuery = (value: string) => {
    setQuery(value);
    setActive(scope === 'stocks' ? 0 : -1);
  };

  const clearRecent = () => {
    clearHistory();
    setHistory([]);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Shift+Enter opens the active result's chart (the keyboard way to the chart icon).
    chartNext.current = event.key === 'Enter' && event.shiftKey;
    const tab = SCOPES.find((s) => s.key === event.key.toUpperCase() || event.code === `Key${s.key}`);
    if (tab && event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      switchTo(tab.scope);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (options === 0 ? 0 : (i + 1) % options));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options === 0 ? 0 : (Math.max(i, 0) - 1 + options) % options));
    } else if (event.key === 'Tab') {
      // Focus stays on the field: the dialog is driven from the keyboard by arrows and Enter.
      event.preventDefault();
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const showNoResults = ready && !search.isFetching && search.isSuccess && scoped === 0;

  return {
    ...found,
    id,
    inputRef,
    query,
    setQuery,
    scope,
    active,
    setActive,
    trimmed,
    options,
    current,
    listId,
    optionId,
    showNoResults,
    openStock,
    openChart,
    openNews,
    openOrder,
    submit,
    switchTo,
    changeQuery,
    clearRecent,
    onKeyDown,
  };
}

export type SearchDialogState = ReturnType<typeof useSearchDialog>;
