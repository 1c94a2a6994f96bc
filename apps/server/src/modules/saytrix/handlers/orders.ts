import { OPEN_ORDER_STATUSES, parseTradingSymbol, plural, type Order } from '@nivesh/shared';
import { count, dateTimeIst, inr } from '../saytrix.format.js';
import { aboutOne, followUpContext, says } from './phrasing.js';
import type { Draft, Handler, Turn } from './types.js';

/** A derivative is counted in units (a whole number of lots), a stock in shares. */
const unitOf = (symbol: string) => (parseTradingSymbol(symbol) ? 'unit' : 'share');

const isResting = (o: Order) => OPEN_ORDER_STATUSES.includes(o.status);

/** The status in the words the app uses: a resting order is "pending", never a trade. */
export function statusWords(o: Order): string {
  switch (o.status) {
    case 'PENDING':
    case 'OPEN':
      return 'pending (not filled yet)';
    case 'FILLED':
      return `filled${o.executionPrice ? ` at ${inr(o.executionPrice)}` : ''}`;
    case 'CANCELLED':
      return `cancelled${o.statusReason ? ` (${o.statusReason})` : ''}`;
    case 'REJECTED':
      return `rejected${o.statusReason ? ` (${o.statusReason})` : ''}`;
    case 'EXPIRED':
      return `expired${o.statusReason ? ` (${o.statusReason})` : ''}`;
  }
}

function priceWords(o: Order): string {
  if (o.orderType === 'LIMIT' && o.limitPrice) return ` at ${inr(o.limitPrice)}`;
  if (o.orderType === 'STOP' && o.triggerPrice) return `, trigger ${inr(o.triggerPrice)}`;
  return '';
}

/** A replay's order has no placing time on its clock (`createdAt` empty): its fill time, if any. */
const whenWords = (o: Order) =>
  o.createdAt
    ? ` (${dateTimeIst(o.createdAt)} IST)`
    : o.executedAt
      ? ` (filled ${dateTimeIst(o.executedAt)} IST on the replay clock)`
      : '';

export const orderLine = (o: Order) =>
  `- ${o.type} ${plural(o.quantity, unitOf(o.symbol))} of **${o.symbol}** ${o.orderType}${priceWords(o)} — **${statusWords(o)}**${whenWords(o)}`;

export const orders: Handler = async (turn, d) => {
  const { userId, parsed } = turn;
  const acting = parsed.imperative === true && (parsed.op === 'cancel' || parsed.op === 'modify');
  // "Is my TCS order filled?" is about the latest TCS order whatever its status.
  // "Did my sell order go through?" names the side only: the latest order of that side.
  const byName = parsed.op === 'status' && (parsed.symbols.length > 0 || parsed.side !== undefined);
  const status = acting ? 'open' : byName ? 'all' : (parsed.orderStatus ?? 'all');
  const symbol = parsed.symbols[0];
  const { data, open, total } = await d.tools.orders(userId, status, 50);
  const mine = data.filter(
    (o) => (!symbol || o.symbol === symbol) && (acting || !parsed.side || o.type === parsed.side),
  );
  if (acting) return parsed.op === 'cancel' ? cancel(turn, mine) : modify(turn, mine);
  const list = mine.slice(0, 5);
  const sideWord = parsed.side ? `${parsed.side.toLowerCase()} ` : '';
  const what = `${status === 'open' ? 'pending ' : status === 'filled' ? 'filled ' : status === 'cancelled' ? 'cancelled ' : ''}${sideWord}orders`;
  const context = followUpContext(turn);
  if (!list.length) {
    return {
      intent: 'orders',
      response: `You have no ${what}${symbol ? ` in ${symbol}` : ''}. You have ${plural(open, 'pending order')} in all.`,
      action: 'navigate',
      params: { path: '/orders', ...aboutOne(parsed), ...(parsed.side ? { side: parsed.side } : {}) },
      suggestions: ['Buy 1 TCS', 'Portfolio analysis', 'How much cash do I have?'],
      ...(context ? { context } : {}),
    };
  }
  // "Is my TCS order filled?" answers with the latest order's status first.
  const head = byName
    ? `Your latest ${symbol ? `**${symbol}** ` : ''}${sideWord}order${symbol ? '' : ` (**${list[0]!.symbol}**)`} is **${statusWords(list[0]!)}**.`
    : `Your latest ${what}${symbol ? ` in ${symbol}` : ''} (${count(open)} pending of ${count(total)} in all):`;
  return {
    intent: 'orders',
    response: [head, list.map(orderLine).join('\n')].join('\n\n'),
    action: 'navigate',
    // The order a status question is about (its stock, side and size), for the client's card.
    params: byName
      ? { path: '/orders', symbol: list[0]!.symbol, side: list[0]!.type, quantity: list[0]!.quantity }
      : { path: '/orders', ...aboutOne(parsed), ...(parsed.side ? { side: parsed.side } : {}) },
    suggestions: ['Do I have any pending orders?', 'What did I buy this week?', 'How much cash do I have?'],
    ...(context ? { context } : {}),
  };
};

/** The one resting order the request names, or a reply saying there is none or asking which. */
function pick(turn: Turn, resting: Order[], verb: string): Order | Draft {
  const symbol = turn.parsed.symbols[0];
  const side = turn.parsed.side;
  const candidates = resting.filter((o) => isResting(o) && (!side || o.type === side));
  if (!candidates.length)
    return says(
      'orders',
      `You have no pending order${symbol ? ` in **${symbol}**` : ''} to ${verb}.`,
      ['Show my orders'],
      symbol,
    );
  if (candidates.length > 1)
    return {
      intent: 'orders',
      response: [
        `You have ${plural(candidates.length, 'pending order')}${symbol ? ` in **${symbol}**` : ''}. Which one should I ${verb}?`,
        candidates.slice(0, 5).map(orderLine).join('\n'),
      ].join('\n\n'),
      suggestions: candidates
        .slice(0, 4)
        .map((o) => `${verb} my ${o.type.toLowerCase()} ${o.quantity} ${o.symbol} order`),
      confidence: 'medium',
    };
  return candidates[0]!;
}

function cancel(turn: Turn, resting: Order[]): Draft {
  const o = pick(turn, resting, 'cancel');
  if (!('id' in o)) return o;
  return {
    intent: 'orders',
    response: `Cancel your pending ${o.type} of ${plural(o.quantity, unitOf(o.symbol))} of **${o.symbol}** (${o.orderType}${priceWords(o)})? Confirm it on the card.`,
    action: 'cancel_order',
    params: { orderId: o.id, symbol: o.symbol, side: o.type, quantity: o.quantity },
    suggestions: ['Show my orders'],
    confidence: 'high',
  };
}

function modify(turn: Turn, resting: Order[]): Draft {
  const { parsed } = turn;
  const o = pick(turn, resting, 'modify');
  if (!('id' in o)) return o;
  // Only what differs from the order as it rests is a change; asking for its current values is not.
  const differs = <T>(asked: T | undefined, now: T | null | undefined) => (asked === now ? undefined : asked);
  const quantity = differs(parsed.quantity, o.quantity);
  const price = o.orderType === 'LIMIT' ? differs(parsed.price, o.limitPrice) : undefined;
  const triggerPrice =
    o.orderType === 'STOP' ? differs(parsed.triggerPrice ?? parsed.price, o.triggerPrice) : undefined;
  const asked = parsed.quantity ?? parsed.price ?? parsed.triggerPrice;
  if (asked !== undefined && quantity === undefined && price === undefined && triggerPrice === undefined)
    return says(
      'orders',
      `Your pending ${o.type} **${o.symbol}** order is already ${plural(o.quantity, unitOf(o.symbol))}, ${o.orderType}${priceWords(o)}: nothing to change.`,
      ['Show my orders'],
      o.symbol,
    );
  if (quantity === undefined && price === undefined && triggerPrice === undefined)
    return says(
      'orders',
      `What should change on your pending ${o.type} of ${plural(o.quantity, unitOf(o.symbol))} of **${o.symbol}**: the quantity${o.orderType === 'LIMIT' ? ' or the limit price' : o.orderType === 'STOP' ? ' or the trigger' : ''}?`,
      [`Make my ${o.symbol} order ${o.quantity + 1} shares`],
      o.symbol,
    );
  const from = {
    quantity: o.quantity,
    ...(o.limitPrice ? { price: o.limitPrice } : {}),
    ...(o.triggerPrice ? { triggerPrice: o.triggerPrice } : {}),
  };
  const changes = [
    quantity !== undefined ? `quantity ${count(o.quantity)} → ${count(quantity)}` : '',
    price !== undefined ? `limit ${o.limitPrice ? inr(o.limitPrice) : '—'} → ${inr(price)}` : '',
    triggerPrice !== undefined
      ? `trigger ${o.triggerPrice ? inr(o.triggerPrice) : '—'} → ${inr(triggerPrice)}`
      : '',
  ].filter(Boolean);
  const context = followUpContext(turn);
  return {
    intent: 'orders',
    response: `Change your pending ${o.type} **${o.symbol}** order: ${changes.join(', ')}? Confirm it on the card.`,
    action: 'modify_order',
    params: {
      orderId: o.id,
      symbol: o.symbol,
      side: o.type,
      ...(quantity !== undefined ? { quantity } : {}),
      ...(price !== undefined ? { price } : {}),
      ...(triggerPrice !== undefined ? { triggerPrice } : {}),
      from,
    },
    suggestions: ['Show my orders'],
    confidence: 'high',
    ...(context ? { context } : {}),
  };
}
