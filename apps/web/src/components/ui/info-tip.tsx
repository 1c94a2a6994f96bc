import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Info } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A small "i" beside a figure's name that says what the figure is. It opens on hover, on keyboard
 * focus and on tap (phones have no hover), closes on Escape, on a second tap and when focus or the
 * pointer leaves; the text is the button's description, so screen readers read it with the name.
 */
export function InfoTip({ label, text, className }: { label: string; text: string; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const shown = open || pinned;
  const [align, setAlign] = useState<'center' | 'start' | 'end'>('center');

  // Keep the bubble on screen: near an edge it opens towards the middle instead of centred.
  useLayoutEffect(() => {
    if (!shown || !root.current) return;
    const rect = root.current.getBoundingClientRect();
    const half = 120;
    setAlign(rect.left < half ? 'start' : window.innerWidth - rect.right < half ? 'end' : 'center');
  }, [shown]);

  useEffect(() => {
    if (!pinned) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setPinned(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [pinned]);

  return (
    <span
      ref={root}
      className={cn('relative inline-flex align-middle', className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        aria-label={`What is ${label}?`}
        aria-describedby={id}
        aria-expanded={shown}
        data-testid="info-tip"
        className="inline-flex size-5 items-center justify-center rounded-full text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-slate-100"
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setPinned(false);
        }}
        onClick={() => setPinned((p) => !p)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false);
            setPinned(false);
          }
        }}
      >
        <Info aria-hidden="true" className="size-3.5" />
      </button>
      <span
        id={id}
        role="tooltip"
        className={cn(
          'absolute top-full z-30 mt-1 w-56 rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-snug font-normal whitespace-normal text-white shadow-lg dark:bg-slate-100 dark:text-slate-900',
          align === 'center' ? 'left-1/2 -translate-x-1/2' : align === 'start' ? '-left-2' : '-right-2',
          shown ? 'block' : 'hidden',
        )}
      >
        {text}
      </span>
    </span>
  );
}
