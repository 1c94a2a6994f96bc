import { useQueryClient } from '@tanstack/react-query';
import { scopeOfKey, useActivePortfolio } from '../../../lib/active-portfolio';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/realtime';

// Apart from the alert list's hooks: the signed-in frame mounts this on every page, and needs
// none of the rest of alerts-api in its first paint.
export const alertKeys = {
  all: ['alerts'] as const,
  /** Ends with the portfolio's scope (lib/active-portfolio): alerts belong to one portfolio. */
  list: (scope: string) => ['alerts', 'list', scope] as const,
};

/** Keeps the alert list in step with firings pushed by the server (and after a reconnect). */
export function useLiveAlerts(onTriggered?: Parameters<typeof useRealtimeEvent<'alert-triggered'>>[1]) {
  const client = useQueryClient();
  const { scopeOf } = useActivePortfolio();
  useRealtimeEvent('alert-triggered', (event) => {
    const scope = scopeOf(event.portfolioId);
    void client.invalidateQueries({
      queryKey: alertKeys.all,
      predicate: (q) => !event.portfolioId || scopeOfKey(q.queryKey) === scope,
    });
    onTriggered?.(event);
  });
  useRealtimeResync(() => void client.invalidateQueries({ queryKey: alertKeys.all }));
}
