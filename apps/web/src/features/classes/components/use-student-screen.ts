import { useMemo } from 'react';
import { useClass } from '../api/classes-api';
import { useAuth } from '../../../lib/auth';
import { useClassStudent, useClassStudentHoldings } from '../api/class-student-api';
import { habitLines } from '../lib/habit-lines';

/**
 * State of /classes/:id/students/:userId: the class (for its name) and the student's records. The
 * teacher (and the student themself) read the full view; a classmate reads holdings only.
 */
export function useStudentScreen(classId: string, userId: string) {
  const { user } = useAuth();
  const cls = useClass(classId);
  const full = cls.isSuccess && (cls.data.role === 'teacher' || user?.id === userId);
  const classmate = cls.isSuccess && !full;
  const student = useClassStudent(classId, userId, full);
  const holdings = useClassStudentHoldings(classId, userId, classmate);
  const habits = useMemo(() => (student.data ? habitLines(student.data.habits) : []), [student.data]);
  return { cls, student, holdings, classmate, habits };
}
