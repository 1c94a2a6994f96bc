import { useQuery } from '@tanstack/react-query';
import { classStudentHoldingsResponseSchema, classStudentResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { classKeys } from '../../../lib/active-class';

/** The teacher's view of one student (a student may open their own). */
export function useClassStudent(classId: string, userId: string, enabled = true) {
  return useQuery({
    queryKey: [...classKeys.all, 'student', classId, userId] as const,
    queryFn: async () =>
      (
        await apiRequest(`/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(userId)}`, {
          schema: classStudentResponseSchema,
        })
      ).data,
    enabled,
    // A 403 or 404 will not change on a retry.
    retry: false,
  });
}

/** A classmate's holdings: only when the class shows holdings to classmates (else the server's 403). */
export function useClassStudentHoldings(classId: string, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...classKeys.all, 'student-holdings', classId, userId] as const,
    queryFn: async () =>
      (
        await apiRequest(
          `/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(userId)}/holdings`,
          { schema: classStudentHoldingsResponseSchema },
        )
      ).data,
    enabled,
    retry: false,
  });
}
