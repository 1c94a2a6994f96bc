import { checkOrder, type FeeBreakdownRupees, type OrderCheck, type OrderCheckInput } from '@nivesh/shared';
import { estimateTrade, type OrderEstimate } from './order-estimate';

export interface OrderEstimateInput extends OrderCheckInput {
  /** The order's schedule: the local figures are charged by the same row the fill will be. */
  schedule: NonNullable<OrderCheckInput['schedule']>;
  /** The server's preview, only when it answers this very order (the ticket judges freshness). */
  served?: { fees: FeeBreakdownRupees; total: number } | undefined;
}

export interface OrderEstimateView {
  /** quantity × price and the fees of the schedule; null until both are usable. */
  estimate: OrderEstimate | null;
  /** The server's fee lines once it has answered this order; the same schedule's until then. */
  fees: FeeBreakdownRupees | null;
  total: number | undefined;
  /** The shared order rules (the server's own), cash or free shares included when funds are known. */
  check: OrderCheck;
  /** The check failed on cash: the Available cash line turns red. */
  insufficient: boolean;
}

/**
 * The one order estimate every ticket shows (order panel, Enhanced Order, quick buy, stock buy
 * panel): the price an order would fill at (the market, or the typed limit or trigger), its value
 * and charges, the server's preview in their place once it answers, and the check the server
 * would make, so a refused order is disabled with the server's reason. Null while there is no quote.
 */
export function useOrderEstimate(input: OrderEstimateInput | null): OrderEstimateView | null {
  if (!input) return null;
  const { side, orderType, quantity, price, marketPrice, schedule, served } = input;
  const fillPrice = orderType === 'MARKET' ? (marketPrice > 0 ? marketPrice : null) : price;
  const estimate = estimateTrade(side, fillPrice, quantity, schedule);
  const check = checkOrder(input);
  return {
    estimate,
    fees: served?.fees ?? estimate?.breakdown ?? null,
    total: served?.total ?? estimate?.total,
    check,
    insufficient: !check.ok && check.code === 'INSUFFICIENT_FUNDS',
  };
}
