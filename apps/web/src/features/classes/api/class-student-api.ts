import { useQuery } from '@tanstack/react-query';
import { classStudentResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { classKeys } from '../../../lib/active-class';

/** The teacher's view of one student (a student may open their own). */
export function useClassStudent(classId: string, userId: string) {
  return useQuery({
    queryKey: [...classKeys.all, 'student', classId, userId] as const,
    queryFn: async () =>
      (
        await apiRequest(`/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(userId)}`, {
          schema: classStudentResponseSchema,
        })
      ).data,
    // A 403 or 404 will not change on a retry.
    retry: false,
  });
}
