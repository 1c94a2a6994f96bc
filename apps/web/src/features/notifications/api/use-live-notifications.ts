import type { Notification } from '@nivesh/shared';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';
import { useNotificationCache } from './notifications-api';

/**
 * Keeps every cached notification list and the unread count in step with the server's pushes
 * (the same events reach all of the user's tabs), and refetches whatever a dropped connection or
 * a hidden tab may have missed. `onNew` sees each new notification once it is in the cache.
 */
export function useLiveNotifications(
  onNew?: (notification: Notification, tab: string | undefined) => void,
): void {
  const cache = useNotificationCache();

  // `tab`: the browser tab whose order request caused the notice (see client-tab.ts); not stored.
  useRealtimeEvent('notification', ({ tab, ...notification }) => {
    cache.add(notification);
    onNew?.(notification, tab);
  });

  useRealtimeEvent('notification-update', ({ id, change, notification }) => {
    if (change === 'deleted') cache.remove(id);
    else cache.markRead(id, notification);
  });

  useRealtimeEvent('notifications-read-all', ({ readAt }) => cache.markAllRead(readAt));

  useRealtimeResync(() => void cache.refetchAll());
}
