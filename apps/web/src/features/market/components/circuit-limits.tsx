import { circuitLockReason } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { circuitText, type CircuitQuote } from '../lib/circuit';

/** "Circuit ₹X – ₹Y" (or "Operating range …"), explained on hover; nothing where there is no circuit. */
export function CircuitLimits({ quote, className }: { quote: CircuitQuote; className?: string }) {
  const text = circuitText(quote);
  if (!text) return null;
  return (
    <p
      title={text.explain}
      data-testid="circuit-limits"
      className={cn('text-xs text-slate-600 tabular-nums dark:text-slate-300', className)}
    >
      {text.label} {text.range}
    </p>
  );
}

const LOCK_TONE = {
  UPPER: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  LOWER: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
} as const;

/** "Upper circuit" / "Lower circuit" while the stock is locked at one; the reason on hover. */
export function CircuitLockBadge({ quote }: { quote: CircuitQuote }) {
  const lock = quote.circuitLock;
  const limit = lock === 'UPPER' ? quote.upperCircuit : quote.lowerCircuit;
  if (!lock || limit === null) return null;
  return (
    <span title={circuitLockReason(lock, limit)}>
      <Badge tone={LOCK_TONE[lock]} testId="circuit-lock">
        {lock === 'UPPER' ? 'Upper circuit' : 'Lower circuit'}
      </Badge>
    </span>
  );
}
