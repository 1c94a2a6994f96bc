import { useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { newClientOrderId } from './account-api';

/**
 * One clientOrderId per order attempt: a retry of the same order after a lost answer (network
 * error, 5xx) reuses it, so the server returns the first result instead of placing a second order.
 */
export function useOrderAttempt() {
  const attempt = useRef<{ signature: string; id: string } | null>(null);
  return {
    idFor(body: unknown): string {
      const signature = JSON.stringify(body);
      if (attempt.current?.signature !== signature) attempt.current = { signature, id: newClientOrderId() };
      return attempt.current.id;
    },
    settled(error?: unknown): void {
      const answerLost = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!answerLost) attempt.current = null;
    },
  };
}
