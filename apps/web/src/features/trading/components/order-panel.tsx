import { useId, useState } from 'react';
import { Sparkles, Target } from 'lucide-react';
import {
  isTradable,
  rupeesToPaise,
  ORDER_TYPES,
  VIEW_ONLY_MESSAGE,
  type OrderSide,
  type OrderType,
  type Product,
  type Quote,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { changeTone } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import { usePlaceOrder } from '../../account/api/account-api';
import { PriceChange } from '../../market/components/price-change';
import {
  checkDraft,
  emptyDraft,
  draftErrors,
  estimateOrder,
  foreseenRefusal,
  priceField,
  toPlaceRequest,
  type OrderDraft,
} from '../lib/order-form';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { CircuitLimits, CircuitLockBadge } from '../../market/components/circuit-limits';
import { toastOrderFailed, toastOrderPlaced } from '../lib/order-feedback';
import { PriceInput, QuantityStepper, SideToggle, SummaryRow, ValidityNote } from './order-controls';
import { useOrderPreview } from '../../account/api/use-order-preview';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { dpChargeHint, ticketSchedule } from '../../account/lib/ticket-charges';
import { ProductChoice } from '../../account/components/product-choice';
import { FeeLines } from '../../account/components/fee-lines';
import { ChargeSchedule } from '../../account/components/charge-schedule';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { OrderRefusal, type ShownRefusal } from './order-refusal';
import { ApiError } from '../../../lib/api-client';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

const TYPE_LABELS: Record<OrderType, string> = { MARKET: 'Market', LIMIT: 'Limit', STOP: 'Stop' };

export interface OrderPanelProps {
  quote: Quote | undefined;
  side: OrderSide;
  onSideChange: (side: OrderSide) => void;
  availableCash: number;
  /** Shares free to sell, per product: a sell comes out of the position of the chosen product. */
  availableQuantity: Record<Product, number>;
  /** The product the ticket opens with (a holding row's Buy link passes its own). */
  initialProduct?: Product;
  onEnhancedOrder: (product: Product) => void;
}

/** The trading page's Place Order form. */
export function OrderPanel({
  quote,
  side,
  onSideChange,
  availableCash,
  availableQuantity: byProduct,
  initialProduct,
  onEnhancedOrder,
}: OrderPanelProps) {
  const id = useId();
  const [form, setForm] = useState<Omit<OrderDraft, 'side'>>(() => emptyDraft('BUY', initialProduct));
  const place = usePlaceOrder();
  const attempt = useOrderAttempt();
  const [refusal, setRefusal] = useState<ShownRefusal | null>(null);
  // A class portfolio's rules (issue 26): shown, checked as far as the ticket knows, and the note.
  const classTicket = useClassTicket();
  const tradable = quote !== undefined && isTradable(quote);
  const clientCutoff = useIntradayCutoff();
  // Asks for what could be placed: not Intraday once the shared rule says its cut-off has passed.
  const asked = { ...form, side, product: usableProduct(form.product, clientCutoff) };
  const previewBody = tradable ? toPlaceRequest(quote.symbol, asked) : null;
  const preview = useOrderPreview(previewBody && previewBody.quantity > 0 ? previewBody : null);
  const cutoff = preview.data?.intradayCutoff ?? clientCutoff;
  // After the cut-off Intraday cannot be chosen; a draft that had it falls back to Delivery.
  const product = usableProduct(form.product, cutoff);
  const draft: OrderDraft = { ...form, side, product };
  const availableQuantity = byProduct[product];
  const set = (patch: Partial<OrderDraft>) => {
    setRefusal(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  if (!quote) {
    return (
      <Card>
        <CardTitle
          icon={<Target aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        >
          Place Order
        </CardTitle>
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-600">
          <Target aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Select a stock to place an order
          </p>
        </div>
      </Card>
    );
  }

  if (!isTradable(quote)) {
    return (
      <Card>
        <CardTitle
          icon={<Target aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        >
          Place Order
        </CardTitle>
        <div
          className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60"
          data-testid="order-view-only"
        >
          <div className="flex items-center justify-between gap-3">
            <p className="font-semibold text-slate-900 dark:text-white" data-testid="order-symbol">
              {quote.symbol}
            </p>
            <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
              {formatPrice(quote.price, quote.currency)}
            </p>
          </div>
          <ViewOnlyBadge instrument={quote} />
          <p className="text-sm text-slate-700 dark:text-slate-200">{VIEW_ONLY_MESSAGE}.</p>
        </div>
      </Card>
    );
  }

  const field = priceField(form.orderType);
  const schedule = ticketSchedule(product, quote.exchange);
  const errors = draftErrors(draft, quote.price, availableCash, availableQuantity, schedule);
  const estimate = estimateOrder(draft, quote.price, schedule);
  // The server's lines once it has answered this very order; the same schedule's until then.
  const served = preview.fresh && preview.data?.product === product ? preview.data : undefined;
  const fees = served?.fees ?? estimate?.breakdown ?? null;
  const total = served?.total ?? estimate?.total;
  const busy = place.isPending;
  const check = checkDraft(draft, { quote, availableCash, availableQuantity, schedule });
  const quantity = Number(form.quantity);
  const classRefusal = classTicket.breach({
    symbol: quote.symbol,
    side,
    orderType: form.orderType,
    product,
    quantity,
    pricePaise: rupeesToPaise(estimate?.price ?? quote.price),
    marketPricePaise: rupeesToPaise(quote.price),
  });
  const disabled = busy || !check.ok || classRefusal !== null;
  // What the server would answer, shown before anything is sent: the rule and its one-click fix.
  const foreseen = refusal
    ? null
    : foreseenRefusal(draft, { quote, availableCash, availableQuantity, schedule });
  const shown: ShownRefusal | null =
    refusal ?? (foreseen?.suggestion ? { ...foreseen, message: foreseen.message } : null);
  const shownFieldErrors = [
    form.quantity === '' ? undefined : errors.quantity,
    field && form[field] !== '' ? errors[field] : undefined,
  ];
  // A field's own message already sits under it; the button names every other reason.
  const reason =
    classRefusal?.message ?? (check.ok || shownFieldErrors.includes(check.reason) ? null : check.reason);

  const submit = async (order: OrderDraft = draft) => {
    const body = toPlaceRequest(quote.symbol, order);
    const clientOrderId = attempt.idFor(body);
    setRefusal(null);
    try {
      const res = await place.mutateAsync({ ...body, ...classTicket.noteBody, clientOrderId });
      attempt.settled();
      toastOrderPlaced(res.message);
      set({ quantity: '1', price: '', triggerPrice: '' });
      classTicket.setNote('');
    } catch (error) {
      attempt.settled(error);
      if (error instanceof ApiError && error.refusal)
        setRefusal({ ...error.refusal, message: error.message });
      else toastOrderFailed(error);
    }
  };

  /** Takes the refusal's suggestion into the form and places the order again. */
  const takeSuggestion = () => {
    const s = shown?.suggestion;
    if (!s) return;
    const patch: Partial<OrderDraft> =
      'quantity' in s ? { quantity: String(s.quantity) } : field ? { [field]: s.price.toFixed(2) } : {};
    setForm((f) => ({ ...f, ...patch }));
    void submit({ ...draft, ...patch });
  };

  return (
    <Card>
      <CardTitle icon={<Target aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}>
        Place Order
      </CardTitle>
      <form
        className="space-y-4"
        aria-label={`Order ${quote.symbol}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) void submit();
        }}
      >
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

        <ClassTicketFields ticket={classTicket} />
        <SideToggle value={side} onChange={onSideChange} />
        <ProductChoice value={product} onChange={(p) => set({ product: p })} cutoff={cutoff} />
        <ToggleGroup
          variant="segmented"
          label="Order type"
          options={ORDER_TYPES.map((t) => ({ key: t, label: TYPE_LABELS[t] }))}
          value={form.orderType}
          onChange={(orderType) => set({ orderType })}
        />
        <QuantityStepper
          id={`${id}-qty`}
          value={form.quantity}
          onChange={(quantity) => set({ quantity })}
          error={form.quantity === '' ? undefined : errors.quantity}
        />
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
          <SummaryRow
            label="Total charges"
            value={fees ? formatPrice(fees.total) : '—'}
            testId="order-fees"
          />
          <SummaryRow
            label={side === 'BUY' ? 'Total cost' : 'You receive'}
            value={total !== undefined ? formatPrice(total) : '—'}
            strong
            testId="order-total"
          />
          <SummaryRow
            label={side === 'BUY' ? 'Available cash' : 'Shares available'}
            value={side === 'BUY' ? formatPrice(availableCash) : String(availableQuantity)}
            tone={errors.balance ? changeTone(-1) : undefined}
          />
        </dl>
        <ChargeSchedule exchange={quote.exchange} />
        {shown ? (
          <OrderRefusal
            refusal={shown}
            side={side}
            busy={busy}
            onFix={takeSuggestion}
            heading={refusal ? 'Order refused' : 'Order would be refused'}
            showMessage={refusal !== null}
          />
        ) : null}
        <Button
          type="submit"
          size="lg"
          disabled={disabled}
          aria-describedby={reason ? `${id}-reason` : undefined}
          loading={busy}
          variant={side === 'BUY' ? 'buy' : 'sell'}
          className="w-full"
        >
          {busy ? 'Placing Order...' : side === 'BUY' ? 'Place Buy Order' : 'Place Sell Order'}
        </Button>
        {reason && !busy ? (
          <p
            id={`${id}-reason`}
            role="status"
            data-testid="order-disabled-reason"
            className="-mt-2 text-sm text-red-700 dark:text-red-400"
          >
            {reason}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => onEnhancedOrder(product)}
          icon={<Sparkles aria-hidden="true" className="size-4" />}
        >
          Enhanced Order
        </Button>
      </form>
    </Card>
  );
}
