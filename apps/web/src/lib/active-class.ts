import { useQuery } from '@tanstack/react-query';
import { classListResponseSchema, type ClassInfo } from '@nivesh/shared';
import { apiRequest } from './api-client';
import { useActivePortfolio } from './active-portfolio';

/** Query keys of the classrooms (issue 26), shared by /classes and the order ticket. */
export const classKeys = {
  all: ['classes'] as const,
  list: () => ['classes', 'list'] as const,
  detail: (id: string) => ['classes', 'detail', id] as const,
  standings: (id: string) => ['classes', 'standings', id] as const,
};

export const classListQuery = () => ({
  queryKey: classKeys.list(),
  queryFn: async () => (await apiRequest('/classes', { schema: classListResponseSchema })).data,
  staleTime: 60_000,
});

/** The class whose portfolio is active (null for any other portfolio): its rules apply to the ticket. */
export function useActiveClass(): ClassInfo | null {
  const { portfolio } = useActivePortfolio();
  const isClass = portfolio?.kind === 'class';
  const list = useQuery({ ...classListQuery(), enabled: isClass });
  if (!isClass) return null;
  return list.data?.find((c) => c.membership?.portfolioId === portfolio.id) ?? null;
}
