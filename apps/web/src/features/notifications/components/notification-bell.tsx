import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useConnectionStatus } from '../../../lib/realtime';
import { useUnreadCount } from '../api/notifications-api';
import { CONNECTION_LABELS, ConnectionDot, UnreadBadge, unreadLabel } from './unread-badge';

// The dropdown (its list, rows and actions) loads when the bell is first opened.
const BellPanel = lazy(async () => ({ default: (await import('./bell-panel')).BellPanel }));

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
  const status = useConnectionStatus();
  const { data: unread = 0 } = useUnreadCount();
  const ring = useRing(unread);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
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
        <Bell
          aria-hidden="true"
          className={cn('size-5', ring.ringing && 'bell-ring')}
          onAnimationEnd={ring.stop}
        />
        <UnreadBadge count={unread} className="absolute -top-0.5 -right-1 h-5" />
        <ConnectionDot status={status} className="absolute right-1 bottom-1 size-2" />
        <span id={statusId} className="sr-only">
          {CONNECTION_LABELS[status]}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BellPanel id={panelId} unread={unread} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
