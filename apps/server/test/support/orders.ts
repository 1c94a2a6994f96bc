import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { clampToCircuit, type Quote, type Order } from '@nivesh/shared';
import type { signUp, TestContext } from './test-app.js';

export type User = Awaited<ReturnType<typeof signUp>>;

export const key = () => `k-${randomUUID()}`;

export function place(
  ctx: TestContext,
  user: User,
  payload: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload,
    ...(headers ? { headers } : {}),
  });
}

/** Places an order that must be accepted (201) and returns it. */
export async function accepted(
  ctx: TestContext,
  user: User,
  payload: Record<string, unknown>,
): Promise<Order> {
  const res = await place(ctx, user, { clientOrderId: key(), orderType: 'MARKET', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as Order;
}

/** A market order that must fill at once. */
export async function filled(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Order> {
  const order = await accepted(ctx, user, payload);
  expect(order.status).toBe('FILLED');
  return order;
}

/** The cash account and its ledger, straight from the database. */
export async function money(ctx: TestContext, userId: string) {
  const [account] = await ctx.rows<{ balance: string; reserved: string }>(
    sql`select balance_paise::text as balance, reserved_paise::text as reserved from cash_accounts where user_id = ${userId}`,
  );
  const [ledger] = await ctx.rows<{ sum: string; n: string }>(
    sql`select coalesce(sum(amount_paise), 0)::text as sum, count(*)::text as n from ledger_entries where user_id = ${userId}`,
  );
  const [open] = await ctx.rows<{ sum: string }>(
    sql`select coalesce(sum(reserved_paise), 0)::text as sum from orders where user_id = ${userId} and status in ('PENDING', 'OPEN')`,
  );
  return {
    balance: BigInt(account!.balance),
    reserved: BigInt(account!.reserved),
    ledgerSum: BigInt(ledger!.sum),
    entries: Number(ledger!.n),
    openReservations: BigInt(open!.sum),
  };
}

/** A position row next to what its fills add up to. */
export async function position(ctx: TestContext, userId: string, symbol: string) {
  const [row] = await ctx.rows<{ quantity: number; reserved: number; cost: string; realized: string }>(
    sql`select quantity, reserved_quantity as reserved, cost_basis_paise::text as cost, realized_pnl_paise::text as realized from positions where user_id = ${userId} and symbol = ${symbol}`,
  );
  const [fills] = await ctx.rows<{ net: string }>(
    sql`select coalesce(sum(case when side = 'BUY' then quantity else -quantity end), 0)::text as net from fills where user_id = ${userId} and symbol = ${symbol}`,
  );
  return {
    quantity: row?.quantity ?? 0,
    reserved: row?.reserved ?? 0,
    cost: BigInt(row?.cost ?? '0'),
    realized: BigInt(row?.realized ?? '0'),
    fillNet: Number(fills!.net),
  };
}

/** The invariants every money test ends on: balance = Σ ledger, reserved = Σ open reservations. */
export async function expectBooksBalance(ctx: TestContext, userId: string) {
  const m = await money(ctx, userId);
  expect(m.ledgerSum).toBe(m.balance);
  expect(m.reserved).toBe(m.openReservations);
  expect(m.balance).toBeGreaterThanOrEqual(m.reserved);
  return m;
}

export async function quote(ctx: TestContext, user: User, symbol: string): Promise<number> {
  const res = await ctx.request({ method: 'GET', url: `/api/stocks/quote/${symbol}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { price: number }).price;
}

/**
 * The last price, and `at(fraction)`: that fraction of it on the tick grid and inside the stock's
 * circuit limits as its quote gives them (the server refuses limit and trigger prices outside them).
 */
export async function quoteBand(ctx: TestContext, user: User, symbol: string) {
  const res = await ctx.request({ method: 'GET', url: `/api/stocks/quote/${symbol}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const q = res.json().data as Quote;
  return { price: q.price, at: (fraction: number) => clampToCircuit(q.price * fraction, q) };
}
