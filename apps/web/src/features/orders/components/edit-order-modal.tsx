import { useId, useState } from 'react';
import {
  parseTradingSymbol,
  LIMIT_PRICE_MESSAGE,
  QUANTITY_MESSAGE,
  TRIGGER_PRICE_MESSAGE,
  type ModifyOrderRequest,
  type Order,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useModifyOrder } from '../../account/api/account-api';
import { useLiveQuote } from '../../market/api/use-live-quote';
import { formatPrice } from '../../../lib/money-format';
import { formatDateTime } from '../../../lib/date-format';

const priceText = (v: number | null) => (v === null ? '' : v.toFixed(2));
const isQuantity = (t: string) => /^\d+$/.test(t.trim()) && Number(t) >= 1;
const isPrice = (t: string) => /^\d+(\.\d{1,2})?$/.test(t.trim()) && Number(t) > 0;

/** PATCH a resting order's quantity and its limit or trigger price; the server moves the reservation. */
export function EditOrderModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const id = useId();
  const modify = useModifyOrder();
  // The hint beside the price is the market's last price, what the new limit or trigger is set against.
  // A derivative has no stock quote (its price is on /options): its hint states its rules instead.
  const derivative = parseTradingSymbol(order.symbol) !== undefined;
  const market = useLiveQuote(derivative ? '' : order.symbol);
  const priceKey = order.orderType === 'STOP' ? 'triggerPrice' : order.orderType === 'LIMIT' ? 'price' : null;
  const [quantity, setQuantity] = useState(String(order.quantity));
  const [price, setPrice] = useState(
    priceText(order.orderType === 'STOP' ? order.triggerPrice : order.limitPrice),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const quantityError = !isQuantity(quantity) ? QUANTITY_MESSAGE : serverErrors.quantity;
  const priceError =
    priceKey && !isPrice(price)
      ? priceKey === 'price'
        ? LIMIT_PRICE_MESSAGE
        : TRIGGER_PRICE_MESSAGE
      : priceKey
        ? serverErrors[priceKey]
        : undefined;

  const body: ModifyOrderRequest = {};
  if (isQuantity(quantity) && Number(quantity) !== order.quantity) body.quantity = Number(quantity);
  const oldPrice = priceKey === 'triggerPrice' ? order.triggerPrice : order.limitPrice;
  if (priceKey && isPrice(price) && Number(price) !== oldPrice) body[priceKey] = Number(price);
  const unchanged = Object.keys(body).length === 0;

  const save = async () => {
    setSubmitted(true);
    if (quantityError || priceError || unchanged) return;
    try {
      const res = await modify.mutateAsync({ id: order.id, ...body });
      notify.success(res.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors);
      notify.error(errorMessage(error, 'Failed to modify order'));
    }
  };

  const priceLabel = priceKey === 'triggerPrice' ? 'Trigger Price' : 'Limit Price';
  return (
    <Modal
      open
      title={`Edit ${order.type === 'BUY' ? 'Buy' : 'Sell'} Order · ${order.symbol}`}
      onClose={onClose}
      description={`${order.orderType} · placed ${formatDateTime(order.createdAt)}`}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="space-y-1.5">
          <label
            htmlFor={`${id}-qty`}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Quantity
          </label>
          <input
            id={`${id}-qty`}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value.replace(/[^\d]/g, ''))}
            aria-invalid={submitted && quantityError ? true : undefined}
            aria-describedby={submitted && quantityError ? `${id}-qty-error` : undefined}
            className={inputClass}
          />
          {submitted && quantityError ? (
            <p id={`${id}-qty-error`} className="text-sm text-red-700 dark:text-red-400">
              {quantityError}
            </p>
          ) : null}
        </div>
        {priceKey ? (
          <div className="space-y-1.5">
            <label
              htmlFor={`${id}-price`}
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {priceLabel} (₹)
            </label>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value.replace(/[^\d.]/g, ''))}
              aria-invalid={submitted && priceError ? true : undefined}
              aria-describedby={submitted && priceError ? `${id}-price-error` : `${id}-price-hint`}
              className={inputClass}
            />
            {submitted && priceError ? (
              <p id={`${id}-price-error`} className="text-sm text-red-700 dark:text-red-400">
                {priceError}
              </p>
            ) : (
              <p id={`${id}-price-hint`} className="text-xs text-slate-600 dark:text-slate-300">
                {derivative
                  ? 'F&O: quantity in whole lots, limit on the ₹0.05 tick; the price is on Options'
                  : `Last price ${market ? formatPrice(market.price) : '—'}`}
              </p>
            )}
          </div>
        ) : null}
        {submitted && unchanged && !quantityError && !priceError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Change the quantity, price or trigger price
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={modify.isPending}>
            Save Changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
