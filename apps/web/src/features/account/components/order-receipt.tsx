import { cn } from '../../../lib/cn';

/**
 * A fill's one-line receipt (why it got this price), as /orders and /history show it; wraps on a
 * phone. A span, so it may sit inside a row's button.
 */
export function OrderReceipt({ receipt, className }: { receipt: string | null; className?: string }) {
  if (!receipt) return null;
  return (
    <span
      data-testid="order-receipt"
      className={cn(
        'mt-1 block text-xs leading-snug text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300',
        className,
      )}
    >
      {receipt}
    </span>
  );
}
