import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  drillsResponseSchema,
  historicalResponseSchema,
  indicesResponseSchema,
  moversResponseSchema,
  replayListResponseSchema,
  replayResponseSchema,
  type CreateReplayRequest,
  MOVER_TYPES,
  type Period,
  type Replay,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

/** A playing replay's clock moves on the server; the page re-reads it this often. */
export const REPLAY_POLL_MS = 2_000;

export const replayKeys = {
  all: ['replays'] as const,
  list: () => ['replays', 'list'] as const,
  drills: () => ['replays', 'drills'] as const,
  one: (id: string) => ['replays', 'one', id] as const,
  /** Market reads at a replay's clock: keyed by the clock so each step shows its own minute. */
  market: (id: string, clock: string, what: string) => ['replays', 'market', id, clock, what] as const,
};

const enc = encodeURIComponent;

export type MoverType = (typeof MOVER_TYPES)[number];

export function useDrills() {
  return useQuery({
    queryKey: replayKeys.drills(),
    queryFn: () => apiRequest('/replays/drills', { schema: drillsResponseSchema }).then((r) => r.data),
    staleTime: Infinity,
  });
}

export function useReplays() {
  return useQuery({
    queryKey: replayKeys.list(),
    queryFn: () => apiRequest('/replays', { schema: replayListResponseSchema }).then((r) => r.data),
  });
}

export function useReplay(id: string) {
  return useQuery({
    queryKey: replayKeys.one(id),
    queryFn: () => apiRequest(`/replays/${enc(id)}`, { schema: replayResponseSchema }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data?.status === 'playing' ? REPLAY_POLL_MS : false),
  });
}

export function useCreateReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReplayRequest) =>
      apiRequest('/replays', { method: 'POST', body, schema: replayResponseSchema }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: replayKeys.list() }),
  });
}

export type ReplayCommand =
  | { action: 'play' | 'pause' | 'finish' }
  | { action: 'step'; minutes: number }
  | { action: 'seek'; time: string };

export function useReplayCommand(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (command: ReplayCommand) => {
      const body =
        command.action === 'step'
          ? { minutes: command.minutes }
          : command.action === 'seek'
            ? { time: command.time }
            : undefined;
      return apiRequest(`/replays/${enc(id)}/${command.action}`, {
        method: 'POST',
        body,
        schema: replayResponseSchema,
      }).then((r) => r.data);
    },
    onSuccess: (replay: Replay) => {
      client.setQueryData(replayKeys.one(id), replay);
      void client.invalidateQueries({ queryKey: replayKeys.list() });
    },
  });
}

export function useReplayIndices(replay: Replay) {
  return useQuery({
    queryKey: replayKeys.market(replay.id, replay.clock, 'indices'),
    queryFn: () =>
      apiRequest(`/stocks/indices?replayId=${enc(replay.id)}`, { schema: indicesResponseSchema }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useReplayMovers(replay: Replay, type: MoverType, limit = 8) {
  return useQuery({
    queryKey: replayKeys.market(replay.id, replay.clock, `movers-${type}-${limit}`),
    queryFn: () =>
      apiRequest(`/stocks/movers?type=${type}&limit=${limit}&replayId=${enc(replay.id)}`, {
        schema: moversResponseSchema,
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useReplayHistorical(replay: Replay, symbol: string, period: Period) {
  return useQuery({
    queryKey: replayKeys.market(replay.id, replay.clock, `historical-${symbol}-${period}`),
    queryFn: () =>
      apiRequest(`/live-charts/historical/${enc(symbol)}?period=${period}&replayId=${enc(replay.id)}`, {
        schema: historicalResponseSchema,
      }),
    enabled: symbol.length > 0,
    placeholderData: keepPreviousData,
  });
}
