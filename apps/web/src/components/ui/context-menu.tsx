import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

export interface ContextMenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** A disabled item says why in its hint instead of doing nothing silently. */
  disabled?: boolean;
  hint?: string;
}

export interface ContextMenuProps {
  /** Viewport coordinates of the click (or of the button that opened it). */
  at: { x: number; y: number };
  label: string;
  items: ContextMenuItem[];
  onClose: () => void;
}

const WIDTH = 224;

/** A right-click menu with the WAI-ARIA menu keys: arrows, Home/End, Enter, Escape and Tab close. */
export function ContextMenu({ at, label, items, onClose }: ContextMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onCloseRef.current();
    };
    const onScroll = () => onCloseRef.current();
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onScroll);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const move = (delta: number | 'first' | 'last') => {
    const list = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      delta === 'first'
        ? 0
        : delta === 'last'
          ? list.length - 1
          : (index + delta + list.length) % list.length;
    list[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Home') move('first');
    else if (event.key === 'End') move('last');
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const left = Math.max(8, Math.min(at.x, window.innerWidth - WIDTH - 8));
  const top = Math.max(8, Math.min(at.y, window.innerHeight - items.length * 44 - 16));
  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ left, top, width: WIDTH }}
      className="fixed z-50 rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-800"
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          title={item.disabled ? item.hint : undefined}
          onClick={() => {
            if (item.disabled) return;
            onClose();
            item.onSelect();
          }}
          className={cn(
            'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm focus:outline-none',
            item.disabled
              ? 'cursor-not-allowed text-slate-500 dark:text-slate-400'
              : 'text-slate-800 hover:bg-indigo-50 focus:bg-indigo-50 dark:text-slate-100 dark:hover:bg-slate-700 dark:focus:bg-slate-700',
          )}
        >
          {item.icon}
          <span className="min-w-0 flex-1">
            <span className="block">{item.label}</span>
            {item.disabled && item.hint ? <span className="block text-xs">{item.hint}</span> : null}
          </span>
        </button>
      ))}
    </div>,
    document.body,
  );
}
