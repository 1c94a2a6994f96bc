import { useRef, type ReactNode } from 'react';
import { ChevronsRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useScrollOverflow } from './use-scroll-overflow';

/**
 * A box that scrolls sideways (a wide table on a phone). When its content is wider than the
 * screen it says so: a fade on the side with more, a "scroll for more" line, and the box itself
 * takes keyboard focus under its label so arrow keys reach the hidden columns (axe:
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { overflows, moreRight, moreLeft } = useScrollOverflow(ref);
  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={overflows ? 0 : undefined}
          // relative: an absolutely placed descendant (an sr-only header) scrolls with the table
          // instead of widening the page.
          className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          data-testid="scroll-region"
        >
          {children}
        </div>
        {moreLeft ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-white dark:from-slate-800"
          />
        ) : null}
        {moreRight ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white dark:from-slate-800"
          />
        ) : null}
      </div>
      {overflows ? (
        <p
          className="mt-2 flex items-center justify-end gap-1 text-xs text-slate-600 dark:text-slate-300"
          data-testid="scroll-hint"
        >
          {moreRight ? 'Scroll sideways for more columns' : 'Scroll back for the first columns'}
          <ChevronsRight aria-hidden="true" className={cn('size-3.5', !moreRight && 'rotate-180')} />
        </p>
      ) : null}
    </div>
  );
}
