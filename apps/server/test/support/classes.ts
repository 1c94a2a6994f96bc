import { expect } from 'vitest';
import type { ClassDetail } from '@nivesh/shared';
import type { User } from './orders.js';
import type { TestContext } from './test-app.js';

/** A teacher creates a class (50,000 rupees each, the dates and rules given); the teacher's view of it. */
export async function createClassAs(
  ctx: TestContext,
  teacher: User,
  rules: Record<string, unknown>,
  dates: { startDate: string; endDate: string },
): Promise<ClassDetail> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/classes',
    token: teacher.token,
    payload: { name: 'Markets 101', startingCash: 50_000, ...dates, rules },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ClassDetail;
}

/** A student joins with the class's invite code; the id of the class portfolio it gets. */
export async function joinClassAs(ctx: TestContext, student: User, cls: ClassDetail): Promise<string> {
  const joined = await ctx.request({
    method: 'POST',
    url: '/api/classes/join',
    token: student.token,
    payload: { inviteCode: cls.inviteCode },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  return (joined.json().data as ClassDetail).membership!.portfolioId;
}
