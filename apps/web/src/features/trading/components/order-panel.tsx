import { useId } from 'react';
import { Sparkles } from 'lucide-react';
import { ORDER_TYPES, type OrderSide, type OrderType, type Product, type Quote } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { SideToggle, QuantityStepper } from './order-controls';
import { ProductChoice } from '../../account/components/product-choice';
import { ChargeSchedule } from '../../account/components/charge-schedule';
import { OrderRefusal } from './order-refusal';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { OrderPanelCard, OrderPanelEmpty, OrderPanelViewOnly } from './order-panel-placeholders';
import { OrderQuoteHeader } from './order-quote-header';
import { OrderPanelSummary } from './order-panel-summary';
import { OrderPriceFields } from './order-price-fields';
import { useOrderPanel } from './use-order-panel';

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
  onEnhancedOrder,
  ...rest
}: OrderPanelProps) {
  const id = useId();
  const panel = useOrderPanel(quote, { side, availableCash, ...rest });
  const { form, set, product, field, ticket, busy, refusal } = panel;

  if (!quote) return <OrderPanelEmpty />;
  if (!ticket) return <OrderPanelViewOnly quote={quote} />;
  const { errors, disabled, shown, reason } = ticket;

  return (
    <OrderPanelCard>
      <form
        className="space-y-4"
        aria-label={`Order ${quote.symbol}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) void panel.submit();
        }}
      >
        <OrderQuoteHeader quote={quote} />
        <ClassTicketFields ticket={panel.classTicket} />
        <SideToggle value={side} onChange={onSideChange} />
        <ProductChoice value={product} onChange={(p) => set({ product: p })} cutoff={panel.cutoff} />
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
        <OrderPriceFields
          id={id}
          quote={quote}
          side={side}
          field={field}
          form={form}
          errors={errors}
          set={set}
        />
        <OrderPanelSummary
          quote={quote}
          side={side}
          field={field}
          estimate={ticket.estimate}
          fees={ticket.fees}
          total={ticket.total}
          availableCash={availableCash}
          availableQuantity={panel.availableQuantity}
          short={Boolean(errors.balance)}
        />
        <ChargeSchedule exchange={quote.exchange} />
        {shown ? (
          <OrderRefusal
            refusal={shown}
            side={side}
            busy={busy}
            onFix={ticket.takeSuggestion}
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
    </OrderPanelCard>
  );
}
