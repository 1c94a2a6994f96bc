import { toast } from 'sonner';
import { formatInr } from '@nivesh/shared';
import { wasAnnouncedHere } from '../../account/api/placed-orders';
import { useCurrentUser } from '../../../lib/auth';
import { TOAST_DURATIONS } from '../../../lib/notify';
import { useRealtimeEvent } from '../../../lib/realtime';

/**
 * A resting order that the matcher fills is announced once. With push notifications on, the
 * server's 'Order filled' notification is that toast (LiveNotifications); with them off the user
 * still learns that money moved, from the `order-update` itself.
 */
export function OrderFillToasts() {
  const user = useCurrentUser();
  const pushEnabled = user.notificationSettings.pushNotifications;
  useRealtimeEvent('order-update', ({ order }) => {
    if (pushEnabled || order.status !== 'FILLED' || wasAnnouncedHere(order.id)) return;
    const verb = order.type === 'BUY' ? 'Bought' : 'Sold';
    toast.success('Order filled', {
      id: `order-filled-${order.id}`,
      description: `${verb} ${order.quantity} ${order.symbol} at ${formatInr(order.executionPrice ?? 0)}`,
      duration: TOAST_DURATIONS.success,
    });
  });
  return null;
}
