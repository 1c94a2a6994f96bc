import { CheckCircle2 } from 'lucide-react';
import { describeFill, VIEW_ONLY_MESSAGE, type Order, type Quote } from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';

/** The filled buy, shown until the move to /portfolio. */
export function QuickBuyDone({ done, price }: { done: Order; price: number }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
      <p className="text-lg font-semibold text-slate-900 dark:text-white">
        {describeFill({
          side: 'BUY',
          quantity: done.quantity,
          symbol: done.symbol,
          price: done.executionPrice ?? price,
        })}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">Taking you to your portfolio...</p>
    </div>
  );
}

/** A stock that cannot be bought here (a US stock, an index): its price and why. */
export function QuickBuyViewOnly({ q }: { q: Quote }) {
  return (
    <div
      className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60"
      data-testid="quick-buy-view-only"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="font-semibold text-slate-900 dark:text-white">{q.symbol}</p>
        <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
          {formatPrice(q.price, q.currency)}
        </p>
      </div>
      <ViewOnlyBadge instrument={q} />
      <p className="text-sm text-slate-700 dark:text-slate-200">{VIEW_ONLY_MESSAGE}.</p>
    </div>
  );
}
