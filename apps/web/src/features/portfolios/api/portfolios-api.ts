import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portfolioResponseSchema, type CreatePortfolioRequest } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { portfolioKeys } from '../../../lib/active-portfolio';

/** Creating and resetting named portfolios (issue 25); the list itself is lib/active-portfolio's. */
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
