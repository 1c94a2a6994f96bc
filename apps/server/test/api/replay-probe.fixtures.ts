/**
 * The shared harness of the replay probe (replay-probe-*.test.ts): a black-box probe of trading
 * inside a replay, written from the README, the shared schemas and the harness only (not the
 * server's code). Each test asserts what a user of an Indian-broker paper-trading app would observe.
 */
import { expect } from 'vitest';
import type { Quote, Replay, ReplayPortfolio } from '@nivesh/shared';
import type { signUp, TestContext } from '../support/test-app.js';

export type User = Awaited<ReturnType<typeof signUp>>;
/** The wall clock the app reads (a replay keeps its own). */
export const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
let keys = 0;
type Method = 'GET' | 'POST';

export async function call(ctx: TestContext, user: User, method: Method, url: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
export async function ok<T>(ctx: TestContext, user: User, method: Method, url: string, payload?: unknown) {
  const res = await call(ctx, user, method, url, payload);
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(300);
  return res.json().data as T;
}
export const place = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  call(ctx, user, 'POST', '/api/orders/place', {
    validity: 'DAY',
    product: 'CNC',
    clientOrderId: `probe-${Date.now()}-${++keys}`,
    ...body,
  });
export const book = (ctx: TestContext, user: User, id: string) =>
  ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${id}/portfolio`);
export const quote = (ctx: TestContext, user: User, id: string, symbol: string) =>
  ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/${symbol}?replayId=${id}`);
export const mainBalance = async (ctx: TestContext, user: User) =>
  (await ok<{ balance: number }>(ctx, user, 'GET', '/api/virtual-money/account')).balance;
export const newReplay = async (
  ctx: TestContext,
  user: User,
  body: Record<string, unknown>,
  stepMinutes = 5,
) => {
  const r = await ok<Replay>(ctx, user, 'POST', '/api/replays', body);
  if (stepMinutes > 0) await ok(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: stepMinutes });
  return r;
};
export const paise = (x: number) => Math.round(x * 100);
/** Total Value = Available Cash + Reserved + Holdings Value (the glossary). */
export function expectMoneyAddsUp(b: ReplayPortfolio) {
  const f = b.figures;
  expect(paise(f.totalValue), JSON.stringify(f)).toBe(
    paise(f.availableCash) + paise(f.reserved) + paise(f.holdingsValue),
  );
  expect(f.availableCash).toBeGreaterThanOrEqual(0);
  expect(f.reserved).toBeGreaterThanOrEqual(0);
}
