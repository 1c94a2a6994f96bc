import type { OrderSide, Quote } from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';
import type { DraftErrors, OrderDraft } from '../lib/order-form';
import { PriceInput, ValidityNote } from './order-controls';

export interface OrderPriceFieldsProps {
  id: string;
  quote: Quote;
  side: OrderSide;
  field: 'price' | 'triggerPrice' | null;
  form: Pick<OrderDraft, 'price' | 'triggerPrice'>;
  errors: DraftErrors;
  set: (patch: Partial<OrderDraft>) => void;
}

/** The limit or trigger price the order type asks for, and the validity note; nothing for a market order. */
export function OrderPriceFields({ id, quote, side, field, form, errors, set }: OrderPriceFieldsProps) {
  return (
    <>
      {field === 'price' ? (
        <PriceInput
          id={`${id}-price`}
          label="Limit Price"
          value={form.price}
          onChange={(price) => set({ price })}
          error={form.price === '' ? undefined : errors.price}
          hint={`Fills at this price or better. Market ${formatPrice(quote.price, quote.currency)}`}
        />
      ) : field === 'triggerPrice' ? (
        <PriceInput
          id={`${id}-trigger`}
          label="Trigger Price"
          value={form.triggerPrice}
          onChange={(triggerPrice) => set({ triggerPrice })}
          error={form.triggerPrice === '' ? undefined : errors.triggerPrice}
          hint={
            side === 'BUY'
              ? 'Buys at the market once the price rises to this'
              : 'Sells at the market once the price falls to this'
          }
        />
      ) : null}
      {field ? <ValidityNote id={`${id}-validity`} /> : null}
    </>
  );
}
