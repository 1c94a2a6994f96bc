import {
  LIMIT_PRICE_MESSAGE,
  QUANTITY_MESSAGE,
  TRIGGER_PRICE_MESSAGE,
  type Order,
  type OrderSide,
  type OrderType,
  type PlaceOrderRequest,
  type Product,
  type Replay,
} from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';

export interface TicketDraft {
  side: OrderSide;
  orderType: OrderType;
  product: Product;
  quantity: string;
  price: string;
  triggerPrice: string;
}

export const EMPTY_DRAFT: TicketDraft = {
  side: 'BUY',
  orderType: 'MARKET',
  product: 'CNC',
  quantity: '1',
  price: '',
  triggerPrice: '',
};

/** Why the ticket cannot place an order now (null: it can). */
export function ticketBlockedReason(
  replay: Pick<Replay, 'status' | 'portfolioId' | 'marketHalt'>,
): string | null {
  if (replay.status === 'finished') return 'This replay is finished: no more orders can be placed.';
  if (replay.portfolioId === null)
    return 'This replay was started before replays had their own portfolio, so it cannot trade. Start a new replay to trade.';
  if (replay.marketHalt) return replay.marketHalt.message;
  return null;
}

const positive = (text: string) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/** The order the draft asks for, or the first thing wrong with it (the server's own wording). */
export function toOrderRequest(
  symbol: string,
  draft: TicketDraft,
): { request: PlaceOrderRequest } | { error: string } {
  const quantity = positive(draft.quantity);
  if (quantity === null || !Number.isInteger(quantity)) return { error: QUANTITY_MESSAGE };
  const request: PlaceOrderRequest = {
    symbol,
    type: draft.side,
    orderType: draft.orderType,
    quantity,
    product: draft.product,
    validity: 'DAY',
  };
  if (draft.orderType === 'LIMIT') {
    const price = positive(draft.price);
    if (price === null) return { error: LIMIT_PRICE_MESSAGE };
    request.price = price;
  }
  if (draft.orderType === 'STOP') {
    const trigger = positive(draft.triggerPrice);
    if (trigger === null) return { error: TRIGGER_PRICE_MESSAGE };
    request.triggerPrice = trigger;
  }
  return { request };
}

export interface OrderOutcome {
  ok: boolean;
  text: string;
}

/** What the server did with a placed order, in words: filled at its price, resting, or turned down. */
export function orderOutcome(
  order: Pick<
    Order,
    | 'type'
    | 'quantity'
    | 'symbol'
    | 'status'
    | 'executionPrice'
    | 'limitPrice'
    | 'triggerPrice'
    | 'orderType'
    | 'statusReason'
  >,
): OrderOutcome {
  const what = `${order.type === 'BUY' ? 'Buy' : 'Sell'} ${order.quantity} ${order.symbol}`;
  switch (order.status) {
    case 'FILLED':
      return {
        ok: true,
        text: `${what}: filled at ${order.executionPrice === null ? 'the market' : formatPrice(order.executionPrice)}.`,
      };
    case 'PENDING':
    case 'OPEN': {
      const at =
        order.orderType === 'STOP' && order.triggerPrice !== null
          ? ` until the price reaches the trigger ${formatPrice(order.triggerPrice)}`
          : order.limitPrice !== null
            ? ` at the limit ${formatPrice(order.limitPrice)}`
            : '';
      return { ok: true, text: `${what}: resting${at}. It fills when the replay's price gets there.` };
    }
    default:
      return {
        ok: false,
        text: `${what}: ${order.status.toLowerCase()}${order.statusReason ? `. ${order.statusReason}` : '.'}`,
      };
  }
}
