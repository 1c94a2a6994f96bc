import type { FeeBreakdownRupees, OrderSide, Quote } from '@nivesh/shared';
import { changeTone } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import type { OrderEstimate } from '../../../lib/order-estimate';
import { dpChargeHint } from '../../account/lib/ticket-charges';
import { FeeLines } from '../../account/components/fee-lines';
import { SummaryRow } from './order-controls';

export interface OrderPanelSummaryProps {
  quote: Quote;
  side: OrderSide;
  field: 'price' | 'triggerPrice' | null;
  estimate: OrderEstimate | null;
  fees: FeeBreakdownRupees | null;
  total: number | undefined;
  availableCash: number;
  availableQuantity: number;
  short: boolean;
}

/** The order panel's figures: price, value, every charge, the total and what is available. */
export function OrderPanelSummary(props: OrderPanelSummaryProps) {
  const { quote, side, field, estimate, fees, total } = props;
  return (
    <dl
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 py-1 dark:divide-slate-700 dark:border-slate-700"
      aria-label="Order summary"
    >
      <SummaryRow
        label={field === 'price' ? 'Limit price' : field ? 'Trigger price' : 'Market price'}
        value={estimate ? formatPrice(estimate.price, quote.currency) : '—'}
      />
      <SummaryRow
        label="Trade value"
        value={estimate ? formatPrice(estimate.tradeValue, quote.currency) : '—'}
        testId="order-trade-value"
      />
      <FeeLines fees={fees} hints={{ dpCharge: dpChargeHint(quote.exchange) }} />
      <SummaryRow label="Total charges" value={fees ? formatPrice(fees.total) : '—'} testId="order-fees" />
      <SummaryRow
        label={side === 'BUY' ? 'Total cost' : 'You receive'}
        value={total !== undefined ? formatPrice(total) : '—'}
        strong
        testId="order-total"
      />
      <SummaryRow
        label={side === 'BUY' ? 'Available cash' : 'Shares available'}
        value={side === 'BUY' ? formatPrice(props.availableCash) : String(props.availableQuantity)}
        tone={props.short ? changeTone(-1) : undefined}
      />
    </dl>
  );
}
