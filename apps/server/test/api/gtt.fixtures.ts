import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { roundToTick, tickSize, type Gtt, type Order } from '@nivesh/shared';
import type { TestContext } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import type { User } from '../support/orders.js';

/** The market clock the GTT tests' apps read; each test sets it and moves it forward. */
export const clock = { now: 0 };
// A Thursday, 10:30 IST.
export const START = Date.parse('2026-11-26T05:00:00Z');
export const HOUR = 3_600_000;
export const { priceAt, crossAndBack } = testMarket();

export const below = (p: number, ticks = 1) => roundToTick(p - ticks * tickSize(p));
export const above = (p: number, ticks = 1) => roundToTick(p + ticks * tickSize(p));

export function post(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/gtt', token: user.token, payload });
}
export async function created(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Gtt> {
  const res = await post(ctx, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Gtt;
}
export async function one(ctx: TestContext, user: User, id: string): Promise<Gtt> {
  const res = await ctx.request({ method: 'GET', url: `/api/gtt/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Gtt;
}
export async function orderOf(ctx: TestContext, user: User, id: string): Promise<Order> {
  const res = await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
}
export async function gttOrders(ctx: TestContext, userId: string) {
  return ctx.rows<{ id: string; client_order_id: string }>(
    sql`select id, client_order_id from orders where user_id = ${userId} and client_order_id like 'gtt-%'`,
  );
}
export async function noticesOf(ctx: TestContext, user: User) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token });
  return res.json().data as { type: string; title: string; message: string; link: string | null }[];
}
export const run = (ctx: TestContext) => ctx.app.gttEvaluator.runOnce();
