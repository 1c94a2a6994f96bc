import { formatInr, type Quote } from '@nivesh/shared';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { cn } from '../../../lib/cn';
import { PriceChange } from '../../market/components/price-change';
import { ProductChoice } from '../../account/components/product-choice';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { QuickBuyQuantity } from './quick-buy-quantity';
import type { QuickBuy } from './use-quick-buy';

/** The picked stock's buy: quantity, product, the estimate and slide to buy. */
export function QuickBuyTicket({ b, q }: { b: QuickBuy; q: Quote }) {
  const { quantity, reason, trade, account } = b;
  const estimate = b.estimate!;
  return (
    <>
      <div className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{q.symbol}</p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">{q.name}</p>
        </div>
        <div className="text-right">
          <p
            className="font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="quick-buy-price"
          >
            {formatInr(q.price)}
          </p>
          <PriceChange change={q.change} percent={q.changePercent} className="text-xs" />
          <SimulatedBadge className="mt-1" />
        </div>
      </div>

      <QuickBuyQuantity qtyText={b.qtyText} quantity={quantity} onChange={b.setQtyText} />

      <ProductChoice value={b.product} onChange={b.setProduct} cutoff={b.cutoff} />

      <dl className="space-y-1.5 text-sm" aria-label="Order summary">
        {[
          ['Price per share', formatInr(q.price)],
          ['Quantity', String(quantity)],
          ['Trade value', formatInr(estimate.tradeValue)],
          ['Fees (est.)', formatInr(estimate.fees)],
        ].map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-300">{k}</dt>
            <dd className="tabular-nums text-slate-900 dark:text-slate-100">{v}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold dark:border-slate-700">
          <dt className="text-slate-900 dark:text-white">Total cost</dt>
          <dd className="tabular-nums text-slate-900 dark:text-white" data-testid="quick-buy-total">
            {formatInr(estimate.total)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-300">Available cash</dt>
          <dd
            className={cn(
              'tabular-nums',
              b.insufficient
                ? 'font-semibold text-red-700 dark:text-red-400'
                : 'text-slate-900 dark:text-slate-100',
            )}
          >
            {account.data ? formatInr(b.cash) : '—'}
          </dd>
        </div>
      </dl>

      <ClassTicketFields ticket={b.classTicket} />

      <SlideToConfirm
        label="Slide to Buy"
        releaseLabel="Release to Buy!"
        busyLabel="Processing..."
        busy={trade.isPending}
        disabled={reason !== null || !account.data}
        onConfirm={b.buy}
      />
      {reason && !trade.isPending ? (
        <p
          role="alert"
          data-testid="quick-buy-disabled-reason"
          className="rounded-lg bg-red-50 p-2.5 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-300"
        >
          {reason}
        </p>
      ) : null}
    </>
  );
}
