import { Link } from 'react-router';
import { Check, Trash2 } from 'lucide-react';
import { formatRelativeTime, inAppPath, type Notification } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { NotificationTypeIcon } from './notification-type';
import { formatDateTime } from '../../../lib/date-format';

export interface NotificationRowProps {
  notification: Notification;
  now: Date;
  compact?: boolean;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
  /** Following the link also marks the notification read and, in the bell, closes the dropdown. */
  onOpenLink?: (notification: Notification) => void;
  busy?: boolean;
  selection?: { selected: boolean; onToggle: (id: string) => void };
}

const iconButton =
  'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white';

export function NotificationRow({
  notification: n,
  now,
  compact = false,
  onMarkRead,
  onDelete,
  onOpenLink,
  busy,
  selection,
}: NotificationRowProps) {
  // Rows stored before the server checked links this way may still hold an off-site one.
  const path = n.link ? inAppPath(n.link) : null;
  const title =
    path && !selection ? (
      <Link
        to={path}
        onClick={() => onOpenLink?.(n)}
        className="after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-indigo-500 focus-visible:after:rounded-lg"
      >
        {n.title}
      </Link>
    ) : (
      n.title
    );

  return (
    <li
      data-testid="notification-row"
      data-notification-id={n.id}
      data-read={n.read}
      className={cn(
        'relative flex gap-3 rounded-lg',
        compact ? 'px-3 py-2.5' : 'p-3 sm:p-4',
        n.read ? 'bg-transparent' : 'bg-indigo-50/70 dark:bg-indigo-950/40',
      )}
    >
      {selection ? (
        <input
          type="checkbox"
          checked={selection.selected}
          onChange={() => selection.onToggle(n.id)}
          aria-label={`Select ${n.title}`}
          className="mt-1 size-4 shrink-0 accent-indigo-600"
        />
      ) : null}
      <NotificationTypeIcon type={n.type} size={compact ? 'sm' : 'md'} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p
            className={cn(
              'min-w-0 flex-1 text-sm text-slate-900 dark:text-slate-50',
              n.read ? 'font-medium' : 'font-semibold',
            )}
          >
            {title}
          </p>
          {n.read ? null : (
            <span
              className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600 dark:bg-indigo-400"
              data-testid="unread-marker"
            >
              <span className="sr-only">Unread</span>
            </span>
          )}
        </div>
        <p className={cn('mt-0.5 text-sm text-slate-700 dark:text-slate-300', compact && 'line-clamp-2')}>
          {n.message}
        </p>
        <time
          dateTime={n.createdAt}
          title={formatDateTime(n.createdAt)}
          className="mt-1 block text-xs text-slate-600 dark:text-slate-400"
        >
          {formatRelativeTime(n.createdAt, now)}
        </time>
      </div>
      {selection ? null : (
        // Above the stretched title link, so the buttons stay clickable.
        <div className="relative z-10 flex shrink-0 items-start gap-0.5">
          {n.read ? null : (
            <button
              type="button"
              onClick={() => onMarkRead(n.id)}
              disabled={busy}
              aria-label="Mark as read"
              title="Mark as read"
              className={iconButton}
            >
              <Check aria-hidden="true" className="size-4" />
            </button>
          )}
          <button
            type="button"
            onClick={() => onDelete(n.id)}
            disabled={busy}
            aria-label="Delete notification"
            title="Delete notification"
            className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}
