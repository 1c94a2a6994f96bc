import type { Quote } from '@nivesh/shared';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { changeTone } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import { dpChargeHint } from '../../account/lib/ticket-charges';
import { FeeLines } from '../../account/components/fee-lines';
import { signed } from '../lib/signed-price';
import { SummaryRow } from './order-controls';
import type { EnhancedOrder } from './use-enhanced-order';

export interface EnhancedOrderFeesProps {
  id: string;
  o: EnhancedOrder;
  quote: Quote;
  availableCash: number;
}

/** Fees & summary: the server's preview once it answers, the same schedule's figures until then. */
export function EnhancedOrderFees({ id, o, quote, availableCash }: EnhancedOrderFeesProps) {
  const { draft, estimate, fees, total, estimatedPnL, preview } = o;
  return (
    <section
      aria-labelledby={`${id}-fees`}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <h3
        id={`${id}-fees`}
        className="mb-1 flex items-center justify-between text-sm font-semibold text-slate-900 dark:text-white"
      >
        Fees & summary
        {preview.isFetching ? <Spinner size="sm" /> : null}
      </h3>
      <dl className="text-sm">
        <SummaryRow label="Price" value={estimate ? formatPrice(estimate.price, quote.currency) : '—'} />
        <SummaryRow
          label="Trade value"
          value={estimate ? formatPrice(estimate.tradeValue, quote.currency) : '—'}
        />
        <FeeLines fees={fees} hints={{ dpCharge: dpChargeHint(quote.exchange) }} />
        <SummaryRow label="Total fees" value={fees ? formatPrice(fees.total) : '—'} testId="modal-fees" />
        <SummaryRow
          label={draft.side === 'BUY' ? 'Total cost' : 'You receive'}
          value={total !== undefined ? formatPrice(total) : '—'}
          strong
          testId="modal-total"
        />
        {estimatedPnL !== null ? (
          <SummaryRow
            label="Estimated P&L"
            value={signed(estimatedPnL)}
            tone={changeTone(estimatedPnL)}
            testId="modal-estimated-pnl"
          />
        ) : null}
        <SummaryRow
          label={draft.side === 'BUY' ? 'Available cash' : 'Shares available'}
          value={draft.side === 'BUY' ? formatPrice(availableCash) : String(o.availableQuantity)}
          tone={o.errors.balance ? changeTone(-1) : undefined}
        />
      </dl>
      {preview.isError ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Server estimate unavailable ({errorMessage(preview.error, 'preview failed')}); figures use the same
          fee schedule.
        </p>
      ) : null}
    </section>
  );
}
