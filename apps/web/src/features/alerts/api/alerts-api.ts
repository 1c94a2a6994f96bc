import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertListResponseSchema,
  alertResponseSchema,
  messageResponseSchema,
  type CreateAlertRequest,
  type UpdateAlertRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';
import { alertKeys } from './use-live-alerts';

export { alertKeys };

export function useAlerts() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: alertKeys.list(scope),
    queryFn: () => apiRequest(withPortfolio('/alerts', portfolioId), { schema: alertListResponseSchema }),
  });
}

export function useCreateAlert() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (body: CreateAlertRequest) =>
      apiRequest('/alerts', { method: 'POST', body: { ...body, portfolioId }, schema: alertResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useUpdateAlert() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAlertRequest }) =>
      apiRequest(`/alerts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { ...body, portfolioId },
        schema: alertResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/alerts/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        // A write names its portfolio in the body; main is the default and needs none.
        body: portfolioId ? { portfolioId } : undefined,
        schema: messageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
