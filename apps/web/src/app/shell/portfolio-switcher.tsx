import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Check, ChevronDown } from 'lucide-react';
import { useActivePortfolio } from '../../lib/active-portfolio';
import { cn } from '../../lib/cn';

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/**
 * The header's portfolio switcher (issue 25): the active portfolio's name and kind, and a menu
 * (WAI-ARIA menu button: arrows, Home/End, Escape) of the portfolios, main first, then "New
 * portfolio…" and "Manage portfolios". Kept small: it is in every signed-in page's first paint.
 */
export function PortfolioSwitcher({ compact }: { compact: boolean }) {
  const { portfolio, portfolios, select } = useActivePortfolio();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    const current = menu.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? items()[0];
    current?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // Before the list arrives (or on a server without portfolios) there is nothing to switch.
  if (portfolios.length === 0) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const onMenuKey = (e: KeyboardEvent) => {
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
      close();
    } else if (e.key === 'Tab') setOpen(false);
  };

  const name = portfolio?.name ?? 'Portfolio';
  const kind = portfolio?.kind ?? 'custom';
  return (
    <div className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Portfolio: ${name} (${kind}). Switch portfolio`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span className={cn('truncate', compact ? 'max-w-20' : 'max-w-40')}>{name}</span>
        <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          {kind}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Portfolios"
          onKeyDown={onMenuKey}
          className="absolute left-0 z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
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
                  close();
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
      ) : null}
    </div>
  );
}
