import { useNavigate } from 'react-router';
import { inAppPath, type NotificationType } from '@nivesh/shared';
import { askedHere } from '../../account/api/client-tab';
import { useCurrentUser } from '../../../lib/auth';
import { showToast, TOAST_DURATIONS } from '../../../lib/notify';
import { useLiveNotifications } from '../api/use-live-notifications';
import { NOTIFICATION_TYPE_META } from './notification-type';

// sonner has four coloured kinds; an alert is the most urgent warning, with its own icon and colour.
const TOAST_KIND: Record<NotificationType, keyof typeof TOAST_DURATIONS> = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  info: 'info',
  alert: 'warning',
};

/**
 * Mounted once inside the signed-in frame: applies live events to the caches and, when the user
 * allows push notifications, pops each new one up as a toast.
 */
export function LiveNotifications() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const pushEnabled = user.notificationSettings.pushNotifications;

  useLiveNotifications((n, tab) => {
    if (!pushEnabled) return;
    // This tab already confirmed its own placement or cancel with a toast; one is enough.
    if (askedHere(tab)) return;
    const kind = TOAST_KIND[n.type];
    const meta = NOTIFICATION_TYPE_META[n.type];
    const Icon = meta.icon;
    const path = n.link ? inAppPath(n.link) : null;
    showToast((toast) =>
      toast[kind](n.title, {
        id: `notification-${n.id}`,
        description: n.message,
        duration: TOAST_DURATIONS[kind],
        icon: <Icon aria-hidden="true" className={`size-5 ${meta.text}`} />,
        action: path ? { label: 'View', onClick: () => void navigate(path) } : undefined,
      }),
    );
  });

  return null;
}
