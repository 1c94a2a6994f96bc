import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { showToast, TOAST_DURATIONS } from '../../../lib/notify';
import { useLiveAlerts } from '../api/use-live-alerts';

/**
 * Mounted once in the signed-in frame. A firing is announced once: with push notifications and
 * Price Alerts on, the server's notification is the toast (LiveNotifications); otherwise the
 * `alert-triggered` event itself pops one, so an alert the user set never fires unseen.
 */
export function AlertToasts() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notificationToast =
    user.notificationSettings.pushNotifications && user.notificationSettings.priceAlerts;
  useLiveAlerts(({ alert, firing, message }) => {
    if (notificationToast) return;
    showToast((toast) =>
      toast.warning(`Price alert: ${alert.symbol}`, {
        id: `alert-${alert.id}-${firing.firedAt}`,
        description: message,
        duration: TOAST_DURATIONS.warning,
        action: { label: 'View', onClick: () => void navigate('/alerts') },
      }),
    );
  });
  return null;
}
