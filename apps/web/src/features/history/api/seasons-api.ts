import { useQuery } from '@tanstack/react-query';
import { portfolioSeasonsResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

/** A portfolio's seasons (issue 25): the open one and every one a reset closed, read-only. */
export function usePortfolioSeasons(portfolioId: string | undefined) {
  return useQuery({
    // Under the portfolio list's key: creating or resetting a portfolio refreshes it too.
    queryKey: ['portfolios', 'seasons', portfolioId ?? 'none'],
    enabled: portfolioId !== undefined,
    queryFn: () =>
      apiRequest(`/portfolios/${encodeURIComponent(portfolioId!)}/seasons`, {
        schema: portfolioSeasonsResponseSchema,
      }).then((r) => r.data),
  });
}
