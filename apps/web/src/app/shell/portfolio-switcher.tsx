import { useCallback, useId, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useActivePortfolio } from '../../lib/active-portfolio';
import { cn } from '../../lib/cn';
import { PortfolioListLoader } from './portfolio-list-loader';
import { PortfolioMenu } from './portfolio-menu';

/**
 * The header's portfolio switcher (issue 25), and the loader of the portfolio list: both arrive
 * in one chunk after the first paint; money screens paint with main (or the remembered one) first.
 */
export function PortfolioSwitcher({ compact }: { compact: boolean }) {
  return (
    <>
      <PortfolioListLoader />
      <SwitcherButton compact={compact} />
    </>
  );
}

/** The active portfolio's name and kind, as a menu button. */
function SwitcherButton({ compact }: { compact: boolean }) {
  const { portfolio, portfolios } = useActivePortfolio();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  // Before the list arrives (or on a server without portfolios) there is nothing to switch.
  if (portfolios.length === 0) return null;
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
        {/* At phone width the name needs the room; the menu and the label still give the kind. */}
        {compact ? null : (
          <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
            {kind}
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {open ? <PortfolioMenu id={menuId} button={button} onClose={close} /> : null}
    </div>
  );
}
