import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';
import { accountKeys } from './account-api';

/**
 * Mounted once in the shell: a fill, cancel, expiry or reward on the server (from any tab or
 * the matcher) refreshes every money view; after a reconnect, whatever was missed is refetched.
 */
export function useTradingLiveSync(): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: accountKeys.all });
  useRealtimeEvent('order-update', refresh);
  useRealtimeEvent('balance-updated', refresh);
  useRealtimeResync(refresh);
}
