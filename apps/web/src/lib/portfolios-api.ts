import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  portfolioResponseSchema,
  portfolioSeasonsResponseSchema,
  type CreatePortfolioRequest,
} from '@nivesh/shared';
import { apiRequest } from './api-client';
import { portfolioKeys } from './active-portfolio';

/**
 * Creating, resetting and reading the seasons of named portfolios (issue 25). Here rather than in
 * a feature because /portfolios and /history (the season selector) both read it; neither is in
 * the first paint, so none of this is in the dashboard's bundle.
 */
export const seasonKeys = {
  list: (portfolioId: string) => ['portfolios', 'seasons', portfolioId] as const,
};

export function usePortfolioSeasons(portfolioId: string | undefined) {
  return useQuery({
    queryKey: seasonKeys.list(portfolioId ?? 'none'),
    enabled: portfolioId !== undefined,
    queryFn: () =>
      apiRequest(`/portfolios/${encodeURIComponent(portfolioId!)}/seasons`, {
        schema: portfolioSeasonsResponseSchema,
      }).then((r) => r.data),
  });
}

export function useCreatePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePortfolioRequest) =>
      apiRequest('/portfolios', { method: 'POST', body, schema: portfolioResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: portfolioKeys.all }),
  });
}

/** Closes the open season read-only and starts the next; every cached figure of it is stale. */
export function useResetPortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/portfolios/${encodeURIComponent(id)}/reset`, {
        method: 'POST',
        schema: portfolioResponseSchema,
      }),
    // Orders, GTTs, journal and figures all moved to the closed season: refetch everything.
    onSettled: () => client.invalidateQueries(),
  });
}
