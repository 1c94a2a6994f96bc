import { useQueryClient } from '@tanstack/react-query';
import { scopeOfKey, useActivePortfolio } from '../../../lib/active-portfolio';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';
import { accountKeys } from './account-api';

/**
 * Mounted once in the shell: a fill, cancel, expiry or reward on the server (from any tab or
 * the matcher) refreshes the money views of the portfolio it happened in, and only those: an
 * event about another portfolio never refetches (or repaints) the one on screen. After a
 * reconnect, whatever was missed is refetched.
 */
export function useTradingLiveSync(): void {
  const client = useQueryClient();
  const { scopeOf } = useActivePortfolio();
  const refreshScope = ({ portfolioId }: { portfolioId?: string }) => {
    const scope = scopeOf(portfolioId);
    void client.invalidateQueries({
      queryKey: accountKeys.all,
      // An event that names no portfolio (a server from before issue 25) refreshes them all.
      predicate: (query) => !portfolioId || scopeOfKey(query.queryKey) === scope,
    });
  };
  useRealtimeEvent('order-update', refreshScope);
  useRealtimeEvent('balance-updated', refreshScope);
  useRealtimeResync(() => void client.invalidateQueries({ queryKey: accountKeys.all }));
}
