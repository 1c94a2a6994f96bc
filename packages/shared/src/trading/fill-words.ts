import { formatInr, paiseToRupees } from '../lib/money.js';
import { plural } from '../lib/plural.js';
import type { FeeBreakdown } from './fees.js';
import type { OrderSide, OrderType } from './order.schema.js';
import type { FeeBreakdownRupees } from './order.schema.js';

/** A fee breakdown in paise as the API carries it: every line in rupees with 2 decimals. */
export function feeBreakdownInRupees(fees: FeeBreakdown): FeeBreakdownRupees {
  return {
    brokerage: paiseToRupees(fees.brokerage),
    exchangeCharge: paiseToRupees(fees.exchangeCharge),
    stt: paiseToRupees(fees.stt),
    gst: paiseToRupees(fees.gst),
    sebiFee: paiseToRupees(fees.sebiFee),
    stampDuty: paiseToRupees(fees.stampDuty),
    dpCharge: paiseToRupees(fees.dpCharge),
    squareOffCharge: paiseToRupees(fees.squareOffCharge),
    total: paiseToRupees(fees.total),
  };
}

/** "1 share", "3 shares". */
export function shareCount(quantity: number): string {
  return plural(quantity, 'share');
}

/**
 * The one sentence a fill is described by, in the ledger, the notification, the history and the
 * toasts: "Bought 1 share of ITC at ₹400.00", "Sold 3 shares of ITC at ₹410.00".
 */
export function describeFill(fill: {
  side: 'BUY' | 'SELL';
  quantity: number;
  symbol: string;
  /** Price per share, rupees. */
  price: number;
}): string {
  const verb = fill.side === 'BUY' ? 'Bought' : 'Sold';
  return `${verb} ${shareCount(fill.quantity)} of ${fill.symbol} at ${formatInr(fill.price)}`;
}

/** How a fill came about, as the engine saw it. */
export type FillOccasion =
  /** Filled when it was placed, at the last price then. */
  | 'placement'
  /** Rested, then a matching round found the last price at or through its level. */
  | 'resting'
  /** Rested, and the price crossed its level between two matching rounds and came back. */
  | 'between-checks'
  /** The broker closed an intraday position at the cut-off. */
  | 'square-off';

export interface ReceiptFigures {
  side: OrderSide;
  orderType: OrderType;
  occasion: FillOccasion;
  /** Rupees: what the fill was priced at, and the last price the engine had when it filled. */
  fillPrice: number;
  lastPrice: number;
  limitPrice: number | null;
  triggerPrice: number | null;
  /** The cut-off as the user knows it ("15:20"), for a square-off. */
  cutoffLabel?: string;
  /** A further reason the engine had (e.g. "locked at upper circuit, no sellers"), appended as is. */
  reason?: string;
}

/**
 * The one line a fill stores to say why it got its price, composed only from the figures the
 * engine had (it fills at the last traded price; there is no order book), e.g. "Your LIMIT ₹300.00
 * was above the last price ₹211.00, so it was marketable and filled at ₹211.00".
 */
export function fillReceipt(f: ReceiptFigures): string {
  const fill = formatInr(f.fillPrice);
  const last = formatInr(f.lastPrice);
  const side = f.side === 'BUY' ? 'buy' : 'sell';
  let line: string;
  if (f.occasion === 'square-off') {
    line = `Squared off at the ${f.cutoffLabel ?? 'intraday'} intraday cut-off at ${fill}, the last price`;
  } else if (f.orderType === 'LIMIT' && f.limitPrice !== null) {
    const limit = formatInr(f.limitPrice);
    if (f.occasion === 'between-checks') {
      line = `The price touched your LIMIT ${limit} between two checks, so it filled at your limit ${fill}`;
    } else if (f.occasion === 'resting') {
      line = `The last price ${last} reached your LIMIT ${limit}, so it filled at ${fill}`;
    } else if (f.limitPrice === f.lastPrice) {
      line = `Your LIMIT ${limit} equalled the last price, so it filled at once at ${fill}`;
    } else {
      const where = f.side === 'BUY' ? 'above' : 'below';
      line = `Your LIMIT ${limit} was ${where} the last price ${last}, so it was marketable and filled at ${fill}`;
    }
  } else if (f.orderType === 'STOP' && f.triggerPrice !== null) {
    const trigger = formatInr(f.triggerPrice);
    if (f.occasion === 'between-checks') {
      line = `STOP triggered between two checks when the price first passed ${trigger}, filled at ${fill}`;
    } else if (f.occasion === 'resting') {
      line = `STOP triggered when the price reached ${last} (trigger ${trigger}), filled at ${fill}`;
    } else {
      line = `STOP trigger ${trigger} was already passed (last ${last}), so it filled at once at ${fill}`;
    }
  } else if (f.occasion === 'resting') {
    line = `MARKET ${side} queued while the market was closed, filled at the open at the last price ${fill}`;
  } else {
    line = `MARKET ${side} filled at the last price ${fill}`;
  }
  return f.reason ? `${line}; ${f.reason}` : line;
}
