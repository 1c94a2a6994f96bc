import { useQuery } from '@tanstack/react-query';
import { chargesResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/charges: the schedules in force today with their dates and sources. */
export function useCharges(enabled = true) {
  return useQuery({
    queryKey: ['charges'],
    queryFn: () => apiRequest('/charges', { schema: chargesResponseSchema }).then((r) => r.data),
    enabled,
    // The table changes by date, not by the minute.
    staleTime: 60 * 60_000,
  });
}
