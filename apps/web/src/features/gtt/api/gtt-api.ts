import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gttListResponseSchema,
  gttResponseSchema,
  type CreateGttRequest,
  type GttListQuery,
  type UpdateGttRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';

export const gttKeys = {
  all: ['gtt'] as const,
  list: (status: GttListQuery['status']) => ['gtt', 'list', status] as const,
};

export function useGtts(status: GttListQuery['status'] = 'all') {
  return useQuery({
    queryKey: gttKeys.list(status),
    queryFn: () =>
      apiRequest(`/gtt${status === 'all' ? '' : `?status=${status}`}`, { schema: gttListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateGtt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGttRequest) =>
      apiRequest('/gtt', { method: 'POST', body, schema: gttResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

export function useUpdateGtt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGttRequest }) =>
      apiRequest(`/gtt/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: gttResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

export function useCancelGtt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/gtt/${encodeURIComponent(id)}`, { method: 'DELETE', schema: gttResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: gttKeys.all }),
  });
}

/**
 * A GTT changes on the server when it fires (it places an order and notifies) or lapses (it
 * notifies): either event, or a reconnect, refreshes the list.
 */
export function useLiveGtts() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: gttKeys.all });
  useRealtimeEvent('order-update', refresh);
  useRealtimeEvent('notification', (n) => {
    if (n.data && typeof n.data === 'object' && 'gttId' in n.data) refresh();
  });
  useRealtimeResync(refresh);
}
