import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bookmark, Clock, Filter, RefreshCw, X } from 'lucide-react';
import {
  NEWS_CATEGORIES,
  NEWS_TONES,
  SEARCH_MIN_LENGTH,
  type NewsArticle,
  type NewsCategory,
  type NewsTone,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { storage } from '../../../lib/storage';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNewsBookmarks, useNewsList, useToggleBookmark, type NewsFilters } from '../api/news-api';
import { CATEGORY_LABELS } from '../lib/news-format';
import { ArticleDialog } from './article-dialog';
import { NewsCard } from './news-card';

/** News search: 500 ms debounce, 10 recent searches kept, 5 shown. */
const NEWS_SEARCH_DEBOUNCE_MS = 500;
const HISTORY_SAVED = 10;
const HISTORY_SHOWN = 5;

function readHistory(): string[] {
  try {
    const v: unknown = JSON.parse(storage.get('newsSearchHistory') ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function saveHistory(q: string): string[] {
  const next = [q, ...readHistory().filter((x) => x.toLowerCase() !== q.toLowerCase())].slice(
    0,
    HISTORY_SAVED,
  );
  storage.set('newsSearchHistory', JSON.stringify(next));
  return next;
}

const selectClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export function NewsScreen() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('search') ?? '');
  const [category, setCategory] = useState<'all' | NewsCategory>('all');
  const [showBookmarks, setShowBookmarks] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const [tone, setTone] = useState<NewsTone | ''>('');
  const [source, setSource] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [symbol, setSymbol] = useState('');
  const [history, setHistory] = useState<string[]>(readHistory);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [opened, setOpened] = useState<{ id: string; article?: NewsArticle } | null>(() => {
    const id = params.get('article');
    return id ? { id } : null;
  });
  const term = useDebouncedValue(text.trim(), NEWS_SEARCH_DEBOUNCE_MS);
  const stock = useDebouncedValue(symbol.trim().toUpperCase(), NEWS_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (term) p.set('search', term);
        else p.delete('search');
        return p;
      },
      { replace: true },
    );
    if (term.length >= SEARCH_MIN_LENGTH) setHistory(saveHistory(term));
  }, [term, setParams]);

  const filters: NewsFilters = useMemo(
    () => ({
      category,
      q: term.length >= SEARCH_MIN_LENGTH ? term : undefined,
      tone: tone || undefined,
      source: source || undefined,
      from: from || undefined,
      to: to || undefined,
      symbol: stock || undefined,
    }),
    [category, term, tone, source, from, to, stock],
  );
  const list = useNewsList(filters);
  const bookmarks = useNewsBookmarks(showBookmarks);
  const toggle = useToggleBookmark();
  const first = list.data?.pages[0];
  const articles = showBookmarks ? (bookmarks.data ?? []) : (list.data?.pages.flatMap((p) => p.data) ?? []);
  const activeFilters = [tone, source, from, to, stock].filter(Boolean).length;

  const onBookmark = (article: NewsArticle) => {
    toggle.mutate(article, {
      onSuccess: (r) => notify.success(r.data.isBookmarked ? 'Article bookmarked' : 'Bookmark removed'),
      onError: () => notify.error('Failed to toggle bookmark'),
    });
  };

  const refresh = async () => {
    await (showBookmarks ? bookmarks.refetch() : list.refetch());
  };

  const loading = showBookmarks ? bookmarks.isPending : list.isPending;
  const error = showBookmarks ? bookmarks.error : list.error;
  const recent = historyOpen && text.trim() === '' ? history.slice(0, HISTORY_SHOWN) : [];

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
            onClick={() => void refresh()}
            loading={(showBookmarks ? bookmarks.isRefetching : list.isRefetching) && !list.isFetchingNextPage}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
          <Button
            variant={showBookmarks ? 'primary' : 'secondary'}
            aria-pressed={showBookmarks}
            onClick={() => setShowBookmarks((v) => !v)}
            icon={<Bookmark aria-hidden="true" className="size-4" />}
          >
            Bookmarks
          </Button>
        </div>
      </div>

      {!showBookmarks ? (
        <>
          <div className="relative flex flex-wrap items-end gap-2">
            <div className="relative min-w-60 flex-1">
              <SearchInput
                id="news-search"
                label="Search news"
                placeholder="Search headlines, summaries and stocks..."
                value={text}
                onChange={(e) => setText(e.target.value)}
                onFocus={() => setHistoryOpen(true)}
                onBlur={() => setHistoryOpen(false)}
              />
              {recent.length > 0 ? (
                <ul
                  className="absolute z-10 mt-1 w-full rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
                  aria-label="Recent news searches"
                >
                  {recent.map((q) => (
                    <li key={q}>
                      <button
                        type="button"
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => setText(q)}
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
              variant={showFilters || activeFilters ? 'primary' : 'secondary'}
              aria-expanded={showFilters}
              aria-controls="news-filters"
              onClick={() => setShowFilters((v) => !v)}
              icon={<Filter aria-hidden="true" className="size-4" />}
            >
              Filter{activeFilters ? ` (${activeFilters})` : ''}
            </Button>
          </div>

          {showFilters ? (
            <div
              id="news-filters"
              className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-slate-700 dark:bg-slate-800"
            >
              <label className="text-sm text-slate-700 dark:text-slate-200">
                Source
                <select className={selectClass} value={source} onChange={(e) => setSource(e.target.value)}>
                  <option value="">All sources</option>
                  {first?.sources.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm text-slate-700 dark:text-slate-200">
                Tone
                <select
                  className={selectClass}
                  value={tone}
                  onChange={(e) => setTone(e.target.value as NewsTone | '')}
                >
                  <option value="">Any tone</option>
                  {NEWS_TONES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm text-slate-700 dark:text-slate-200">
                From
                <input
                  type="date"
                  className={selectClass}
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </label>
              <label className="text-sm text-slate-700 dark:text-slate-200">
                To
                <input
                  type="date"
                  className={selectClass}
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
              </label>
              <label className="text-sm text-slate-700 dark:text-slate-200">
                Stock
                <input
                  className={selectClass}
                  value={symbol}
                  placeholder="e.g. RELIANCE"
                  onChange={(e) => setSymbol(e.target.value)}
                />
              </label>
              {activeFilters ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-end"
                  icon={<X aria-hidden="true" className="size-4" />}
                  onClick={() => {
                    setTone('');
                    setSource('');
                    setFrom('');
                    setTo('');
                    setSymbol('');
                  }}
                >
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : null}

          <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
            {(['all', ...NEWS_CATEGORIES] as const).map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
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

      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : error ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}{' '}
          <Button variant="link" onClick={() => void refresh()}>
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
              onOpen={(article) => setOpened({ id: article.id, article })}
              onBookmark={onBookmark}
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

      <ArticleDialog
        id={opened?.id ?? null}
        initial={opened?.article}
        onClose={() => {
          setOpened(null);
          if (params.has('article'))
            setParams(
              (prev) => {
                const p = new URLSearchParams(prev);
                p.delete('article');
                return p;
              },
              { replace: true },
            );
        }}
      />
    </div>
  );
}
