import type { Quote } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/money-format';
import { PriceInput, QuantityStepper, SideToggle, ValidityNote } from './order-controls';
import { ProductChoice } from '../../account/components/product-choice';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { EnhancedOrderCalculator } from './enhanced-order-calculator';
import type { EnhancedOrder } from './use-enhanced-order';

/** The form's left column: side, product, method, quick quantities, quantity, limit price, calculator. */
export function EnhancedOrderInputs({ id, o, quote }: { id: string; o: EnhancedOrder; quote: Quote }) {
  const { draft, set, quantity, errors } = o;
  return (
    <div className="space-y-4">
      <SideToggle value={draft.side} onChange={(side) => set({ side })} />
      <ProductChoice value={o.product} onChange={(p) => set({ product: p })} cutoff={o.cutoff} />
      <ToggleGroup
        variant="segmented"
        label="Order method"
        options={[
          { key: 'MARKET', label: 'Market' },
          { key: 'LIMIT', label: 'Limit' },
        ]}
        value={draft.orderType === 'LIMIT' ? 'LIMIT' : 'MARKET'}
        onChange={(orderType) => set({ orderType })}
      />
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200" id={`${id}-quick`}>
          Quick quantity
        </p>
        {o.suggestions.length > 0 ? (
          <div role="group" aria-labelledby={`${id}-quick`} className="flex flex-wrap gap-1.5">
            {o.suggestions.map((s) => (
              <button
                key={s.quantity}
                type="button"
                aria-pressed={quantity === s.quantity}
                onClick={() => set({ quantity: String(s.quantity) })}
                className={cn(
                  'rounded-full border px-3 py-1 text-xs font-medium',
                  quantity === s.quantity
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-slate-300 text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200',
                )}
              >
                {s.label} · {s.quantity}
              </button>
            ))}
          </div>
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {draft.side === 'SELL'
              ? `You hold no ${quote.symbol} shares to sell.`
              : 'Not enough cash for one share at this price.'}
          </p>
        )}
      </div>
      <QuantityStepper
        id={`${id}-qty`}
        value={draft.quantity}
        onChange={(q) => set({ quantity: q })}
        error={errors.quantity}
      />
      {draft.orderType === 'LIMIT' ? (
        <>
          <PriceInput
            id={`${id}-limit`}
            label="Limit Price"
            value={draft.price}
            onChange={(price) => set({ price })}
            error={errors.price}
            hint={`Market ${formatPrice(quote.price, quote.currency)}`}
          />
          <ValidityNote id={`${id}-validity`} />
        </>
      ) : null}
      <EnhancedOrderCalculator id={id} o={o} quote={quote} />
    </div>
  );
}
