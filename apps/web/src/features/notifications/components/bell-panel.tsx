import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCheck, Settings } from 'lucide-react';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../lib/use-now';
import { Spinner } from '../../../components/ui/spinner';
import { useNotificationList } from '../api/notifications-api';
import { NotificationRow } from './notification-row';
import { unreadLabel } from './unread-badge';
import { useNotificationActions } from './use-notification-actions';

/** The dropdown shows the latest 5; the full list is one click away. */
const DROPDOWN_SIZE = 5;
export const CAUGHT_UP_TEXT = "You're all caught up! New notifications will appear here.";

interface BellPanelProps {
  id: string;
  unread: number;
  onClose: (returnFocus: boolean) => void;
}

/** The bell's dropdown; it takes focus when it opens so Escape and Tab work from inside it. */
export function BellPanel({ id, unread, onClose }: BellPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const headingId = useId();
  const now = useNow();
  const list = useNotificationList({});
  const actions = useNotificationActions();
  const latest = list.items.slice(0, DROPDOWN_SIZE);

  let body;
  if (list.isPending) {
    body = (
      <div
        role="status"
        className="flex items-center justify-center gap-2 p-6 text-sm text-slate-600 dark:text-slate-300"
      >
        <Spinner size="sm" /> Loading notifications...
      </div>
    );
  } else if (list.isError && latest.length === 0) {
    body = (
      <div role="alert" className="space-y-2 p-6 text-center text-sm">
        <p className="font-semibold text-slate-900 dark:text-white">Failed to load notifications</p>
        <p className="text-slate-600 dark:text-slate-300">
          {errorMessage(list.error, NETWORK_ERROR_MESSAGE)}
        </p>
        <button
          type="button"
          onClick={() => void list.refetch()}
          className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Try again
        </button>
      </div>
    );
  } else if (latest.length === 0) {
    body = <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-300">{CAUGHT_UP_TEXT}</p>;
  } else {
    body = (
      <ul className="max-h-[min(26rem,60vh)] space-y-1 overflow-y-auto p-2" aria-label="Latest notifications">
        {latest.map((n) => (
          <NotificationRow
            key={n.id}
            notification={n}
            now={now}
            compact
            onMarkRead={actions.markRead}
            onDelete={actions.remove}
            onOpenLink={(item) => {
              if (!item.read) actions.markRead(item.id);
              onClose(false);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div
      id={id}
      ref={ref}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="notification-dropdown"
      className={cn(
        'z-50 rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-800',
        // Phones: full width under the header (the header's backdrop filter makes it the containing block).
        'fixed inset-x-3 top-16 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            Notifications
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-300">{unreadLabel(unread)}</p>
        </div>
        {unread > 0 ? (
          <button
            type="button"
            onClick={actions.markAllRead}
            disabled={actions.markingAll}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60 dark:text-indigo-300 dark:hover:bg-slate-700"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all read
          </button>
        ) : null}
      </div>
      {body}
      <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-sm dark:border-slate-700">
        <Link
          to="/notifications"
          onClick={() => onClose(false)}
          className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          View all notifications
        </Link>
        <Link
          to="/settings?tab=notifications"
          onClick={() => onClose(false)}
          className="inline-flex items-center gap-1 text-slate-700 hover:underline dark:text-slate-300"
        >
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </div>
    </div>
  );
}
