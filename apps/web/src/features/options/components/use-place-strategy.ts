import { useState } from 'react';
import type { PlaceOrderRequest } from '@nivesh/shared';
import { newClientOrderId, usePlaceOrder } from '../../account/api/account-api';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { units, type StrategyLeg } from '../lib/strategy';

export interface LegOutcome {
  tradingsymbol: string;
  side: StrategyLeg['side'];
  ok: boolean;
  /** The order's status when placed, or the server's reason when refused. */
  detail: string;
}

/** An F&O market order: quantity in units (whole lots), NRML (carried to expiry). */
export function optionOrder(
  tradingsymbol: string,
  side: 'BUY' | 'SELL',
  quantity: number,
  product: 'NRML' | 'MIS' = 'NRML',
): PlaceOrderRequest & { clientOrderId: string } {
  return {
    symbol: tradingsymbol,
    type: side,
    orderType: 'MARKET',
    quantity,
    validity: 'DAY',
    product,
    clientOrderId: newClientOrderId(),
  };
}

/**
 * Sends each leg as its own market order, one after another, like a Kite basket: legs are not
 * atomic, so a refused leg leaves the others placed, and the outcome of each is shown.
 */
export function usePlaceStrategy(onAllPlaced: () => void) {
  const place = usePlaceOrder();
  const [pending, setPending] = useState(false);
  const [outcomes, setOutcomes] = useState<LegOutcome[]>([]);

  const run = async (legs: readonly StrategyLeg[], lotSize: number) => {
    setPending(true);
    setOutcomes([]);
    const done: LegOutcome[] = [];
    for (const leg of legs) {
      try {
        const res = await place.mutateAsync(optionOrder(leg.tradingsymbol, leg.side, units(leg, lotSize)));
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
