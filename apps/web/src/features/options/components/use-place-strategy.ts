import { useState } from 'react';
import type { PlaceOrderRequest } from '@nivesh/shared';
import { newClientOrderId, usePlaceOrder } from '../../account/api/account-api';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { units, type StrategyLeg } from '../lib/strategy';
import type { FoOrderType, FoProduct } from './use-order-settings';

export interface LegOutcome {
  tradingsymbol: string;
  side: StrategyLeg['side'];
  ok: boolean;
  /** The order's status when placed, or the server's reason when refused. */
  detail: string;
}

/**
 * An F&O order: quantity in units (whole lots), NRML (carried to expiry) or MIS (intraday); a
 * market order, or a limit that fills now if the market meets it and otherwise rests for the day.
 */
export function optionOrder(
  tradingsymbol: string,
  side: 'BUY' | 'SELL',
  quantity: number,
  product: FoProduct = 'NRML',
  limit?: number,
): PlaceOrderRequest & { clientOrderId: string } {
  return {
    symbol: tradingsymbol,
    type: side,
    orderType: limit === undefined ? 'MARKET' : 'LIMIT',
    ...(limit === undefined ? {} : { price: limit }),
    quantity,
    validity: 'DAY',
    product,
    clientOrderId: newClientOrderId(),
  };
}

/**
 * Sends each leg as its own order, one after another, like a Kite basket: legs are not atomic, so
 * a refused leg leaves the others placed, and the outcome of each is shown.
 */
export function usePlaceStrategy(onAllPlaced: () => void) {
  const place = usePlaceOrder();
  const [pending, setPending] = useState(false);
  const [outcomes, setOutcomes] = useState<LegOutcome[]>([]);

  const run = async (
    legs: readonly StrategyLeg[],
    lotSize: number,
    how: { product: FoProduct; orderType: FoOrderType },
  ) => {
    setPending(true);
    setOutcomes([]);
    const done: LegOutcome[] = [];
    for (const leg of legs) {
      try {
        const limit = how.orderType === 'LIMIT' ? leg.limit : undefined;
        const res = await place.mutateAsync(
          optionOrder(leg.tradingsymbol, leg.side, units(leg, lotSize), how.product, limit),
        );
        done.push({
          tradingsymbol: leg.tradingsymbol,
          side: leg.side,
          ok: true,
          detail: res.data.order.status,
        });
      } catch (error) {
        done.push({
          tradingsymbol: leg.tradingsymbol,
          side: leg.side,
          ok: false,
          detail: errorMessage(error, 'The order was not placed'),
        });
      }
      setOutcomes([...done]);
    }
    setPending(false);
    const placed = done.filter((o) => o.ok).length;
    if (placed === done.length) {
      notify.success(placed === 1 ? 'The order was placed' : `All ${placed} legs placed`);
      onAllPlaced();
    } else if (placed > 0) notify.warning(`${placed} of ${done.length} legs placed; see the refused ones`);
    else notify.error('No leg was placed');
  };

  return { run, pending, outcomes };
}
