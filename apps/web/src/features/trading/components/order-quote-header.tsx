import type { Quote } from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';
import { PriceChange } from '../../market/components/price-change';
import { CircuitLimits, CircuitLockBadge } from '../../market/components/circuit-limits';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

/** The order panel's stock: symbol, name, circuit, live price and change. */
export function OrderQuoteHeader({ quote }: { quote: Quote }) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 dark:text-white" data-testid="order-symbol">
          {quote.symbol}
        </p>
        <p className="truncate text-xs text-slate-600 dark:text-slate-300">{quote.name}</p>
        <CircuitLimits quote={quote} className="mt-1" />
      </div>
      <div className="flex flex-col items-end gap-1 text-right">
        <p
          className="font-semibold tabular-nums text-slate-900 dark:text-white"
          data-testid="order-market-price"
        >
          {formatPrice(quote.price, quote.currency)}
        </p>
        <PriceChange
          change={quote.change}
          percent={quote.changePercent}
          showAbsolute={false}
          className="text-xs"
        />
        <CircuitLockBadge quote={quote} />
        <SimulatedBadge />
      </div>
    </div>
  );
}
