import { FEE_LINES, type FeeBreakdownRupees } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/money-format';

/**
 * Every fee line of an estimate that is not zero, in contract-note order (FEE_LINES, so a line
 * added to the schedule shows here too), as rows of the ticket's summary list. `hints` adds a
 * short note under a line (the DP charge says when it applies).
 */
export function FeeLines({
  fees,
  hints = {},
  className,
}: {
  fees: FeeBreakdownRupees | null;
  hints?: Partial<Record<(typeof FEE_LINES)[number]['key'], string>>;
  className?: string;
}) {
  if (!fees) return null;
  return (
    <>
      {FEE_LINES.map(({ key, label }) =>
        fees[key] > 0 ? (
          <div
            key={key}
            className={cn('grid grid-cols-[1fr_auto] items-center gap-x-3 py-1', className)}
            data-testid={`fee-${key}`}
          >
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-sm tabular-nums text-slate-800 dark:text-slate-100">
              {formatPrice(fees[key])}
            </dd>
            {hints[key] ? (
              <dd className="col-span-2 text-xs text-slate-500 dark:text-slate-400">{hints[key]}</dd>
            ) : null}
          </div>
        ) : null,
      )}
    </>
  );
}
