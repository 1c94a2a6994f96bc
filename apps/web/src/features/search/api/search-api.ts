import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { newsArticlesResponseSchema, NEWS_SEARCH_LIMIT, SEARCH_MIN_LENGTH } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

/** The dialog's News tab: the server's full-text search, best matches first. */
export function useNewsSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: ['news', 'search', q, NEWS_SEARCH_LIMIT],
    queryFn: ({ signal }) =>
      apiRequest(`/news/search?q=${encodeURIComponent(q)}&limit=${NEWS_SEARCH_LIMIT}`, {
        schema: newsArticlesResponseSchema,
        signal,
      }).then((r) => r.data),
    enabled: enabled && q.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
