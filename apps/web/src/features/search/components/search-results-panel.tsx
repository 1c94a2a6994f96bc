import { SEARCH_MIN_LENGTH } from '@nivesh/shared';
import { NoStocksFound } from '../../market/components/no-stocks-found';
import { RESULT_LABELS } from './search-scopes';
import { NewsOptions, OrderOptions, RecentOptions, StockOptions } from './search-options';
import type { SearchDialogState } from './use-search-dialog';

/** The active scope's listbox (or the recent searches) and what is said when it is empty. */
export function SearchResultsPanel({ s }: { s: SearchDialogState }) {
  const { id, scope, recent, trimmed, debounced, showNoResults } = s;
  return (
    // Focusable so the scrolled list can be reached and scrolled from the keyboard.
    <div
      className="max-h-[50vh] overflow-y-auto p-2"
      role="tabpanel"
      aria-label={s.current.label}
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
            onClick={s.clearRecent}
            className="text-xs text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Clear
          </button>
        </div>
      ) : null}
      <ul
        id={s.listId}
        role="listbox"
        aria-label={recent.length > 0 ? 'Recent searches' : RESULT_LABELS[scope]}
      >
        <NewsOptions s={s} />
        <OrderOptions s={s} />
        <StockOptions s={s} />
        <RecentOptions s={s} />
      </ul>
      {showNoResults && scope === 'stocks' ? <NoStocksFound query={debounced} /> : null}
      {showNoResults && scope !== 'stocks' ? (
        <p className="p-3 text-sm text-slate-600 dark:text-slate-300">
          No {scope === 'news' ? 'news' : 'orders'} found for "{debounced}". Press Enter to search on the{' '}
          {s.current.label} page.
        </p>
      ) : null}
      {s.ready && s.search.isError ? (
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
  );
}
