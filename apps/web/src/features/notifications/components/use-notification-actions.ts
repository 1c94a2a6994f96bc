import { errorMessage, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDeleteNotification, useMarkAllRead, useMarkRead } from '../api/notifications-api';

/**
 * Row and header actions shared by the bell and the screen. A failure is not swallowed: a
 * row that silently stays unread looks broken, so the reason is shown instead.
 */
export function useNotificationActions() {
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const markAll = useMarkAllRead();
  const fail = (error: unknown) => notify.error(errorMessage(error, NETWORK_ERROR_MESSAGE));
  return {
    markRead: (id: string) => markRead.mutate(id, { onError: fail }),
    remove: (id: string) => remove.mutate(id, { onError: fail }),
    markAllRead: () => markAll.mutate(undefined, { onError: fail }),
    markingAll: markAll.isPending,
  };
}
