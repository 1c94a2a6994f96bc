import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';

/** Releasing beyond 80% of the track confirms; anything less springs back, so a slip does not trade. */
export const SLIDE_CONFIRM_THRESHOLD = 0.8;

export interface SlideToConfirmProps {
  label: string;
  /** Shown once the handle is past the threshold, before release. */
  releaseLabel: string;
  busyLabel: string;
  busy?: boolean;
  disabled?: boolean;
  /** Called once per completed slide; the control stays at the end while `busy`, then resets. */
  onConfirm: () => void;
  className?: string;
}

/**
 * A drag-to-confirm track. Pointer drag for mouse and touch; for keyboard users the handle is a
 * slider (ArrowRight/End move it, Enter or Space confirm at once) so nobody has to drag.
 */
export function SlideToConfirm({
  label,
  releaseLabel,
  busyLabel,
  busy = false,
  disabled = false,
  onConfirm,
  className,
}: SlideToConfirmProps) {
  const track = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; width: number } | null>(null);
  const locked = disabled || busy;
  const shown = busy ? 1 : progress;

  const finish = (value: number) => {
    setDragging(false);
    start.current = null;
    if (value > SLIDE_CONFIRM_THRESHOLD) {
      setProgress(0);
      onConfirm();
    } else {
      setProgress(0);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (locked || !track.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: track.current.getBoundingClientRect().width - 48 };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const value = Math.min(
      1,
      Math.max(0, (event.clientX - start.current.x) / Math.max(start.current.width, 1)),
    );
    setProgress(value);
  };
  const onPointerUp = () => {
    if (start.current) finish(progress);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onConfirm();
    } else if (event.key === 'ArrowRight' || event.key === 'End') {
      event.preventDefault();
      const next = event.key === 'End' ? 1 : Math.min(1, progress + 0.25);
      if (next > SLIDE_CONFIRM_THRESHOLD) finish(next);
      else setProgress(next);
    } else if (event.key === 'ArrowLeft' || event.key === 'Home') {
      event.preventDefault();
      setProgress(0);
    }
  };

  const text = busy ? busyLabel : progress > SLIDE_CONFIRM_THRESHOLD ? releaseLabel : label;
  return (
    <div
      ref={track}
      className={cn(
        'relative h-12 w-full select-none overflow-hidden rounded-full',
        // Locked is shown by colour, not opacity, so the label keeps its contrast.
        locked ? 'bg-slate-100 dark:bg-slate-800' : 'bg-slate-200 dark:bg-slate-700',
        className,
      )}
    >
      <div
        className={cn(
          'absolute inset-y-0 left-0 rounded-full bg-emerald-500/30',
          !dragging && 'transition-[width] duration-300',
        )}
        style={{ width: `calc(${shown * 100}% + ${48 * (1 - shown)}px)` }}
        aria-hidden
      />
      <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm font-medium text-slate-700 dark:text-slate-100">
        {text}
      </span>
      <div
        role="slider"
        tabIndex={locked ? -1 : 0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown * 100)}
        aria-valuetext={text}
        aria-disabled={locked}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => finish(0)}
        onKeyDown={onKeyDown}
        className={cn(
          'absolute top-0 flex h-12 w-12 touch-none items-center justify-center rounded-full text-white shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
          locked ? 'cursor-not-allowed bg-slate-500' : 'cursor-grab bg-emerald-600 active:cursor-grabbing',
          !dragging && 'transition-[left] duration-300',
        )}
        style={{ left: `calc(${shown * 100}% - ${48 * shown}px)` }}
      >
        <span aria-hidden>→</span>
      </div>
    </div>
  );
}
