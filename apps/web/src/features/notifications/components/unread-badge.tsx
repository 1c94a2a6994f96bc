import type { ConnectionStatus } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../api/notifications-api';

/** The badge caps at '99+'. */
export function formatUnreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function unreadLabel(count: number): string {
  return `${count} unread`;
}

/** The unread count as a small pill; nothing when there is nothing unread. Its parent gives the accessible text. */
export function UnreadBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-5 font-semibold text-white',
        className,
      )}
    >
      {formatUnreadBadge(count)}
    </span>
  );
}

/** The sidebar's badge on its Notifications link, from the same unread-count query as the bell. */
export function SidebarUnreadBadge({ collapsed }: { collapsed: boolean }) {
  const { data: count } = useUnreadCount();
  if (!count) return null;
  return (
    <>
      <UnreadBadge count={count} className={collapsed ? 'absolute top-1 right-1' : 'ml-auto'} />
      <span className="sr-only">, {unreadLabel(count)}</span>
    </>
  );
}

export const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connected: 'Live updates: connected',
  connecting: 'Live updates: connecting',
  disconnected: 'Live updates: disconnected',
  error: 'Live updates: error',
};

const DOT_CLASSES: Record<ConnectionStatus, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400',
  disconnected: 'bg-slate-400',
  error: 'bg-red-500',
};

export function ConnectionDot({ status, className }: { status: ConnectionStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      title={CONNECTION_LABELS[status]}
      data-testid="connection-dot"
      data-status={status}
      className={cn(
        'inline-block size-2.5 rounded-full ring-2 ring-white dark:ring-slate-900',
        DOT_CLASSES[status],
        className,
      )}
    />
  );
}
