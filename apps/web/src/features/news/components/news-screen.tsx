import { Bookmark, RefreshCw } from 'lucide-react';
import { NEWS_CATEGORIES } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { CATEGORY_LABELS } from '../lib/news-format';
import { ArticleDialog } from './article-dialog';
import { NewsFiltersPanel } from './news-filters-panel';
import { NewsResults } from './news-results';
import { NewsSearchBar } from './news-search-bar';
import { useNewsScreen } from './use-news-screen';

export function NewsScreen() {
  const s = useNewsScreen();
  const { showBookmarks, bookmarks, list, category, first } = s;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Market News</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Headlines tagged with the stocks they name. Tone is read from the words used; it is not a trading
            signal.
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => void s.refresh()}
            loading={(showBookmarks ? bookmarks.isRefetching : list.isRefetching) && !list.isFetchingNextPage}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
          <Button
            variant={showBookmarks ? 'primary' : 'secondary'}
            aria-pressed={showBookmarks}
            onClick={() => s.setShowBookmarks((v) => !v)}
            icon={<Bookmark aria-hidden="true" className="size-4" />}
          >
            Bookmarks
          </Button>
        </div>
      </div>

      {!showBookmarks ? (
        <>
          <NewsSearchBar s={s} />

          {s.showFilters ? <NewsFiltersPanel s={s} /> : null}

          <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
            {(['all', ...NEWS_CATEGORIES] as const).map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => s.setCategory(c)}
                className={cn(
                  'rounded-full px-3 py-1.5 text-sm font-medium',
                  category === c
                    ? 'bg-indigo-600 text-white'
                    : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600',
                )}
              >
                {CATEGORY_LABELS[c]}
                {first ? <span className="ml-1 opacity-80">({first.counts[c]})</span> : null}
              </button>
            ))}
          </div>
        </>
      ) : (
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your bookmarks</h2>
      )}

      <NewsResults s={s} />

      <ArticleDialog id={s.opened?.id ?? null} initial={s.opened?.article} onClose={s.closeArticle} />
    </div>
  );
}
