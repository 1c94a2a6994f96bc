import { Info } from 'lucide-react';
import { PRODUCT_LABELS, type Quote } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { formatPrice } from '../../../lib/money-format';
import type { OrderEstimate } from '../../../lib/order-estimate';
import { SummaryRow } from './order-controls';
import type { EnhancedOrder } from './use-enhanced-order';

/** The confirm step: the order in full, then slide to place it. */
export function EnhancedOrderConfirm({
  o,
  quote,
  estimate,
  verb,
}: {
  o: EnhancedOrder;
  quote: Quote;
  estimate: OrderEstimate;
  verb: string;
}) {
  const { draft, fees, total, place, reason } = o;
  return (
    <div className="space-y-4">
      <dl
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 py-1 dark:divide-slate-700 dark:border-slate-700"
        aria-label="Order details"
      >
        <SummaryRow label="Stock" value={`${quote.symbol} · ${quote.name}`} />
        <SummaryRow
          label="Side"
          value={verb}
          tone={
            draft.side === 'BUY' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
          }
        />
        <SummaryRow label="Product" value={PRODUCT_LABELS[o.product].long} />
        <SummaryRow label="Order type" value={draft.orderType === 'MARKET' ? 'Market' : 'Limit · Day'} />
        <SummaryRow label="Quantity" value={String(estimate.quantity)} />
        <SummaryRow
          label={draft.orderType === 'MARKET' ? 'Market price' : 'Limit price'}
          value={formatPrice(estimate.price, quote.currency)}
        />
        <SummaryRow label="Fees & taxes" value={formatPrice(fees?.total ?? estimate.fees)} />
        <SummaryRow
          label={draft.side === 'BUY' ? 'Total cost' : 'You receive'}
          value={formatPrice(total ?? estimate.total)}
          strong
          testId="confirm-total"
        />
      </dl>
      {draft.orderType === 'MARKET' ? (
        <p className="flex items-start gap-2 text-xs text-slate-600 dark:text-slate-300">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> A market order fills at the live
          price when it reaches the server, which may differ slightly.
        </p>
      ) : null}
      <SlideToConfirm
        label={`Slide to ${verb}`}
        releaseLabel={`Release to ${verb}!`}
        busyLabel="Processing..."
        busy={place.isPending}
        disabled={!o.check.ok || o.classRefusal !== null}
        onConfirm={() => void o.submit()}
      />
      {reason && !place.isPending ? (
        <p
          role="status"
          data-testid="slide-disabled-reason"
          className="text-sm text-red-700 dark:text-red-400"
        >
          {reason}
        </p>
      ) : null}
      <Button variant="ghost" className="w-full" disabled={place.isPending} onClick={() => o.setStep('form')}>
        Back to order
      </Button>
    </div>
  );
}
