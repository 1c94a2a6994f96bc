import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classLeaderboardResponseSchema,
  classOkResponseSchema,
  classResponseSchema,
  type CreateClassRequest,
} from '@nivesh/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { classKeys, classListQuery } from '../../../lib/active-class';
import { portfolioKeys } from '../../../lib/active-portfolio';

const path = (id: string) => `/classes/${encodeURIComponent(id)}`;

export const useClasses = () => useQuery(classListQuery());

export function useClass(id: string) {
  return useQuery({
    queryKey: classKeys.detail(id),
    queryFn: async () => (await apiRequest(path(id), { schema: classResponseSchema })).data,
  });
}

/** Standings as the server's job last computed them; refetched each minute, as the job runs. */
export function useClassStandings(id: string, enabled: boolean) {
  return useQuery({
    queryKey: classKeys.standings(id),
    queryFn: async () =>
      (await apiRequest(`${path(id)}/leaderboard`, { schema: classLeaderboardResponseSchema })).data,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useCreateClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClassRequest) =>
      apiRequest('/classes', { method: 'POST', body, schema: classResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: classKeys.all }),
  });
}

export function useJoinClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      apiRequest('/classes/join', { method: 'POST', body: { inviteCode }, schema: classResponseSchema }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: classKeys.all });
      // Joining opens a class portfolio.
      void client.invalidateQueries({ queryKey: portfolioKeys.all });
    },
  });
}

export function useRotateInviteCode(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${path(id)}/invite-code`, { method: 'POST', schema: classResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: classKeys.all }),
  });
}

export function useRemoveStudent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`${path(id)}/members/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
        schema: classOkResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: classKeys.all }),
  });
}

export const downloadClassReport = (id: string) => apiDownload(`${path(id)}/report.csv`, 'nivesh-class.csv');
