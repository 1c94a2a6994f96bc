import { isFiltering } from '../api/notifications-cache';
import { NotificationList } from './notification-list';
import { NotificationsBulkBar } from './notifications-bulk-bar';
import { NotificationsHeader } from './notifications-header';
import { NotificationsSearchCard } from './notifications-search-card';
import { useNotificationsScreen } from './use-notifications-screen';

export function NotificationsScreen() {
  const s = useNotificationsScreen();

  return (
    <div className="space-y-5">
      <NotificationsHeader s={s} />

      <NotificationsSearchCard s={s} />

      {s.selectMode ? <NotificationsBulkBar s={s} /> : null}

      <NotificationList
        list={s.list}
        filtering={isFiltering(s.filters)}
        now={s.now}
        selectMode={s.selectMode}
        selected={s.selected}
        onToggle={s.toggle}
        actions={s.actions}
      />
    </div>
  );
}
