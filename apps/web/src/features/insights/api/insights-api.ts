import { useQuery } from '@tanstack/react-query';
import { habitsResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export const insightsKeys = { habits: ['insights', 'habits'] as const };

export function useHabits() {
  return useQuery({
    queryKey: insightsKeys.habits,
    queryFn: () => apiRequest('/insights/habits', { schema: habitsResponseSchema }).then((r) => r.data),
  });
}
