import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCancelReplayOrder } from '../api/replay-trading-api';

/** Cancels one resting order at a time; the server's refusal (already filled, say) is shown as it said it. */
export function useCancelReplayOrderAction(replayId: string, portfolioId: string) {
  const cancel = useCancelReplayOrder(replayId, portfolioId);
  const [error, setError] = useState<string | undefined>();
  const run = (orderId: string) => {
    setError(undefined);
    cancel.mutate(orderId, { onError: (err) => setError(errorMessage(err, 'The order was not cancelled')) });
  };
  return { run, pendingId: cancel.isPending ? cancel.variables : undefined, error };
}
