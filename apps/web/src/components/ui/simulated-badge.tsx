import { Badge } from './badge';

/**
 * "Simulated market", beside a live price (issue 26): every price here is for practice, and no
 * order reaches an exchange.
 */
export function SimulatedBadge({ className }: { className?: string }) {
  return (
    <Badge
      tone="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
      className={className}
      testId="simulated-badge"
    >
      <span title="Practice prices: no order here reaches an exchange">Simulated market</span>
    </Badge>
  );
}
