import { BellOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../../lib/api-client';
import type { useNotificationList } from '../api/notifications-api';
import { CAUGHT_UP_TEXT } from './bell-panel';
import { NotificationRow } from './notification-row';
import type { useNotificationActions } from './use-notification-actions';

export interface NotificationListProps {
  list: ReturnType<typeof useNotificationList>;
  filtering: boolean;
  now: Date;
  selectMode: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  actions: ReturnType<typeof useNotificationActions>;
}

export function NotificationList({
  list,
  filtering,
  now,
  selectMode,
  selected,
  onToggle,
  actions,
}: NotificationListProps) {
  const { items } = list;

  if (list.isPending) {
    return (
      <Card className="flex items-center justify-center gap-3 py-12 text-slate-700 dark:text-slate-200">
        <span role="status" className="flex items-center gap-3">
          <Spinner className="text-indigo-600 dark:text-indigo-400" /> Loading notifications...
        </span>
      </Card>
    );
  }

  if (list.isError && items.length === 0) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Failed to load notifications</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {errorMessage(list.error, NETWORK_ERROR_MESSAGE)}
        </p>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </Card>
    );
  }

  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 py-12 text-center" data-testid="notifications-empty">
        <BellOff aria-hidden="true" className="size-10 text-slate-400" />
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">No notifications found</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {filtering ? 'Try adjusting your search or filters' : CAUGHT_UP_TEXT}
        </p>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <Card className="p-2">
        <ul aria-label="Notifications list" className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {items.map((n) => (
            <NotificationRow
              key={n.id}
              notification={n}
              now={now}
              onMarkRead={actions.markRead}
              onDelete={actions.remove}
              onOpenLink={(item) => {
                if (!item.read) actions.markRead(item.id);
              }}
              selection={selectMode ? { selected: selected.has(n.id), onToggle } : undefined}
            />
          ))}
        </ul>
      </Card>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          Failed to load notifications: {errorMessage(list.error, NETWORK_ERROR_MESSAGE)}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
