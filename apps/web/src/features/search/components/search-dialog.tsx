import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { CandlestickChart, Clock, Newspaper, ReceiptText, Search, X } from 'lucide-react';
import { SEARCH_MIN_LENGTH, type NewsArticle, type Order, type SearchResult } from '@nivesh/shared';
import { useOrders } from '../../account/api/account-api';
import { useNewsSearch } from '../api/search-api';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useStockSearch } from '../../market/api/market-api';
import { NoStocksFound } from '../../market/components/no-stocks-found';
import {
  clearHistory,
  HISTORY_SHOWN,
  readHistory,
  saveSearch,
  type SearchHistoryItem,
} from '../../../lib/search-history';
import { formatDate } from '../../../lib/date-format';

/** The global search shows at most 8 stocks (and 6 news, 8 orders), a list that fits one screen. */
const RESULT_LIMIT = 8;
const ORDER_LIMIT = 8;

type Scope = 'stocks' | 'news' | 'orders';
const RESULT_LABELS: Record<Scope, string> = {
  stocks: 'Stock results',
  news: 'News results',
  orders: 'Order results',
};
const SCOPES: { scope: Scope; label: string; key: string; path: string; placeholder: string }[] = [
  {
    scope: 'stocks',
    label: 'Stocks',
    key: 'S',
    path: '/trading',
    placeholder: 'Search stocks by name or symbol...',
  },
  {
    scope: 'news',
    label: 'News',
    key: 'N',
    path: '/news',
    placeholder: 'Search news headlines and stocks...',
  },
  {
    scope: 'orders',
    label: 'Orders',
    key: 'O',
    path: '/orders',
    placeholder: 'Search your orders by symbol, name or order id...',
  },
];
const SYMBOL_PATTERN = /^([A-Z0-9&-]{1,20}|\d{6})$/;
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState<Scope>('stocks');
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState<SearchHistoryItem[]>(readHistory);
  const chartNext = useRef(false);
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const ready = trimmed.length >= SEARCH_MIN_LENGTH && debounced.length >= SEARCH_MIN_LENGTH;
  const stockSearch = useStockSearch(scope === 'stocks' ? debounced : '', RESULT_LIMIT);
  const newsSearch = useNewsSearch(debounced, scope === 'news');
  const orderSearch = useOrders({ search: debounced, limit: ORDER_LIMIT, page: 1 });
  const search = scope === 'stocks' ? stockSearch : scope === 'news' ? newsSearch : orderSearch;
  const results = ready && scope === 'stocks' ? (stockSearch.data ?? []).slice(0, RESULT_LIMIT) : [];
  const newsResults: NewsArticle[] =
    ready && scope === 'news' ? ((newsSearch.data as NewsArticle[] | undefined) ?? []) : [];
  const orderResults: Order[] =
    ready && scope === 'orders' ? (orderSearch.data?.data ?? []).slice(0, ORDER_LIMIT) : [];
  const recent = trimmed.length === 0 && scope === 'stocks' ? history.slice(0, HISTORY_SHOWN) : [];
  const scoped = results.length + newsResults.length + orderResults.length;
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

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center p-4 pt-[12vh]" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="relative w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl dark:bg-slate-800"
        data-testid="global-search"
      >
        <h2 id={`${id}-title`} className="sr-only">
          Search
        </h2>
        <form
          onSubmit={submit}
          className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700"
        >
          <Search aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label={`Search ${current.label.toLowerCase()}`}
            aria-expanded={options > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={
              options > 0 && active >= 0 ? optionId(Math.min(active, options - 1)) : undefined
            }
            autoComplete="off"
            spellCheck={false}
            placeholder={current.placeholder}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(scope === 'stocks' ? 0 : -1);
            }}
            className="min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-white dark:placeholder:text-slate-400"
          />
          {search.isFetching && ready ? <Spinner size="sm" className="text-indigo-600" /> : null}
          <kbd
            className="hidden rounded border border-slate-300 px-1.5 py-0.5 text-xs font-medium text-slate-600 sm:inline dark:border-slate-600 dark:text-slate-300"
            aria-label={isMac ? 'Command K' : 'Control K'}
            data-testid="search-shortcut"
          >
            {isMac ? '⌘' : 'Ctrl'} K
          </kbd>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close search"
            className="rounded-md p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>

        <div
          role="tablist"
          aria-label="Search scope"
          className="flex gap-1 border-b border-slate-200 px-3 dark:border-slate-700"
        >
          {SCOPES.map((t) => (
            <button
              key={t.scope}
              type="button"
              role="tab"
              aria-selected={scope === t.scope}
              aria-keyshortcuts={`Alt+${t.key}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => switchTo(t.scope)}
              className={cn(
                '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium',
                scope === t.scope
                  ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {t.label}
              <kbd className="rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-700 dark:text-slate-300">
                Alt+{t.key}
              </kbd>
            </button>
          ))}
        </div>

        {/* Focusable so the scrolled list can be reached and scrolled from the keyboard. */}
        <div
          className="max-h-[50vh] overflow-y-auto p-2"
          role="tabpanel"
          aria-label={current.label}
          tabIndex={0}
        >
          {recent.length > 0 ? (
            <div className="mb-1 flex items-center justify-between px-2 pt-1">
              <p
                className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
                id={`${id}-recent`}
              >
                Recent searches
              </p>
              <button
                type="button"
                onClick={() => {
                  clearHistory();
                  setHistory([]);
                  inputRef.current?.focus();
                }}
                className="text-xs text-indigo-700 hover:underline dark:text-indigo-300"
              >
                Clear
              </button>
            </div>
          ) : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={recent.length > 0 ? 'Recent searches' : RESULT_LABELS[scope]}
          >
            {newsResults.map((a, i) => (
              <li
                key={a.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => openNews(a)}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2',
                  i === active && 'bg-indigo-50 dark:bg-slate-700',
                )}
              >
                <Newspaper
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900 dark:text-white">{a.title}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                    {a.source} · {formatDate(a.publishedAt)}
                    {a.symbols.length ? ` · ${a.symbols.slice(0, 3).join(', ')}` : ''}
                  </span>
                </span>
              </li>
            ))}
            {orderResults.map((o, i) => (
              <li
                key={o.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => openOrder(o)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
                  i === active && 'bg-indigo-50 dark:bg-slate-700',
                )}
              >
                <ReceiptText
                  aria-hidden="true"
                  className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                    {o.type} {o.quantity} {o.symbol}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                    {o.stockName} · {o.status} · {formatDate(o.createdAt)}
                  </span>
                </span>
              </li>
            ))}
            {results.map((r, i) => (
              <li
                key={`${r.symbol}-${r.exchange}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => openStock(r)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
                  i === active && 'bg-indigo-50 dark:bg-slate-700',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900 dark:text-white">{r.symbol}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{r.name}</span>
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-300">{r.exchange}</span>
                {/* Not a button: an option may not hold another control. Keyboard users press Shift+Enter. */}
                <span
                  aria-hidden="true"
                  title="Open chart (Shift+Enter)"
                  data-testid={`search-chart-${r.symbol}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    openChart(r.symbol);
                  }}
                  className="rounded-md p-1 text-slate-600 hover:bg-white hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-600 dark:hover:text-indigo-200"
                >
                  <CandlestickChart className="size-4" />
                </span>
              </li>
            ))}
            {recent.map((item, i) => (
              <li
                key={item.query}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setQuery(item.query)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 dark:text-slate-100',
                  i === active && 'bg-indigo-50 dark:bg-slate-700',
                )}
              >
                <Clock aria-hidden="true" className="size-4 text-slate-600 dark:text-slate-300" />
                <span className="flex-1 truncate">{item.query}</span>
                <span className="text-xs text-slate-600 dark:text-slate-300">
                  {item.hasResults
                    ? `${item.resultsCount} result${item.resultsCount === 1 ? '' : 's'}`
                    : 'no results'}
                </span>
              </li>
            ))}
          </ul>
          {showNoResults && scope === 'stocks' ? <NoStocksFound query={debounced} /> : null}
          {showNoResults && scope !== 'stocks' ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-300">
              No {scope === 'news' ? 'news' : 'orders'} found for "{debounced}". Press Enter to search on the{' '}
              {current.label} page.
            </p>
          ) : null}
          {ready && search.isError ? (
            <p role="alert" className="p-3 text-sm text-red-700 dark:text-red-400">
              Search failed
            </p>
          ) : null}
          {trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-300">
              Type at least 2 characters to search.
            </p>
          ) : null}
          {trimmed.length === 0 && recent.length === 0 ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-300">
              {scope === 'stocks'
                ? 'Search NSE, BSE and US stocks by name or symbol.'
                : scope === 'news'
                  ? 'Search news headlines, summaries and stock tags.'
                  : 'Search your orders by symbol, company name or order id.'}
            </p>
          ) : null}
        </div>
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <kbd>Alt+S</kbd>/<kbd>N</kbd>/<kbd>O</kbd> tabs · <kbd>↑</kbd> <kbd>↓</kbd> to move ·{' '}
          <kbd>Enter</kbd> to open · <kbd>Shift</kbd>+<kbd>Enter</kbd> for the chart · <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>,
    document.body,
  );
}
