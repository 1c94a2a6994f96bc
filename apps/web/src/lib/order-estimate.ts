import {
  computeFees,
  feeBreakdownInRupees,
  paiseToRupees,
  rupeesToPaise,
  type FeeBreakdownRupees,
  type FeeSchedule,
  type OrderSide,
} from '@nivesh/shared';

export interface OrderEstimate {
  price: number;
  quantity: number;
  tradeValue: number;
  fees: number;
  /** Every fee line of `fees`. */
  breakdown: FeeBreakdownRupees;
  /** Cash that would move: value + fees on a buy, value − fees on a sell. */
  total: number;
}

/**
 * Same schedule (the order's product, today's row) and rounding as the server's fill. A delivery
 * sell counts the DP charge, as the day's first sell of the scrip would pay it; the server's
 * preview, when it answers, knows whether it is.
 */
export function estimateTrade(
  side: OrderSide,
  price: number | null,
  quantity: number | null,
  schedule: FeeSchedule,
): OrderEstimate | null {
  if (quantity === null || price === null) return null;
  const value = rupeesToPaise(price) * BigInt(quantity);
  const breakdown = computeFees(side, value, schedule, { firstSellOfDay: true });
  const fees = breakdown.total;
  return {
    price,
    quantity,
    tradeValue: paiseToRupees(value),
    fees: paiseToRupees(fees),
    breakdown: feeBreakdownInRupees(breakdown),
    total: paiseToRupees(side === 'BUY' ? value + fees : value - fees),
  };
}
