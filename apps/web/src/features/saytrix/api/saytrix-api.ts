import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saytrixHistoryResponseSchema, type SaytrixMessage } from '@nivesh/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const saytrixKeys = { history: (sessionId: string) => ['saytrix', 'history', sessionId] as const };

/** The stored conversation, so a reload shows it; the server answers a session not started yet with none. */
export function useSaytrixHistory(sessionId: string) {
  return useQuery({
    queryKey: saytrixKeys.history(sessionId),
    queryFn: async (): Promise<SaytrixMessage[]> => {
      const res = await apiRequest(`/saytrix/sessions/${encodeURIComponent(sessionId)}/messages`, {
        schema: saytrixHistoryResponseSchema,
      });
      return res.data.messages;
    },
    staleTime: Infinity,
  });
}

export function useClearSaytrix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      try {
        await apiRequest(`/saytrix/sessions/${encodeURIComponent(sessionId)}`, {
          method: 'DELETE',
          schema: z.object({ success: z.literal(true) }),
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_data, sessionId) => client.setQueryData(saytrixKeys.history(sessionId), []),
  });
}
