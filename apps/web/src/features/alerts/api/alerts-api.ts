import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertListResponseSchema,
  alertResponseSchema,
  messageResponseSchema,
  type CreateAlertRequest,
  type UpdateAlertRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';

export const alertKeys = { all: ['alerts'] as const };

export function useAlerts() {
  return useQuery({
    queryKey: alertKeys.all,
    queryFn: () => apiRequest('/alerts', { schema: alertListResponseSchema }),
  });
}

export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertRequest) =>
      apiRequest('/alerts', { method: 'POST', body, schema: alertResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useUpdateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAlertRequest }) =>
      apiRequest(`/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: alertResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** Keeps the alert list in step with firings pushed by the server (and after a reconnect). */
export function useLiveAlerts(onTriggered?: Parameters<typeof useRealtimeEvent<'alert-triggered'>>[1]) {
  const client = useQueryClient();
  useRealtimeEvent('alert-triggered', (event) => {
    void client.invalidateQueries({ queryKey: alertKeys.all });
    onTriggered?.(event);
  });
  useRealtimeResync(() => void client.invalidateQueries({ queryKey: alertKeys.all }));
}
