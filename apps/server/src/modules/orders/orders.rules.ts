import {
  computeFees,
  type FeeSchedule,
  type Product,
  isTradingDay,
  istDayNumber,
  nextTradingDay,
  sessionBounds,
  type OrderSide,
  type OrderType,
  type OrderValidity,
  type SessionMode,
} from '@nivesh/shared';

/** What decides when and at what price an order executes. */
export interface OrderTerms {
  side: OrderSide;
  orderType: OrderType;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
}

/** Everything a placement asks for, in canonical form (resolved symbol, prices in paise). */
export interface PlacementTerms extends OrderTerms {
  symbol: string;
  quantity: number;
  validity: OrderValidity;
  product: Product;
}

/**
 * The canonical form of a placement request, stored on the order it created so a retry with the
 * same key can be told apart from a reuse of the key even after PATCH changed the order. Built
 * from the resolved request, not its raw body: `reliance` and `RELIANCE.NS`, or ₹100 and ₹100.00,
 * are the same order. The leading version lets the form change without misreading older rows.
 */
export function requestFingerprint(t: PlacementTerms): string {
  return JSON.stringify([
    'v1',
    t.symbol,
    t.side,
    t.orderType,
    t.quantity,
    t.limitPricePaise?.toString() ?? null,
    t.triggerPricePaise?.toString() ?? null,
    t.validity,
    // Delivery orders keep the fingerprint they had before products existed.
    ...(t.product === 'CNC' ? [] : [t.product]),
  ]);
}

/**
 * When a DAY order placed at `nowMs` lapses: the close of the session it belongs to — today's,
 * or the next trading day's when today's has closed or today does not trade.
 */
export function dayOrderExpiry(mode: SessionMode, nowMs: number): Date {
  const today = istDayNumber(nowMs);
  const day =
    isTradingDay(mode, today) && nowMs < sessionBounds(mode, today).closeMs
      ? today
      : nextTradingDay(mode, today);
  return new Date(sessionBounds(mode, day).closeMs);
}

/**
 * Whether an order executes against a market price now: a queued market order always; a LIMIT
 * when the market is at or through its limit; a STOP when the market has reached its trigger.
 */
export function isTriggered(terms: OrderTerms, marketPaise: bigint): boolean {
  switch (terms.orderType) {
    case 'MARKET':
      return true;
    case 'LIMIT':
      return terms.side === 'BUY'
        ? marketPaise <= terms.limitPricePaise!
        : marketPaise >= terms.limitPricePaise!;
    case 'STOP':
      return terms.side === 'BUY'
        ? marketPaise >= terms.triggerPricePaise!
        : marketPaise <= terms.triggerPricePaise!;
  }
}

/**
 * The price a resting order is costed at while it waits: its limit, its trigger, or (a market
 * order queued while the market is closed) the last price.
 */
export function restingPrice(terms: OrderTerms, marketPaise: bigint): bigint {
  if (terms.orderType === 'LIMIT') return terms.limitPricePaise!;
  if (terms.orderType === 'STOP') return terms.triggerPricePaise!;
  return marketPaise;
}

/** Cash a buy of `quantity` at `pricePaise` needs: the value plus that value's fees under `schedule`. */
export function buyCost(pricePaise: bigint, quantity: number, schedule: FeeSchedule): bigint {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value, schedule).total;
}

/** The cost basis leaving a position when `quantity` of `heldQuantity` shares are sold: proportional, half-up; a full exit takes all of it. */
export function costRemoved(heldCostPaise: bigint, heldQuantity: number, quantity: number): bigint {
  if (quantity >= heldQuantity) return heldCostPaise;
  return (heldCostPaise * BigInt(quantity) * 2n + BigInt(heldQuantity)) / (2n * BigInt(heldQuantity));
}

/** How far the live price is from the one the user saw, as a fraction of the latter. */
export function priceDrift(seenPaise: bigint, marketPaise: bigint): number {
  const diff = marketPaise > seenPaise ? marketPaise - seenPaise : seenPaise - marketPaise;
  return Number(diff) / Number(seenPaise);
}
