import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { CandlestickChart, Clock, Search, X } from 'lucide-react';
import { SEARCH_MIN_LENGTH, type SearchResult } from '@nivesh/shared';
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

/** Spec §9: the global search shows at most 8 stocks. */
const RESULT_LIMIT = 8;
const OPEN_EVENT = 'nivesh:open-search';
const SYMBOL_PATTERN = /^([A-Z0-9&-]{1,20}|\d{6})$/;

/** Lets a header button (or anything else) open the modal without sharing state. */
export function openGlobalSearch(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

function isTextEntry(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
    el.type,
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The app-wide search dialog (assistant spec, "Global search modal"): Ctrl/Cmd+K opens it unless
 * the user is typing in another field, Escape closes it. Only the Stocks tab exists until the News
 * and Orders screens do.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        !(event.ctrlKey || event.metaKey) ||
        event.key.toLowerCase() !== 'k' ||
        event.altKey ||
        event.shiftKey
      )
        return;
      if (isTextEntry(document.activeElement)) return;
      event.preventDefault();
      setOpen(true);
    };
    const onOpen = () => setOpen(true);
    document.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);

  return open ? <SearchDialog onClose={() => setOpen(false)} /> : null;
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState<SearchHistoryItem[]>(readHistory);
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useStockSearch(debounced, RESULT_LIMIT);
  const ready = trimmed.length >= SEARCH_MIN_LENGTH && debounced.length >= SEARCH_MIN_LENGTH;
  const results = ready ? (search.data ?? []).slice(0, RESULT_LIMIT) : [];
  const recent = trimmed.length === 0 ? history.slice(0, HISTORY_SHOWN) : [];
  const options = results.length > 0 ? results.length : recent.length;

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = results[active];
    if (picked) return openStock(picked);
    const item = recent[active];
    if (item) return setQuery(item.query);
    // Nothing listed yet (still typing or no match): a symbol-shaped query opens its chart.
    const upper = trimmed.toUpperCase();
    if (trimmed.length >= SEARCH_MIN_LENGTH && SYMBOL_PATTERN.test(upper)) openChart(upper);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (options === 0 ? 0 : (i + 1) % options));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options === 0 ? 0 : (i - 1 + options) % options));
    } else if (event.key === 'Tab') {
      // Focus stays on the field: the dialog is driven from the keyboard by arrows and Enter.
      event.preventDefault();
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const showNoResults = ready && !search.isFetching && search.isSuccess && results.length === 0;

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
            aria-label="Search stocks"
            aria-expanded={options > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options > 0 ? optionId(Math.min(active, options - 1)) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search stocks by name or symbol..."
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
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
          <button
            type="button"
            role="tab"
            aria-selected="true"
            className="-mb-px flex items-center gap-2 border-b-2 border-indigo-600 px-3 py-2 text-sm font-medium text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
          >
            Stocks
            <kbd className="rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-700 dark:text-slate-300">
              S
            </kbd>
          </button>
        </div>

        <div className="max-h-[50vh] overflow-y-auto p-2" role="tabpanel" aria-label="Stocks">
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
          <ul id={listId} role="listbox" aria-label={recent.length > 0 ? 'Recent searches' : 'Stock results'}>
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
                <span className="text-xs text-slate-500 dark:text-slate-400">{r.exchange}</span>
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={`Open ${r.symbol} chart`}
                  title="Open chart"
                  onClick={(e) => {
                    e.stopPropagation();
                    openChart(r.symbol);
                  }}
                  className="rounded-md p-1 text-slate-500 hover:bg-white hover:text-indigo-700 dark:text-slate-400 dark:hover:bg-slate-600 dark:hover:text-indigo-300"
                >
                  <CandlestickChart aria-hidden="true" className="size-4" />
                </button>
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
                <Clock aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                <span className="flex-1 truncate">{item.query}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {item.hasResults
                    ? `${item.resultsCount} result${item.resultsCount === 1 ? '' : 's'}`
                    : 'no results'}
                </span>
              </li>
            ))}
          </ul>
          {showNoResults ? <NoStocksFound query={debounced} /> : null}
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
              Search NSE, BSE and US stocks by name or symbol.
            </p>
          ) : null}
        </div>
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>,
    document.body,
  );
}
