import {
  checkOrder,
  checkOrderPrice,
  insufficientFunds,
  insufficientShares,
  type Refusal,
  computeFees,
  formatInr,
  LIMIT_PRICE_MESSAGE,
  MAX_ORDER_QUANTITY,
  QUANTITY_MESSAGE,
  rupeesToPaise,
  TRIGGER_PRICE_MESSAGE,
  type Instrument,
  type OrderCheck,
  type OrderSide,
  type OrderType,
  DEFAULT_PRODUCT,
  type FeeSchedule,
  type Product,
  type PlaceOrderRequest,
  type Quote,
} from '@nivesh/shared';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { estimateTrade, type OrderEstimate } from '../../../lib/order-estimate';

/** What the user typed, as typed: fields stay strings until the order is built. */
export interface OrderDraft {
  side: OrderSide;
  orderType: OrderType;
  quantity: string;
  price: string;
  triggerPrice: string;
  /** DAY is the only validity a new order has (no GTC on Indian exchanges). */
  validity: 'DAY';
  product: Product;
}

export const emptyDraft = (side: OrderSide = 'BUY', product: Product = DEFAULT_PRODUCT): OrderDraft => ({
  side,
  orderType: 'MARKET',
  quantity: '1',
  price: '',
  triggerPrice: '',
  validity: 'DAY',
  product,
});

/** The quantity is a whole number ≥ 1; anything else is not a quantity. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_ORDER_QUANTITY ? n : null;
}

/** A price in rupees with at most 2 decimals, > 0. */
export function parsePrice(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** The field the price of this order type is typed into, if any. */
export function priceField(orderType: OrderType): 'price' | 'triggerPrice' | null {
  if (orderType === 'LIMIT') return 'price';
  if (orderType === 'STOP') return 'triggerPrice';
  return null;
}

/** The price an estimate uses: the market for MARKET, the limit for LIMIT, the trigger for STOP. */
export function estimatePrice(draft: OrderDraft, marketPrice: number): number | null {
  const field = priceField(draft.orderType);
  return field ? parsePrice(draft[field]) : marketPrice > 0 ? marketPrice : null;
}

/** The lib's one estimate (quantity × price and the schedule's charges), at the draft's price. */
export function estimateOrder(
  draft: OrderDraft,
  marketPrice: number,
  schedule: FeeSchedule = ticketSchedule(draft.product),
): OrderEstimate | null {
  return estimateTrade(
    draft.side,
    estimatePrice(draft, marketPrice),
    parseQuantity(draft.quantity),
    schedule,
  );
}

export interface DraftErrors {
  quantity?: string;
  price?: string;
  triggerPrice?: string;
  /** Funds or shares: shown under the form. */
  balance?: string;
}

/** The order form's field messages. */
export function draftErrors(
  draft: OrderDraft,
  marketPrice: number,
  availableCash: number,
  availableQuantity: number,
  schedule: FeeSchedule = ticketSchedule(draft.product),
): DraftErrors {
  const errors: DraftErrors = {};
  const quantity = parseQuantity(draft.quantity);
  if (quantity === null) errors.quantity = QUANTITY_MESSAGE;
  if (draft.orderType === 'LIMIT' && parsePrice(draft.price) === null) errors.price = LIMIT_PRICE_MESSAGE;
  if (draft.orderType === 'STOP' && parsePrice(draft.triggerPrice) === null)
    errors.triggerPrice = TRIGGER_PRICE_MESSAGE;
  const estimate = estimateOrder(draft, marketPrice, schedule);
  if (estimate && draft.side === 'BUY' && estimate.total > availableCash) {
    errors.balance = `Insufficient funds. Available: ${formatInr(availableCash)}`;
  }
  if (quantity !== null && draft.side === 'SELL' && quantity > availableQuantity) {
    errors.balance = `Insufficient shares. Available: ${availableQuantity}`;
  }
  return errors;
}

/** The request body; callers check the draft first (an unusable field is left out for the server to name). */
export function toPlaceRequest(symbol: string, draft: OrderDraft): PlaceOrderRequest {
  const body: PlaceOrderRequest = {
    symbol,
    type: draft.side,
    orderType: draft.orderType,
    quantity: parseQuantity(draft.quantity) ?? 0,
    validity: draft.validity,
    product: draft.product,
  };
  const field = priceField(draft.orderType);
  const price = field ? parsePrice(draft[field]) : null;
  if (field && price !== null) body[field] = price;
  return body;
}

export interface DraftContext {
  quote: Pick<
    Quote,
    | 'price'
    | 'previousClose'
    | 'currency'
    | 'symbol'
    | 'bandClass'
    | 'lowerCircuit'
    | 'upperCircuit'
    | 'circuitLock'
  > & { type?: Instrument['type'] };
  availableCash: number;
  availableQuantity: number;
  /** The schedule to cost the draft by; today's row of its product on NSE when left out. */
  schedule?: FeeSchedule;
}

/**
 * The shared order rules applied to what was typed: the same check the server makes, so the
 * Place/Slide buttons are disabled with the reason the server would give.
 */
export function checkDraft(draft: OrderDraft, ctx: DraftContext): OrderCheck {
  const field = priceField(draft.orderType);
  return checkOrder({
    side: draft.side,
    orderType: draft.orderType,
    quantity: parseQuantity(draft.quantity),
    price: field ? parsePrice(draft[field]) : null,
    instrument: { currency: ctx.quote.currency, type: ctx.quote.type, symbol: ctx.quote.symbol },
    marketPrice: ctx.quote.price,
    circuit: ctx.quote,
    funds: { availableCashPaise: rupeesToPaise(ctx.availableCash), availableQuantity: ctx.availableQuantity },
    schedule: ctx.schedule ?? ticketSchedule(draft.product),
  });
}

/**
 * The refusal the server would answer for this draft, with its rule and one-click fix, when the
 * form can already tell (cash or free shares short, a price off the grid or outside the circuit);
 * null when the draft passes or the form cannot tell.
 */
export function foreseenRefusal(draft: OrderDraft, ctx: DraftContext): Refusal | null {
  const check = checkDraft(draft, ctx);
  if (check.ok) return null;
  const quantity = parseQuantity(draft.quantity);
  const field = priceField(draft.orderType);
  const price = field ? parsePrice(draft[field]) : ctx.quote.price;
  if (quantity === null || price === null) return null;
  switch (check.code) {
    case 'INSUFFICIENT_FUNDS': {
      const pricePaise = rupeesToPaise(price);
      const cost = (q: number) => {
        const value = pricePaise * BigInt(q);
        return value + computeFees('BUY', value, ctx.schedule ?? ticketSchedule(draft.product)).total;
      };
      return insufficientFunds({
        requiredPaise: cost(quantity),
        availablePaise: rupeesToPaise(ctx.availableCash),
        quantity,
        pricePaise,
        unitCost: cost,
      });
    }
    case 'INSUFFICIENT_SHARES':
      return insufficientShares({
        available: ctx.availableQuantity,
        wanted: quantity,
        product: draft.product,
      });
    case 'OFF_TICK':
    case 'OUTSIDE_BAND':
      return field ? checkOrderPrice(price, ctx.quote, field) : null;
    default:
      return null;
  }
}
