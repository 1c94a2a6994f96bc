import { useQuery } from '@tanstack/react-query';
import { habitsResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';

export const insightsKeys = {
  all: ['insights'] as const,
  /** Ends with the portfolio's scope (lib/active-portfolio): habits are read from one portfolio's trades. */
  habits: (scope: string) => ['insights', 'habits', scope] as const,
};

export function useHabits() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: insightsKeys.habits(scope),
    queryFn: () =>
      apiRequest(withPortfolio('/insights/habits', portfolioId), { schema: habitsResponseSchema }).then(
        (r) => r.data,
      ),
  });
}
