import { useMemo } from 'react';
import { useClass } from '../api/classes-api';
import { useClassStudent } from '../api/class-student-api';
import { habitLines } from '../lib/habit-lines';

/** State of /classes/:id/students/:userId: the class (for its name) and the student's records. */
export function useStudentScreen(classId: string, userId: string) {
  const cls = useClass(classId);
  const student = useClassStudent(classId, userId);
  const habits = useMemo(() => (student.data ? habitLines(student.data.habits) : []), [student.data]);
  return { cls, student, habits };
}
