import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  leaderboardResponseSchema,
  messageResponseSchema,
  type JoinLeaderboardRequest,
  type LeaderboardSeason,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  table: (season: LeaderboardSeason, page: number) => ['leaderboard', season, page] as const,
};

export function useLeaderboard(season: LeaderboardSeason, page: number) {
  return useQuery({
    queryKey: leaderboardKeys.table(season, page),
    queryFn: async () =>
      (await apiRequest(`/leaderboard?season=${season}&page=${page}`, { schema: leaderboardResponseSchema }))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useJoinLeaderboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinLeaderboardRequest) =>
      apiRequest('/leaderboard/join', { method: 'POST', body, schema: messageResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: leaderboardKeys.all }),
  });
}

export function useLeaveLeaderboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/leaderboard/leave', { method: 'POST', schema: messageResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: leaderboardKeys.all }),
  });
}
