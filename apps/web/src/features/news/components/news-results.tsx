import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { NewsCard } from './news-card';
import type { NewsScreenState } from './use-news-screen';

/** The article grid with its loading, error and empty states, and the paging below it. */
export function NewsResults({ s }: { s: NewsScreenState }) {
  const { showBookmarks, list, first, articles, error, toggle } = s;
  return (
    <>
      {s.loading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : error ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}{' '}
          <Button variant="link" onClick={() => void s.refresh()}>
            Try again
          </Button>
        </div>
      ) : articles.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {showBookmarks
            ? 'No bookmarks yet. Save an article with its bookmark button.'
            : 'No articles match these filters.'}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="news-grid">
          {articles.map((a) => (
            <NewsCard
              key={a.id}
              article={a}
              onOpen={(article) => s.setOpened({ id: article.id, article })}
              onBookmark={s.onBookmark}
              bookmarking={toggle.isPending && toggle.variables?.id === a.id}
            />
          ))}
        </div>
      )}

      {!showBookmarks && list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Load More Articles
          </Button>
        </div>
      ) : null}
      {!showBookmarks && first ? (
        <p className="text-center text-xs text-slate-600 dark:text-slate-400">
          Showing {articles.length} of {first.pagination.total}
        </p>
      ) : null}
    </>
  );
}
