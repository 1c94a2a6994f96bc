import { Eye } from 'lucide-react';
import { isTradable, VIEW_ONLY_MESSAGE, type Currency } from '@nivesh/shared';
import { cn } from '../../../lib/cn';

/**
 * Marks a stock that cannot be ordered: cash is rupees and there is no dollar leg, so US stocks
 * are shown in $ for following only. Renders nothing for a tradable (rupee) stock.
 */
export function ViewOnlyBadge({
  instrument,
  className,
}: {
  instrument: { currency: Currency; type?: 'EQUITY' | 'INDEX' };
  className?: string;
}) {
  if (isTradable(instrument) || instrument.type === 'INDEX') return null;
  return (
    <span
      title={VIEW_ONLY_MESSAGE}
      data-testid="view-only-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-100',
        className,
      )}
    >
      <Eye aria-hidden="true" className="size-3" />
      US stock · view only
    </span>
  );
}
