import { plural } from '../lib/plural.js';
import { formatInr } from '../lib/money.js';
import { circuitLockReason, type BandClass, type CircuitLock } from '../market/circuit-bands.js';
import { formatDateTime } from '../lib/date-time.js';
import { PRODUCT_LABELS, type Product } from './product.js';
import { isOnTick, roundToTick, tickSize } from '../market/tick-size.js';
import { MAX_ORDER_QUANTITY, QUANTITY_MESSAGE } from './order.schema.js';
import { REFUSAL_CODES, type RefusalDetail } from './refusal.schema.js';

export * from './refusal.schema.js';

export interface Refusal extends RefusalDetail {
  message: string;
  /** The request field the refusal is about, for forms that mark the field. */
  field?: 'price' | 'triggerPrice' | 'quantity';
}

const shares = (n: number) => plural(n, 'share');
const rupees = (n: number) => formatInr(n);

/**
 * A buy that costs more than the free cash. `unitCost(q)` is the cash q shares need (value plus
 * fees), so the suggestion is the largest quantity whose cost fits, found exactly.
 */
export function insufficientFunds(input: {
  requiredPaise: bigint;
  availablePaise: bigint;
  quantity: number;
  pricePaise: bigint;
  unitCost: (quantity: number) => bigint;
}): Refusal {
  const required = Number(input.requiredPaise) / 100;
  const available = Number(input.availablePaise) / 100;
  const price = Number(input.pricePaise) / 100;
  let affordable = 0;
  if (input.pricePaise > 0n && input.availablePaise > 0n) {
    let q = Number(input.availablePaise / input.pricePaise);
    q = Math.min(q, input.quantity - 1);
    while (q > 0 && input.unitCost(q) > input.availablePaise) q -= 1;
    affordable = Math.max(q, 0);
  }
  return {
    code: REFUSAL_CODES.insufficientFunds,
    message: `Insufficient balance. Required: ${rupees(required)}, Available: ${rupees(available)}`,
    rule: `A buy needs its value plus fees in free cash: ${shares(input.quantity)} at ${rupees(price)} need ${rupees(required)}, and ${rupees(available)} is available.`,
    ...(affordable > 0 ? { suggestion: { quantity: affordable } } : {}),
  };
}

/**
 * A sell beyond the free shares of its product: a sell draws only on the position of its own
 * product (delivery or intraday), and there is no short selling.
 */
export function insufficientShares(input: { available: number; wanted: number; product?: Product }): Refusal {
  const available = Math.max(input.available, 0);
  const held = input.product ? ` as ${PRODUCT_LABELS[input.product].long}` : '';
  return {
    code: REFUSAL_CODES.insufficientShares,
    message: `Insufficient holdings. You have ${shares(available)}${held} free to sell, trying to sell ${input.wanted}`,
    rule: `You can sell only shares you hold${held} and have not already put up for sale: ${shares(available)} ${available === 1 ? 'is' : 'are'} free, and this order sells ${input.wanted}.`,
    ...(available > 0 ? { suggestion: { quantity: available } } : {}),
  };
}

/** A limit or trigger price between two ticks; the suggestion is the nearest price on the grid. */
export function priceOffTick(price: number, field: 'price' | 'triggerPrice'): Refusal {
  const tick = tickSize(price);
  const label = field === 'price' ? 'Limit price' : 'Trigger price';
  return {
    code: REFUSAL_CODES.priceOffTick,
    field,
    message: `${label} must be a multiple of the tick size (₹${tick.toFixed(2)})`,
    rule: `Prices move in steps of ₹${tick.toFixed(2)} at this level, so ${rupees(price)} is not a valid price; the nearest valid one is ${rupees(roundToTick(price))}.`,
    suggestion: { price: roundToTick(price) },
  };
}

/** A stock's limits as a quote carries them, with the close they were measured from. */
export interface QuotedCircuit {
  bandClass: BandClass | null;
  lowerCircuit: number | null;
  upperCircuit: number | null;
  previousClose: number;
}

/**
 * A price outside the stock's circuit (its fixed band, or the current operating range of a stock
 * with derivatives); the suggestion is the nearer limit.
 */
export function priceOutsideBand(
  price: number,
  circuit: QuotedCircuit & { lowerCircuit: number; upperCircuit: number },
  field: 'price' | 'triggerPrice',
): Refusal {
  const { lowerCircuit: lower, upperCircuit: upper, previousClose } = circuit;
  const edge = price > upper ? upper : lower;
  const label = field === 'price' ? 'Limit price' : 'Trigger price';
  const dynamic = circuit.bandClass === 'DYNAMIC';
  const limits = `${rupees(lower)} – ${rupees(upper)}`;
  const why = dynamic
    ? `This stock has derivatives, so it has no fixed circuit but an operating range around the previous close of ${rupees(previousClose)} (±10%, widened in 5% steps after a 15-minute cool-off at its edge); now it is ${rupees(lower)} to ${rupees(upper)}`
    : `This stock's circuit is ±${circuit.bandClass ?? ''} of the previous close of ${rupees(previousClose)}, that is from ${rupees(lower)} to ${rupees(upper)}`;
  return {
    code: REFUSAL_CODES.priceOutsideBand,
    field,
    message: `${label} is outside today's ${dynamic ? 'operating range' : 'circuit limits'} (${limits})`,
    rule: `${why}; ${rupees(price)} is ${price > upper ? 'above' : 'below'} it, so no order at that price can trade today.`,
    suggestion: { price: edge },
  };
}

/** Checks a limit or trigger price against the grid, then the circuit (when the quote has one). */
export function checkOrderPrice(
  price: number,
  circuit: QuotedCircuit | null,
  field: 'price' | 'triggerPrice',
): Refusal | null {
  if (!isOnTick(price)) return priceOffTick(price, field);
  if (circuit && circuit.lowerCircuit !== null && circuit.upperCircuit !== null) {
    const { lowerCircuit, upperCircuit } = circuit;
    if (price < lowerCircuit || price > upperCircuit)
      return priceOutsideBand(price, { ...circuit, lowerCircuit, upperCircuit }, field);
  }
  return null;
}

/** A market order on the side a circuit lock leaves without a counterparty. */
export function circuitLocked(lock: CircuitLock, limit: number, side: 'BUY' | 'SELL'): Refusal {
  return {
    code: REFUSAL_CODES.circuitLocked,
    message: circuitLockReason(lock, limit),
    rule: `The stock is locked at its ${lock === 'UPPER' ? 'upper' : 'lower'} circuit of ${rupees(limit)}: every order there is a ${lock === 'UPPER' ? 'buy' : 'sell'}, so a market ${side.toLowerCase()} has nothing to fill against. A ${side === 'BUY' ? 'buy' : 'sell'} LIMIT waits in the book until the lock breaks.`,
  };
}

/** Equity trades in whole shares (a lot of 1) from 1 up to the per-order cap. */
export function checkQuantity(quantity: number): Refusal | null {
  if (Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_ORDER_QUANTITY) return null;
  const overCap = Number.isFinite(quantity) && quantity > MAX_ORDER_QUANTITY;
  const suggested = overCap
    ? MAX_ORDER_QUANTITY
    : Number.isFinite(quantity)
      ? Math.max(1, Math.floor(quantity))
      : 1;
  return {
    code: REFUSAL_CODES.quantityInvalid,
    field: 'quantity',
    message: overCap ? `Quantity must be at most ${MAX_ORDER_QUANTITY}` : QUANTITY_MESSAGE,
    rule: `Shares trade in lots of 1, so an order is a whole number of shares from 1 to ${MAX_ORDER_QUANTITY.toLocaleString('en-IN')}; ${quantity} is not.`,
    suggestion: { quantity: suggested },
  };
}

export function marketClosed(opensAt: string): Refusal {
  return {
    code: REFUSAL_CODES.marketClosed,
    message: 'Market is closed',
    rule: `NSE trades on weekdays from 09:15 to 15:30 IST; the next session opens ${opensAt}.`,
  };
}

/**
 * An order while the market-wide circuit breaker halts trading (market-wide-breaker.ts): nothing is
 * accepted until the market reopens after its pre-open call auction.
 */
export function marketHalted(halt: { message: string; reopensAt: string | null }): Refusal {
  return {
    code: REFUSAL_CODES.marketHalted,
    message: halt.reopensAt
      ? `Trading is halted by the market-wide circuit breaker until ${formatDateTime(halt.reopensAt)} IST`
      : 'Trading is halted by the market-wide circuit breaker for the rest of the day',
    rule: `${halt.message} Orders are not accepted during a halt or its pre-open call auction, and resting orders do not fill.`,
  };
}

/** A new intraday order after the cut-off, until the next session's window opens. */
export function intradayCutoffPassed(
  cutoff: { at: string; reopensAt: string | null },
  segment: 'EQ' | 'FO' = 'EQ',
): Refusal {
  const when = (iso: string) => `${formatDateTime(iso)} IST`;
  const fo = segment === 'FO';
  return {
    code: REFUSAL_CODES.intradayCutoff,
    message: `Intraday (MIS) ${fo ? 'F&O ' : ''}orders closed at the cut-off, ${when(cutoff.at)}`,
    rule: `New intraday (MIS) orders are refused after the intraday cut-off (${fo ? '15:25 IST for F&O' : '15:20 IST on NSE hours'}), when open MIS positions are squared off${cutoff.reopensAt ? `; MIS opens again at ${when(cutoff.reopensAt)}` : ''}. ${fo ? 'An NRML order is accepted now.' : 'A delivery (CNC) order is accepted now.'}`,
  };
}

export function priceChanged(seen: number, market: number, limitPercent: number): Refusal {
  return {
    code: REFUSAL_CODES.priceChanged,
    message: 'Price changed, please review',
    rule: `A quick trade goes through only while the price is within ${limitPercent}% of the one you saw: you saw ${rupees(seen)} and it is now ${rupees(market)}.`,
  };
}
