import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWatchlistRequestSchema,
  messageResponseSchema,
  watchlistListResponseSchema,
  watchlistResponseSchema,
  type Watchlist,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export const watchlistKeys = { all: ['watchlists'] as const };

export function useWatchlists() {
  return useQuery({
    queryKey: watchlistKeys.all,
    queryFn: () => apiRequest('/watchlist', { schema: watchlistListResponseSchema }).then((r) => r.data),
  });
}

/** Puts a server-returned list into the cache so the screen updates without a refetch. */
function useReplaceInCache() {
  const client = useQueryClient();
  return (list: Watchlist) =>
    client.setQueryData<Watchlist[]>(watchlistKeys.all, (prev) =>
      prev ? prev.map((w) => (w.id === list.id ? list : w)) : prev,
    );
}

export function useCreateWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('/watchlist/create', {
        method: 'POST',
        body: createWatchlistRequestSchema.parse({ name }),
        schema: watchlistResponseSchema,
      }),
    onSuccess: (res) =>
      client.setQueryData<Watchlist[]>(watchlistKeys.all, (prev) =>
        prev ? [...prev, res.data] : [res.data],
      ),
    onSettled: () => client.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}

export function useDeleteWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/watchlist/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: (_res, id) =>
      client.setQueryData<Watchlist[]>(watchlistKeys.all, (prev) => prev?.filter((w) => w.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}

export function useAddToWatchlist() {
  const replace = useReplaceInCache();
  return useMutation({
    mutationFn: ({ symbol, watchlistId }: { symbol: string; watchlistId: string }) =>
      apiRequest('/watchlist/add', {
        method: 'POST',
        body: { symbol, watchlistId },
        schema: watchlistResponseSchema,
      }),
    onSuccess: (res) => replace(res.data),
  });
}

export function useRemoveFromWatchlist() {
  const replace = useReplaceInCache();
  return useMutation({
    mutationFn: ({ symbol, watchlistId }: { symbol: string; watchlistId: string }) =>
      apiRequest(`/watchlist/remove/${encodeURIComponent(symbol)}/${encodeURIComponent(watchlistId)}`, {
        method: 'DELETE',
        schema: watchlistResponseSchema,
      }),
    onSuccess: (res) => replace(res.data),
  });
}
