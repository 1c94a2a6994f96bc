import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gttListResponseSchema,
  gttResponseSchema,
  type CreateGttRequest,
  type GttListQuery,
  type UpdateGttRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import {
  keepPreviousInScope,
  useActivePortfolio,
  scopeOfKey,
  withPortfolio,
} from '../../../lib/active-portfolio';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';

export const gttKeys = {
  all: ['gtt'] as const,
  list: (status: GttListQuery['status'], scope: string) => ['gtt', 'list', status, scope] as const,
};

export function useGtts(status: GttListQuery['status'] = 'all') {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: gttKeys.list(status, scope),
    queryFn: () =>
      apiRequest(withPortfolio(`/gtt${status === 'all' ? '' : `?status=${status}`}`, portfolioId), {
        schema: gttListResponseSchema,
      }),
    placeholderData: keepPreviousInScope(scope),
  });
}

export function useCreateGtt() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (body: CreateGttRequest) =>
      apiRequest('/gtt', { method: 'POST', body: { ...body, portfolioId }, schema: gttResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

export function useUpdateGtt() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGttRequest }) =>
      apiRequest(`/gtt/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { ...body, portfolioId },
        schema: gttResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

export function useCancelGtt() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/gtt/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        // A write names its portfolio in the body; main is the default and needs none.
        body: portfolioId ? { portfolioId } : undefined,
        schema: gttResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

/**
 * A GTT changes on the server when it fires (it places an order and notifies) or lapses (it
 * notifies): either event, or a reconnect, refreshes the list.
 */
export function useLiveGtts() {
  const client = useQueryClient();
  const { scopeOf } = useActivePortfolio();
  const refresh = () => void client.invalidateQueries({ queryKey: gttKeys.all });
  // An order in one portfolio refreshes only that portfolio's GTT lists.
  useRealtimeEvent('order-update', ({ portfolioId }) => {
    const scope = scopeOf(portfolioId);
    void client.invalidateQueries({
      queryKey: gttKeys.all,
      predicate: (q) => !portfolioId || scopeOfKey(q.queryKey) === scope,
    });
  });
  useRealtimeEvent('notification', (n) => {
    if (n.data && typeof n.data === 'object' && 'gttId' in n.data) refresh();
  });
  useRealtimeResync(refresh);
}
