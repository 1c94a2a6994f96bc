import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  messageResponseSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  plural,
  readAllResponseSchema,
  unreadCountResponseSchema,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import {
  NotificationCache,
  flattenPages,
  nextPageParam,
  normaliseFilters,
  notificationKeys,
  type NotificationFilters,
} from './notifications-cache';

function listPath(filters: NotificationFilters, page: number): string {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(NOTIFICATION_PAGE_SIZE),
    sort: '-createdAt',
  });
  if (filters.type) params.set('type', filters.type);
  if (filters.read !== undefined) params.set('read', String(filters.read));
  if (filters.search) params.set('search', filters.search);
  return `/notifications?${params.toString()}`;
}

export function useNotificationCache(): NotificationCache {
  const client = useQueryClient();
  const { id } = useCurrentUser();
  return useMemo(() => new NotificationCache(client, id), [client, id]);
}

/** Newest first, ten a page; "Load More" appends. A change of filters is a new list from page 1. */
export function useNotificationList(rawFilters: NotificationFilters) {
  const { id } = useCurrentUser();
  const filters = normaliseFilters(rawFilters);
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(id, filters),
    queryFn: ({ pageParam }) =>
      apiRequest(listPath(filters, pageParam), { schema: notificationListResponseSchema }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const items = useMemo(() => flattenPages(query.data), [query.data]);
  return { ...query, items };
}

export function useUnreadCount() {
  const { id } = useCurrentUser();
  return useQuery({
    queryKey: notificationKeys.unreadCount(id),
    queryFn: () => apiRequest('/notifications/unread-count', { schema: unreadCountResponseSchema }),
    select: (res) => res.count,
  });
}

const byId = (id: string) => `/notifications/${encodeURIComponent(id)}`;

const markReadCall = (id: string) =>
  apiRequest(`${byId(id)}/read`, { method: 'PUT', schema: notificationResponseSchema });
const deleteCall = (id: string) => apiRequest(byId(id), { method: 'DELETE', schema: messageResponseSchema });

export function useMarkRead() {
  const cache = useNotificationCache();
  return useMutation({
    mutationFn: markReadCall,
    onSuccess: (res, id) => cache.markRead(id, res.data),
  });
}

export function useDeleteNotification() {
  const cache = useNotificationCache();
  return useMutation({
    mutationFn: deleteCall,
    onSuccess: (_res, id) => cache.remove(id),
  });
}

export function useMarkAllRead() {
  const cache = useNotificationCache();
  return useMutation({
    mutationFn: () => apiRequest('/notifications/read-all', { method: 'PUT', schema: readAllResponseSchema }),
    onSuccess: () => cache.markAllRead(new Date().toISOString()),
  });
}

export type BatchAction = 'read' | 'delete';

export interface BatchResult {
  succeeded: number;
  failed: number;
  message: string;
}

/** '{n} notification(s) marked as read' / '{n} notifications deleted', plus ', {m} failed'. */
export function batchMessage(action: BatchAction, succeeded: number, failed: number): string {
  const done = `${plural(succeeded, 'notification')} ${action === 'read' ? 'marked as read' : 'deleted'}`;
  return failed > 0 ? `${done}, ${failed} failed` : done;
}

/** One call per id, all in parallel; each success updates the cache as it lands. */
export function useBatchAction() {
  const cache = useNotificationCache();
  return useMutation({
    mutationFn: async ({ action, ids }: { action: BatchAction; ids: string[] }): Promise<BatchResult> => {
      const results = await Promise.allSettled(
        ids.map(async (id) => {
          if (action === 'read') cache.markRead(id, (await markReadCall(id)).data);
          else {
            await deleteCall(id);
            cache.remove(id);
          }
        }),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled').length;
      const failed = results.length - succeeded;
      return { succeeded, failed, message: batchMessage(action, succeeded, failed) };
    },
  });
}
