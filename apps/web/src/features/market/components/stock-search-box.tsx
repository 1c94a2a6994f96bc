import { useId, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { SEARCH_MIN_LENGTH, type SearchResult } from '@nivesh/shared';
import { inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useStockSearch } from '../api/market-api';
import { NoStocksFound } from './no-stocks-found';

export interface StockSearchBoxProps {
  label: string;
  placeholder?: string;
  onSelect: (result: SearchResult) => void;
  /** Shown on each option, e.g. "Add" on the watchlist screen. */
  actionLabel?: string;
  limit?: number;
}

/** A combobox over /stocks/search: debounced 300 ms, asks nothing below 2 characters. */
export function StockSearchBox({
  label,
  placeholder = 'Search stocks...',
  onSelect,
  actionLabel,
  limit = 8,
}: StockSearchBoxProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useStockSearch(debounced, limit);
  const ready = debounced.length >= SEARCH_MIN_LENGTH && query.trim().length >= SEARCH_MIN_LENGTH;
  const results = ready ? (search.data ?? []) : [];
  const showPanel = open && ready;

  const choose = (result: SearchResult) => {
    onSelect(result);
    setQuery('');
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      const result = results[active];
      if (result) choose(result);
    } else if (event.key === 'Escape') {
      if (!showPanel) return;
      event.stopPropagation();
      setOpen(false);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-2.5 size-4 text-slate-500 dark:text-slate-400"
      />
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={showPanel}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && results[active] ? `${id}-opt-${active}` : undefined}
        placeholder={placeholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(inputClass, 'pl-9')}
      />
      {showPanel ? (
        <div className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800">
          {search.isFetching && results.length === 0 ? (
            <p
              role="status"
              className="flex items-center gap-2 p-3 text-sm text-slate-600 dark:text-slate-300"
            >
              <Spinner size="sm" /> Searching...
            </p>
          ) : search.isError ? (
            <p role="alert" className="p-3 text-sm text-red-700 dark:text-red-400">
              Search failed
            </p>
          ) : results.length === 0 && !search.isFetching ? (
            <NoStocksFound query={debounced} compact />
          ) : null}
          <ul id={`${id}-list`} role="listbox" aria-label={`${label} results`}>
            {results.map((r, i) => (
              <li
                key={`${r.symbol}-${r.exchange}`}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(r);
                }}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
                  i === active ? 'bg-indigo-50 dark:bg-slate-700' : '',
                )}
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900 dark:text-white">{r.symbol}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{r.name}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                  {r.exchange}
                  {actionLabel ? (
                    <span className="rounded bg-indigo-600 px-2 py-0.5 font-medium text-white">
                      {actionLabel}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
