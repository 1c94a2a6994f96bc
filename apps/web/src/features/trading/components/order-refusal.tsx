import { AlertTriangle } from 'lucide-react';
import { formatInr, type OrderSide, type RefusalDetail } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';

export interface ShownRefusal extends RefusalDetail {
  message: string;
}

/** The label of the one-click fix: the nearest valid price, or the quantity that would pass. */
export function suggestionLabel(refusal: RefusalDetail, side: OrderSide): string | null {
  const s = refusal.suggestion;
  if (!s) return null;
  if ('price' in s) return `Use ${formatInr(s.price)}`;
  return `${side === 'BUY' ? 'Buy' : 'Sell'} ${s.quantity} instead`;
}

/** The server's refusal of an order: what happened, the rule with its numbers, and the fix as one click. */
export function OrderRefusal({
  refusal,
  side,
  busy,
  onFix,
  heading,
  showMessage = true,
}: {
  refusal: ShownRefusal;
  side: OrderSide;
  busy: boolean;
  onFix: () => void;
  /** Whether the server refused it or the form foresees it; read by screen readers first. */
  heading?: string;
  /** False when the same message already stands beside the disabled button. */
  showMessage?: boolean;
}) {
  const label = suggestionLabel(refusal, side);
  return (
    <div
      role={showMessage ? 'alert' : 'status'}
      data-testid="order-refusal"
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="flex items-start gap-2 font-medium text-red-800 dark:text-red-300">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {showMessage ? refusal.message : heading}
      </p>
      <p className="text-slate-700 dark:text-slate-200" data-testid="order-refusal-rule">
        {refusal.rule}
      </p>
      {label ? (
        <Button size="sm" variant="secondary" onClick={onFix} disabled={busy}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
