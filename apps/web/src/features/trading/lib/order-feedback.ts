import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { TOAST_DURATIONS } from '../../../lib/notify';

/** Spec §8: success shows the server's message; failure is 'Order failed' with the server's reason. */
export function toastOrderPlaced(message: string): void {
  toast.success(message, { duration: TOAST_DURATIONS.success });
}

export function toastOrderFailed(error: unknown): void {
  toast.error('Order failed', {
    description: errorMessage(error, 'An unexpected error occurred'),
    duration: TOAST_DURATIONS.error,
  });
}
