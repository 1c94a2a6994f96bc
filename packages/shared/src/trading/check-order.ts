import { computeFees, type FeeSchedule } from './fees.js';
import { formatInr, rupeesToPaise } from '../lib/money.js';
import { isOnTick, priceBand, tickSize } from '../market/tick-size.js';
import type { Currency, Instrument } from '../market/market.schema.js';

type InstrumentType = Instrument['type'];
import {
  LIMIT_PRICE_MESSAGE,
  MAX_ORDER_QUANTITY,
  QUANTITY_MESSAGE,
  TRIGGER_PRICE_MESSAGE,
  type OrderSide,
  type OrderType,
} from './order.schema.js';

/** Why an order would be refused; the web shows `reason` beside the disabled control, the server answers it. */
export type OrderCheckCode =
  | 'NOT_TRADABLE'
  | 'QUANTITY'
  | 'PRICE_MISSING'
  | 'OFF_TICK'
  | 'OUTSIDE_BAND'
  | 'NO_MARKET_PRICE'
  | 'INSUFFICIENT_FUNDS'
  | 'INSUFFICIENT_SHARES';

export type OrderCheck = { ok: true } | { ok: false; code: OrderCheckCode; reason: string };

export interface OrderCheckInput {
  side: OrderSide;
  orderType: OrderType;
  /** The parsed quantity; null when what was typed is not a whole number. */
  quantity: number | null;
  /** Rupees: the limit for LIMIT, the trigger for STOP; ignored for MARKET. Null when missing or unparsable. */
  price: number | null;
  instrument: { currency: Currency; type?: InstrumentType | undefined; symbol?: string | undefined };
  /** The last traded price in rupees: what a market order is costed at. */
  marketPrice: number;
  /** Rupees; when given, a limit or trigger must lie inside the day's ±20% band around it. */
  previousClose?: number | null | undefined;
  /**
   * What the user can spend and sell now: cash minus what resting buys reserve, and shares held
   * minus what resting sells reserve. Omitted when the caller checks money elsewhere (the server
   * does it under the account lock).
   */
  funds?: { availableCashPaise: bigint; availableQuantity: number } | undefined;
  /** The charges of the order's product (scheduleFor); delivery under the default plan when omitted. */
  schedule?: FeeSchedule | undefined;
}

/** Only rupee-priced stocks trade: cash is rupees and there is no FX leg. */
export const VIEW_ONLY_MESSAGE =
  'US stocks are view only: cash is in rupees, so only NSE/BSE stocks can be traded';
export const INDEX_MESSAGE = 'An index cannot be traded';

/** Whether an instrument can be ordered at all (a rupee-priced stock). */
export function isTradable(instrument: { currency: Currency; type?: InstrumentType | undefined }): boolean {
  return instrument.currency === 'INR' && instrument.type !== 'INDEX';
}

export const tickMessage = (label: 'Limit price' | 'Trigger price', price: number, currency: Currency) =>
  `${label} must be a multiple of the tick size (₹${tickSize(price, currency).toFixed(2)})`;

export const bandMessage = (label: 'Limit price' | 'Trigger price', band: { lower: number; upper: number }) =>
  `${label} must be within 20% of the previous close (${formatInr(band.lower)} to ${formatInr(band.upper)})`;

export const insufficientFundsMessage = (requiredPaise: bigint, availablePaise: bigint) =>
  `Insufficient balance. Required: ${formatInr(Number(requiredPaise) / 100)}, Available: ${formatInr(Number(availablePaise) / 100)}`;

export const insufficientSharesMessage = (available: number, wanted: number) => {
  const have = Math.max(available, 0);
  return `Insufficient holdings. You have ${have} ${have === 1 ? 'share' : 'shares'} free to sell, trying to sell ${wanted}`;
};

/**
 * The one set of order rules the order form and the server share: tradable instrument, quantity
 * bounds, a price on the tick grid and inside the day's band, then cash (value plus fees from the
 * shared schedule) or free shares. Pure, so the form can disable its button with the same reason
 * the server would answer with.
 */
export function checkOrder(input: OrderCheckInput): OrderCheck {
  const { instrument, side, orderType, quantity } = input;
  if (instrument.type === 'INDEX') return { ok: false, code: 'NOT_TRADABLE', reason: INDEX_MESSAGE };
  if (instrument.currency !== 'INR') return { ok: false, code: 'NOT_TRADABLE', reason: VIEW_ONLY_MESSAGE };
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1)
    return { ok: false, code: 'QUANTITY', reason: QUANTITY_MESSAGE };
  if (quantity > MAX_ORDER_QUANTITY)
    return { ok: false, code: 'QUANTITY', reason: `Quantity must be at most ${MAX_ORDER_QUANTITY}` };

  let pricePaise: bigint;
  if (orderType === 'MARKET') {
    if (!(input.marketPrice > 0))
      return { ok: false, code: 'NO_MARKET_PRICE', reason: 'No market price yet' };
    pricePaise = rupeesToPaise(input.marketPrice);
  } else {
    const label = orderType === 'LIMIT' ? 'Limit price' : 'Trigger price';
    const price = input.price;
    if (price === null || !Number.isFinite(price) || price <= 0) {
      return {
        ok: false,
        code: 'PRICE_MISSING',
        reason: orderType === 'LIMIT' ? LIMIT_PRICE_MESSAGE : TRIGGER_PRICE_MESSAGE,
      };
    }
    if (!isOnTick(price, instrument.currency))
      return { ok: false, code: 'OFF_TICK', reason: tickMessage(label, price, instrument.currency) };
    if (input.previousClose && input.previousClose > 0) {
      const band = priceBand(input.previousClose, instrument.currency);
      if (price < band.lower || price > band.upper)
        return { ok: false, code: 'OUTSIDE_BAND', reason: bandMessage(label, band) };
    }
    pricePaise = rupeesToPaise(price);
  }

  if (!input.funds) return { ok: true };
  if (side === 'BUY') {
    const value = pricePaise * BigInt(quantity);
    const required = value + computeFees('BUY', value, input.schedule).total;
    if (input.funds.availableCashPaise < required) {
      return {
        ok: false,
        code: 'INSUFFICIENT_FUNDS',
        reason: insufficientFundsMessage(required, input.funds.availableCashPaise),
      };
    }
  } else if (input.funds.availableQuantity < quantity) {
    return {
      ok: false,
      code: 'INSUFFICIENT_SHARES',
      reason: insufficientSharesMessage(input.funds.availableQuantity, quantity),
    };
  }
  return { ok: true };
}
