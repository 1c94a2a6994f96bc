import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classAssignmentListResponseSchema,
  classAssignmentResponseSchema,
  classOkResponseSchema,
  type CreateAssignmentRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { classKeys } from '../../../lib/active-class';

const path = (id: string) => `/classes/${encodeURIComponent(id)}/assignments`;
const assignmentKeys = (id: string) => [...classKeys.detail(id), 'assignments'] as const;

/** The class's assignments with progress computed by the server (refetched each minute). */
export function useClassAssignments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: assignmentKeys(id),
    queryFn: async () => (await apiRequest(path(id), { schema: classAssignmentListResponseSchema })).data,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useAddAssignment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssignmentRequest) =>
      apiRequest(path(id), { method: 'POST', body, schema: classAssignmentResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: assignmentKeys(id) }),
  });
}

export function useRemoveAssignment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      apiRequest(`${path(id)}/${encodeURIComponent(assignmentId)}`, {
        method: 'DELETE',
        schema: classOkResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: assignmentKeys(id) }),
  });
}
