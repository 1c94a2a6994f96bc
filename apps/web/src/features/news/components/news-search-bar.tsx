import { Clock, Filter } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import type { NewsScreenState } from './use-news-screen';

/** Search box with its recent-searches list, and the button that shows the filters. */
export function NewsSearchBar({ s }: { s: NewsScreenState }) {
  return (
    <div className="relative flex flex-wrap items-end gap-2">
      <div className="relative min-w-60 flex-1">
        <SearchInput
          id="news-search"
          label="Search news"
          placeholder="Search headlines, summaries and stocks..."
          value={s.text}
          onChange={(e) => s.setText(e.target.value)}
          onFocus={() => s.setHistoryOpen(true)}
          onBlur={() => s.setHistoryOpen(false)}
        />
        {s.recent.length > 0 ? (
          <ul
            className="absolute z-10 mt-1 w-full rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
            aria-label="Recent news searches"
          >
            {s.recent.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => s.setText(q)}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
                >
                  <Clock aria-hidden="true" className="size-4 text-slate-500" />
                  {q}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button
        variant={s.showFilters || s.activeFilters ? 'primary' : 'secondary'}
        aria-expanded={s.showFilters}
        aria-controls="news-filters"
        onClick={() => s.setShowFilters((v) => !v)}
        icon={<Filter aria-hidden="true" className="size-4" />}
      >
        Filter{s.activeFilters ? ` (${s.activeFilters})` : ''}
      </Button>
    </div>
  );
}
