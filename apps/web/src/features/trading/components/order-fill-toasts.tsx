import { describeFill } from '@nivesh/shared';
import { askedHere } from '../../account/api/client-tab';
import { useCurrentUser } from '../../../lib/auth';
import { showToast, TOAST_DURATIONS } from '../../../lib/notify';
import { useRealtimeEvent } from '../../../lib/realtime';

/**
 * A fill is announced once: a placement's own fill by the order form (from the reply), a resting
 * order that the matcher fills here. With push notifications on, the
 * server's 'Order filled' notification is that toast (LiveNotifications); with them off the user
 * still learns that money moved, from the `order-update` itself.
 */
export function OrderFillToasts() {
  const user = useCurrentUser();
  const pushEnabled = user.notificationSettings.pushNotifications;
  useRealtimeEvent('order-update', ({ order, tab }) => {
    // A fill this tab asked for was toasted from the reply.
    if (pushEnabled || order.status !== 'FILLED' || askedHere(tab)) return;
    showToast((toast) =>
      toast.success('Order filled', {
        id: `order-filled-${order.id}`,
        description: describeFill({
          side: order.type,
          quantity: order.quantity,
          symbol: order.symbol,
          price: order.executionPrice ?? 0,
        }),
        duration: TOAST_DURATIONS.success,
      }),
    );
  });
  return null;
}
