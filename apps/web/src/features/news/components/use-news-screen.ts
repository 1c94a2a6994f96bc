import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MIN_LENGTH, type NewsArticle, type NewsCategory, type NewsTone } from '@nivesh/shared';
import { notify } from '../../../lib/notify';
import { storage } from '../../../lib/storage';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNewsBookmarks, useNewsList, useToggleBookmark, type NewsFilters } from '../api/news-api';

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

/** State of the news screen: search text and history, filters, lists, bookmark toggling, opened article. */
export function useNewsScreen() {
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

  const clearFilters = () => {
    setTone('');
    setSource('');
    setFrom('');
    setTo('');
    setSymbol('');
  };

  const closeArticle = () => {
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
  };

  const loading = showBookmarks ? bookmarks.isPending : list.isPending;
  const error = showBookmarks ? bookmarks.error : list.error;
  const recent = historyOpen && text.trim() === '' ? history.slice(0, HISTORY_SHOWN) : [];

  return {
    text,
    setText,
    category,
    setCategory,
    showBookmarks,
    setShowBookmarks,
    showFilters,
    setShowFilters,
    tone,
    setTone,
    source,
    setSource,
    from,
    setFrom,
    to,
    setTo,
    symbol,
    setSymbol,
    setHistoryOpen,
    opened,
    setOpened,
    list,
    bookmarks,
    toggle,
    first,
    articles,
    activeFilters,
    onBookmark,
    refresh,
    clearFilters,
    closeArticle,
    loading,
    error,
    recent,
  };
}

export type NewsScreenState = ReturnType<typeof useNewsScreen>;
