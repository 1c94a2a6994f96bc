import { useQuery } from '@tanstack/react-query';
import { instanceResponseSchema, type InstanceSettings } from '@nivesh/shared';
import { apiRequest } from './api-client';

/** The on/off switches a page can be gated on. */
export type InstanceSettingsKey = 'publicLeaderboard' | 'agentSandbox';

/** The wording used until GET /api/instance answers (the server's own default). */
export const DEFAULT_VIRTUAL_CASH_LABEL = 'virtual cash';

/**
 * The operator's settings (GET /api/instance): whether the global leaderboard is listed and how
 * virtual cash is named. Until they arrive (or if they cannot be read) the leaderboard counts as
 * off, so a public instance never shows a link to a page its server refuses.
 */
export function useInstance(): InstanceSettings & { loaded: boolean } {
  const query = useQuery({
    queryKey: ['instance'],
    queryFn: () => apiRequest('/instance', { schema: instanceResponseSchema, skipSessionExpiry: true }),
    staleTime: Infinity,
    retry: false,
  });
  const data = query.data?.data;
  return {
    loaded: Boolean(data),
    publicLeaderboard: data?.publicLeaderboard ?? false,
    virtualCashLabel: data?.virtualCashLabel ?? DEFAULT_VIRTUAL_CASH_LABEL,
    agentSandbox: data?.agentSandbox ?? false,
  };
}
