import { formatInr, paiseToRupees } from '../lib/money.js';
import { plural } from '../lib/plural.js';
import type { FeeBreakdown } from './fees.js';
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
