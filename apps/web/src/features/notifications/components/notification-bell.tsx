import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useConnectionStatus } from '../../../lib/realtime';
import { useNow } from '../../../lib/use-now';
import { Spinner } from '../../../components/ui/spinner';
import { useNotificationList, useUnreadCount } from '../api/notifications-api';
import { NotificationRow } from './notification-row';
import { CONNECTION_LABELS, ConnectionDot, UnreadBadge, unreadLabel } from './unread-badge';
import { useNotificationActions } from './use-notification-actions';

/** Spec §9: the dropdown shows the latest 5. */
const DROPDOWN_SIZE = 5;
export const CAUGHT_UP_TEXT = "You're all caught up! New notifications will appear here.";

/** Rings once each time the unread count goes up (including when it first appears). */
function useRing(count: number) {
  const [previous, setPrevious] = useState(count);
  const [ringing, setRinging] = useState(false);
  if (count !== previous) {
    setPrevious(count);
    if (count > previous) setRinging(true);
  }
  return { ringing, stop: () => setRinging(false) };
}

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const statusId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const status = useConnectionStatus();
  const { data: unread = 0 } = useUnreadCount();
  const ring = useRing(unread);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it, like any popup; moving focus inside does not.
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapperRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-label={unread > 0 ? `Notifications, ${unreadLabel(unread)}` : 'Notifications'}
        aria-describedby={statusId}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        data-testid="notification-bell"
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden="true" className={cn('size-5', ring.ringing && 'bell-ring')} onAnimationEnd={ring.stop} />
        <UnreadBadge count={unread} className="absolute -top-0.5 -right-1 h-5" />
        <ConnectionDot status={status} className="absolute right-1 bottom-1 size-2" />
        <span id={statusId} className="sr-only">
          {CONNECTION_LABELS[status]}
        </span>
      </button>
      {open ? <BellPanel id={panelId} ref={panelRef} unread={unread} onClose={close} /> : null}
    </div>
  );
}

interface BellPanelProps {
  id: string;
  ref: Ref<HTMLDivElement>;
  unread: number;
  onClose: (returnFocus: boolean) => void;
}

function BellPanel({ id, ref, unread, onClose }: BellPanelProps) {
  const headingId = useId();
  const now = useNow();
  const list = useNotificationList({});
  const actions = useNotificationActions();
  const latest = list.items.slice(0, DROPDOWN_SIZE);

  let body;
  if (list.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 p-6 text-sm text-slate-600 dark:text-slate-300">
        <Spinner size="sm" /> Loading notifications...
      </div>
    );
  } else if (list.isError && latest.length === 0) {
    body = (
      <div role="alert" className="space-y-2 p-6 text-center text-sm">
        <p className="font-semibold text-slate-900 dark:text-white">Failed to load notifications</p>
        <p className="text-slate-600 dark:text-slate-300">{errorMessage(list.error, NETWORK_ERROR_MESSAGE)}</p>
        <button type="button" onClick={() => void list.refetch()} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
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
        <Link to="/notifications" onClick={() => onClose(false)} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
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
