import type { FeeSchedule, OrderSide } from '@nivesh/shared';
import type { OrderEstimate } from '../../../lib/order-estimate';
import { roundTripPnL } from './pnl';

export interface OrderPnLInput {
  side: OrderSide;
  quantity: number | null;
  estimate: OrderEstimate | null;
  /** The position's average cost per share; absent when none is held. */
  avgPrice: number | undefined;
  schedule: FeeSchedule;
  /** The server's preview when it answers this very order. */
  served: { estimatedPnL: number | null } | undefined;
  /** The calculator's price: what the user typed, or the live price. */
  targetPrice: number;
}

/** The Enhanced Order P&L figures: a sell's estimated P&L, and the calculator's at the target price. */
export function orderPnL({
  side,
  quantity,
  estimate,
  avgPrice,
  schedule,
  served,
  targetPrice,
}: OrderPnLInput) {
  const estimatedPnL =
    side === 'SELL'
      ? served && served.estimatedPnL !== null
        ? served.estimatedPnL
        : estimate && avgPrice !== undefined
          ? roundTripPnL({
              side: 'SELL',
              quantity: estimate.quantity,
              entryPrice: estimate.price,
              exitPrice: estimate.price,
              avgPrice,
              schedule,
            })
          : null
      : null;
  const calculatorPnL =
    quantity !== null && estimate
      ? roundTripPnL({
          side,
          quantity,
          entryPrice: estimate.price,
          exitPrice: targetPrice,
          avgPrice,
          schedule,
        })
      : null;
  const calcBase =
    side === 'SELL' && avgPrice !== undefined && quantity ? avgPrice * quantity : (estimate?.total ?? 0);
  return { estimatedPnL, calculatorPnL, calcBase };
}
