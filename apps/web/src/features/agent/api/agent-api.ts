import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentApprovalResponseSchema,
  agentApprovalsResponseSchema,
  agentAuditResponseSchema,
  agentKillResponseSchema,
  agentTokenResponseSchema,
  agentTokensResponseSchema,
  createAgentTokenResponseSchema,
  type CreateAgentTokenRequest,
} from '@nivesh/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/**
 * An agent acts while the page is open: what is waiting and what it did are read again this often
 * (an approval waits for the user, so it should show up without a reload).
 */
const LIVE_REFRESH_MS = 15_000;

/** One audit page; a full page means there may be older entries. */
export const AUDIT_PAGE_SIZE = 50;

export const agentKeys = {
  all: ['agent'] as const,
  tokens: ['agent', 'tokens'] as const,
  approvals: ['agent', 'approvals'] as const,
  audit: (tokenId: string | null) => ['agent', 'audit', tokenId ?? 'all'] as const,
};

export function useAgentTokens() {
  return useQuery({
    queryKey: agentKeys.tokens,
    queryFn: async () => (await apiRequest('/agent/tokens', { schema: agentTokensResponseSchema })).data,
  });
}

/** Every approval, newest first as the server lists them: the waiting ones and the decided ones. */
export function useAgentApprovals() {
  return useQuery({
    queryKey: agentKeys.approvals,
    queryFn: async () =>
      (await apiRequest('/agent/approvals', { schema: agentApprovalsResponseSchema })).data,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

function auditPath(tokenId: string | null, before: string | undefined): string {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (tokenId) params.set('tokenId', tokenId);
  if (before) params.set('before', before);
  return `/agent/audit?${params.toString()}`;
}

/** The audit log, a page at a time: "Older" asks for entries before the last one shown. */
export function useAgentAudit(tokenId: string | null) {
  return useInfiniteQuery({
    queryKey: agentKeys.audit(tokenId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      (await apiRequest(auditPath(tokenId, pageParam), { schema: agentAuditResponseSchema })).data,
    getNextPageParam: (last) => (last.length < AUDIT_PAGE_SIZE ? undefined : last.at(-1)?.id),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** Every agent action changes what the other lists show (a kill rejects approvals, an approval is audited). */
function useAgentMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useCreateAgentToken() {
  return useAgentMutation(
    async (body: CreateAgentTokenRequest) =>
      (await apiRequest('/agent/tokens', { method: 'POST', body, schema: createAgentTokenResponseSchema }))
        .data,
  );
}

export function useRevokeAgentToken() {
  return useAgentMutation(
    async (id: string) =>
      (await apiRequest(`/agent/tokens/${id}`, { method: 'DELETE', schema: agentTokenResponseSchema })).data,
  );
}

export function useKillAgentToken() {
  return useAgentMutation(
    async (id: string) =>
      (await apiRequest(`/agent/tokens/${id}/kill`, { method: 'POST', schema: agentKillResponseSchema }))
        .data,
  );
}

export function useDecideApproval() {
  return useAgentMutation(
    async ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      (
        await apiRequest(`/agent/approvals/${id}/${decision}`, {
          method: 'POST',
          schema: agentApprovalResponseSchema,
        })
      ).data,
  );
}

export const downloadTrackRecord = (tokenId: string) =>
  apiDownload(`/agent/tokens/${tokenId}/track-record.csv`, 'nivesh-agent-track-record.csv');
