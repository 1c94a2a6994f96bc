import { expect } from 'vitest';
import type { Alert } from '@nivesh/shared';
import type { TestContext } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import type { User } from '../support/orders.js';

/** The market clock the alerts tests' apps read; each test sets it and moves it forward. */
export const clock = { now: 0 };
// A Thursday, 10:30 IST.
export const START = Date.parse('2026-11-26T05:00:00Z');
export const HOUR = 3_600_000;
export const { sim, priceAt, crossAndBack } = testMarket();

export async function create(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/alerts', token: user.token, payload });
}
export async function created(
  ctx: TestContext,
  user: User,
  payload: Record<string, unknown>,
): Promise<Alert> {
  const res = await create(ctx, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Alert;
}
export async function alertsOf(ctx: TestContext, user: User): Promise<Alert[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/alerts', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Alert[];
}
export async function one(ctx: TestContext, user: User, id: string): Promise<Alert> {
  return (await alertsOf(ctx, user)).find((a) => a.id === id)!;
}
export async function notificationsOf(ctx: TestContext, user: User) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token });
  return res.json().data as {
    type: string;
    title: string;
    message: string;
    data: Record<string, unknown> | null;
  }[];
}
export const run = (ctx: TestContext) => ctx.app.alertEvaluator.runOnce();
