import {
  computeFees,
  feeBreakdownInRupees,
  paiseToRupees,
  rupeesToPaise,
  type FeeBreakdownRupees,
  type FeeSchedule,
  type Holding,
  type Product,
} from '@nivesh/shared';
import { plural } from '../../../lib/plural';

export const HOLDING_FILTERS = [
  { key: 'all', label: 'All Holdings' },
  { key: 'gainers', label: 'Gainers Only' },
  { key: 'losers', label: 'Losers Only' },
] as const;
export type HoldingFilter = (typeof HOLDING_FILTERS)[number]['key'];

/** The filter keeps gainers (P&L > 0) or losers (P&L < 0); the list is by value, largest first. */
export function visibleHoldings(holdings: readonly Holding[], filter: HoldingFilter): Holding[] {
  const kept = holdings.filter((h) =>
    filter === 'gainers' ? h.pnl > 0 : filter === 'losers' ? h.pnl < 0 : true,
  );
  return kept.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol));
}

/**
 * Delivery holdings and intraday positions apart, as a broker's app shows them: the same symbol
 * may be in both, and each row is sold as the product it was bought as.
 */
export function splitByProduct(holdings: readonly Holding[]): Record<Product, Holding[]> {
  return {
    CNC: holdings.filter((h) => h.product === 'CNC'),
    MIS: holdings.filter((h) => h.product === 'MIS'),
    // Stock holdings never carry NRML (derivatives only, shown on /options).
    NRML: [],
  };
}

/** A row's identity: one position per symbol and product. */
export const holdingKey = (h: Pick<Holding, 'symbol' | 'product'>) => `${h.symbol}:${h.product}`;

export type SellQuantity = { ok: true; quantity: number } | { ok: false; message: string };

/** The prompt-style sell: a whole number above zero and no more than is held. */
export function parseSellQuantity(input: string, held: number): SellQuantity {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Please enter a valid number of shares' };
  const quantity = Number(text);
  if (quantity <= 0) return { ok: false, message: 'Please enter a valid number of shares' };
  if (quantity > held) return { ok: false, message: `You only have ${plural(held, 'share')} available` };
  return { ok: true, quantity };
}

export interface SellEstimate {
  tradeValue: number;
  fees: number;
  /** Every fee line of `fees`. */
  breakdown: FeeBreakdownRupees;
  /** What the sale credits: value minus fees. */
  net: number;
  /** Net minus the cost basis that leaves the position (proportional, half-up, as the fill books it). */
  realizedPnL: number;
}

/**
 * A market sell of `quantity` at `price`, with the cost-basis rule the fill uses and the row's
 * product schedule. A delivery sell counts the DP charge (the worst case: the server's preview
 * leaves it out when the scrip was already sold today).
 */
export function estimateSell(
  holding: Pick<Holding, 'quantity' | 'totalInvested'>,
  quantity: number,
  price: number,
  schedule: FeeSchedule,
): SellEstimate {
  const value = rupeesToPaise(price) * BigInt(quantity);
  const breakdown = computeFees('SELL', value, schedule, { firstSellOfDay: true });
  const fees = breakdown.total;
  const net = value - fees;
  const cost = rupeesToPaise(holding.totalInvested);
  const held = BigInt(holding.quantity);
  const removed = quantity >= holding.quantity ? cost : (cost * BigInt(quantity) * 2n + held) / (2n * held);
  return {
    tradeValue: paiseToRupees(value),
    fees: paiseToRupees(fees),
    breakdown: feeBreakdownInRupees(breakdown),
    net: paiseToRupees(net),
    realizedPnL: paiseToRupees(net - removed),
  };
}
