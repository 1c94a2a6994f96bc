import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { replayResponseSchema, saytrixHistoryResponseSchema, type SaytrixMessage } from '@nivesh/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const saytrixKeys = {
  history: (sessionId: string) => ['saytrix', 'history', sessionId] as const,
  replay: (replayId: string) => ['saytrix', 'replay', replayId] as const,
};

/**
 * The replay on screen (/replay/:id), for what the chat sends (its portfolio's id) and says (blind
 * or not, finished or not). Read once: its portfolio and blindness do not change while open.
 */
export function useScreenReplay(replayId: string | undefined) {
  return useQuery({
    queryKey: saytrixKeys.replay(replayId ?? ''),
    queryFn: () =>
      apiRequest(`/replays/${encodeURIComponent(replayId!)}`, { schema: replayResponseSchema }).then(
        (r) => r.data,
      ),
    enabled: replayId !== undefined,
    staleTime: 60_000,
  });
}

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
