import { useState } from 'react';
import type { DerivativePosition } from '@nivesh/shared';
import { usePlaceOrder } from '../../account/api/account-api';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { optionOrder } from './use-place-strategy';

/** Exit = the opposite market order for the whole open quantity, in the position's product. */
export function useExitPosition() {
  const place = usePlaceOrder();
  const [exiting, setExiting] = useState<string | null>(null);
  const exit = async (p: DerivativePosition) => {
    setExiting(p.tradingsymbol);
    try {
      const res = await place.mutateAsync(
        optionOrder(p.tradingsymbol, p.quantity > 0 ? 'SELL' : 'BUY', Math.abs(p.quantity), p.product),
      );
      notify.success(`Exit order for ${p.tradingsymbol}: ${res.data.order.status.toLowerCase()}`);
    } catch (error) {
      notify.error(errorMessage(error, `The exit order for ${p.tradingsymbol} was not placed`));
    } finally {
      setExiting(null);
    }
  };
  return { exit, exiting };
}
