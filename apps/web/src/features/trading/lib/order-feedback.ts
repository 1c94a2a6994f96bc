import { errorMessage } from '../../../lib/api-client';
import { showToast, TOAST_DURATIONS } from '../../../lib/notify';

/** Success shows the server's message; failure is 'Order failed' with the server's reason. */
export function toastOrderPlaced(message: string): void {
  showToast((toast) => toast.success(message, { duration: TOAST_DURATIONS.success }));
}

export function toastOrderFailed(error: unknown): void {
  const description = errorMessage(error, 'An unexpected error occurred');
  showToast((toast) => toast.error('Order failed', { description, duration: TOAST_DURATIONS.error }));
}
