import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  newsArticleResponseSchema,
  newsArticlesResponseSchema,
  newsBookmarkResponseSchema,
  newsListResponseSchema,
  NEWS_PAGE_SIZE,
  type NewsArticle,
  type NewsListQuery,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export const newsKeys = {
  all: ['news'] as const,
  list: (filters: NewsFilters) => ['news', 'list', filters] as const,
  bookmarks: () => ['news', 'bookmarks'] as const,
  stock: (symbol: string, limit: number) => ['news', 'stock', symbol, limit] as const,
  latest: (limit: number) => ['news', 'latest', limit] as const,
  article: (id: string) => ['news', 'article', id] as const,
};

export type NewsFilters = Partial<
  Pick<NewsListQuery, 'category' | 'q' | 'tone' | 'source' | 'symbol' | 'from' | 'to'>
>;

function queryString(filters: NewsFilters, page: number, limit: number): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filters))
    if (v !== undefined && v !== '' && v !== 'all') p.set(k, String(v));
  p.set('page', String(page));
  p.set('limit', String(limit));
  return `?${p.toString()}`;
}

/** Pages of the filtered list; Load More asks the server for the next page. */
export function useNewsList(filters: NewsFilters) {
  return useInfiniteQuery({
    queryKey: newsKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/news${queryString(filters, pageParam, NEWS_PAGE_SIZE)}`, {
        schema: newsListResponseSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNewsBookmarks(enabled = true) {
  return useQuery({
    queryKey: newsKeys.bookmarks(),
    queryFn: ({ signal }) =>
      apiRequest('/news/bookmarks?limit=50', { schema: newsArticlesResponseSchema, signal }).then(
        (r) => r.data,
      ),
    enabled,
  });
}

export function useStockNews(symbol: string, limit = 5) {
  return useQuery({
    queryKey: newsKeys.stock(symbol, limit),
    queryFn: ({ signal }) =>
      apiRequest(`/news/stock/${encodeURIComponent(symbol)}?limit=${limit}`, {
        schema: newsArticlesResponseSchema,
        signal,
      }).then((r) => r.data),
    staleTime: 60_000,
  });
}

export function useLatestNews(limit = 3) {
  return useQuery({
    queryKey: newsKeys.latest(limit),
    queryFn: ({ signal }) =>
      apiRequest(`/news?limit=${limit}`, { schema: newsListResponseSchema, signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Opening an article in the app counts a read on the server. */
export function useNewsArticle(id: string | null) {
  return useQuery({
    queryKey: newsKeys.article(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/news/${encodeURIComponent(id!)}`, { schema: newsArticleResponseSchema, signal }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/** The server's answer is the truth: the card flips only after the toggle was stored. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (article: Pick<NewsArticle, 'id'>) =>
      apiRequest(`/news/${encodeURIComponent(article.id)}/bookmark`, {
        method: 'POST',
        schema: newsBookmarkResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
