import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Check } from 'lucide-react';
import { useActivePortfolio } from '../../lib/active-portfolio';
import { cn } from '../../lib/cn';

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/**
 * The switcher's menu (WAI-ARIA menu: arrows, Home/End, Escape, Tab leaves): the portfolios, main
 * first, then "New portfolio…" and "Manage portfolios".
 */
export function PortfolioMenu({
  id,
  button,
  onClose,
}: {
  id: string;
  button: RefObject<HTMLButtonElement | null>;
  /** `refocus` is false when focus is leaving on its own (Tab, a click elsewhere). */
  onClose: (refocus: boolean) => void;
}) {
  const { portfolio, portfolios, select } = useActivePortfolio();
  const navigate = useNavigate();
  const menu = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    (menu.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? items()[0])?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [button, onClose]);

  const onKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key in move) {
      e.preventDefault();
      all[move[e.key]!]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };
  const go = (to: string) => {
    onClose(true);
    void navigate(to);
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-labelledby={labelId}
      onKeyDown={onKey}
      className="absolute left-0 z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <span id={labelId} className="sr-only">
        Portfolios
      </span>
      {portfolios.map((p) => {
        const checked = p.id === portfolio?.id;
        return (
          <button
            key={p.id}
            type="button"
            role="menuitemradio"
            aria-checked={checked}
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              select(p.id);
              onClose(true);
            }}
          >
            <Check aria-hidden="true" className={cn('size-4 shrink-0', !checked && 'invisible')} />
            <span className="min-w-0 flex-1 truncate">{p.name}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">{p.kind}</span>
          </button>
        );
      })}
      <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={itemClass}
        onClick={() => go('/portfolios?new=1')}
      >
        New portfolio…
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={itemClass}
        onClick={() => go('/portfolios')}
      >
        Manage portfolios
      </button>
    </div>
  );
}
