import type { ClassInfo } from '@nivesh/shared';

/** A class the signed-in user is a student of, whose class portfolio is `portfolioId`. */
export const makeStudentClass = (portfolioId: string, overrides: Partial<ClassInfo> = {}): ClassInfo => ({
  id: '7d0c4a4e-5b5e-4b8e-9d5f-00000000c1a5',
  name: 'Markets 101',
  role: 'student',
  teacherName: 'Meera Iyer',
  startingCash: 100000,
  startDate: '2000-01-01',
  endDate: '2999-12-31',
  rules: {},
  inviteCode: null,
  activeStudents: 3,
  membership: { status: 'active', portfolioId, joinedAt: '2026-11-27T20:10:00.000Z' },
  createdAt: '2026-11-27T20:00:00.000Z',
  ...overrides,
});
