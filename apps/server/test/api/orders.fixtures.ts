import { sql } from 'drizzle-orm';
import { computeFees, type Order } from '@nivesh/shared';
import type { TestContext } from '../support/test-app.js';
import { quote, type User } from '../support/orders.js';

/** The market clock the matcher tests' app reads; each test sets it and moves it forward. */
export const clock = { now: 0 };
// A Tuesday, 11:30 IST.
export const TUESDAY = Date.parse('2026-11-24T06:00:00Z');

/** A fixed market clock (that Tuesday): the preview and the fill that follows see the very same price. */
export const fixedMarketClock = { now: () => TUESDAY };

/** What a buy of `quantity` at `pricePaise` costs with its fees: what a resting buy reserves. */
export const buyCost = (pricePaise: bigint, quantity: number) => {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};
export const buyReserve = buyCost;

/** Moves the clock forward in steps until the simulated price satisfies `reached`; returns that price. */
export async function advanceUntil(
  ctx: TestContext,
  user: User,
  symbol: string,
  reached: (price: number) => boolean,
  stepMs = 20_000,
  maxSteps = 20_000,
) {
  for (let i = 0; i < maxSteps; i += 1) {
    clock.now += stepMs;
    const price = await quote(ctx, user, symbol);
    if (reached(price)) return price;
  }
  throw new Error(`${symbol} never reached the price within ${(stepMs * maxSteps) / 3_600_000} hours`);
}

export async function order(ctx: TestContext, user: User, id: string): Promise<Order> {
  return (await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token })).json()
    .data as Order;
}

export async function titles(ctx: TestContext, user: User): Promise<string[]> {
  return (
    (await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token })).json().data as {
      title: string;
    }[]
  ).map((n) => n.title);
}

export function patch(ctx: TestContext, user: User, id: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, token: user.token, payload });
}

export function preview(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/orders/preview', token: user.token, payload });
}

export async function orderCount(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.rows<{ n: string }>(
    sql`select count(*)::text as n from orders where user_id = ${userId}`,
  );
  return Number(row!.n);
}
