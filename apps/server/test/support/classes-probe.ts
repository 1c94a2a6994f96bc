import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ClassDetail } from '@nivesh/shared';
import type { signUp, TestContext } from './test-app.js';
import { key } from './orders.js';

/** Helpers of the black-box Classrooms probe (issue 26): HTTP only, as a client would. */

export type User = Awaited<ReturnType<typeof signUp>>;
export type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
/** Thursday 2026-11-26, 10:30 IST: a fixed clock keeps the simulated prices and the class dates stable. */
export const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
export const TODAY = '2026-11-26';

export const call = (
  ctx: TestContext,
  user: User | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  ctx.request({
    method,
    url,
    ...(user ? { token: user.token } : {}),
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

export async function createClass(ctx: TestContext, teacher: User, body: Record<string, unknown> = {}) {
  const res = await call(ctx, teacher, 'POST', '/api/classes', {
    name: `Probe ${randomBytes(3).toString('hex')}`,
    startingCash: 100_000,
    startDate: TODAY,
    endDate: '2026-12-31',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ClassDetail;
}

/** Joins with the code and returns the student's class portfolio id. */
export async function joinClass(ctx: TestContext, student: User, klass: ClassDetail) {
  const res = await call(ctx, student, 'POST', '/api/classes/join', { inviteCode: klass.inviteCode });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const detail = await call(ctx, student, 'GET', `/api/classes/${klass.id}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return (detail.json().data as ClassDetail).membership!.portfolioId;
}

export const order = (ctx: TestContext, user: User, portfolioId: string, body: Record<string, unknown>) =>
  call(ctx, user, 'POST', '/api/orders/place', {
    clientOrderId: key(),
    orderType: 'MARKET',
    product: 'CNC',
    validity: 'DAY',
    type: 'BUY',
    portfolioId,
    ...body,
  });

export async function price(ctx: TestContext, user: User, symbol: string) {
  const res = await call(ctx, user, 'GET', `/api/stocks/quote/${symbol}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { price: number }).price;
}

/** What a student sees of a portfolio's money and holdings. */
export async function snapshot(ctx: TestContext, user: User, portfolioId: string) {
  const account = await call(ctx, user, 'GET', `/api/virtual-money/account?portfolioId=${portfolioId}`);
  const holdings = await call(ctx, user, 'GET', `/api/portfolio/holdings?portfolioId=${portfolioId}`);
  expect(account.statusCode, account.body).toBe(200);
  expect(holdings.statusCode, holdings.body).toBe(200);
  const a = account.json().data as { balance: number; availableCash: number; reserved: number };
  return {
    balance: a.balance,
    availableCash: a.availableCash,
    reserved: a.reserved,
    holdings: (holdings.json().data as { symbol: string; quantity: number }[]).map((h) => [
      h.symbol,
      h.quantity,
    ]),
  };
}

export function expectClassRule(
  res: { statusCode: number; body: string; json: () => unknown },
  text: RegExp,
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toBe('CLASS_RULE');
  expect(body.message).toMatch(text);
}
