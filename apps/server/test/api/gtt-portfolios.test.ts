import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roundToTick, tickSize, type Gtt, type Order, type Portfolio } from '@nivesh/shared';
import { databaseQuery, integrityViolations } from '../support/integrity.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import type { User } from '../support/orders.js';

/** GTTs per named portfolio (issue 25 §1): each lives in, lists in and fires into its own portfolio. */

const clock = { now: 0 };
// A Thursday, 11:30 IST: inside the session.
const START = Date.parse('2026-11-26T06:00:00Z');
const { priceAt, crossAndBack } = testMarket();
const below = (p: number, ticks = 1) => roundToTick(p - ticks * tickSize(p));
const above = (p: number, ticks = 1) => roundToTick(p + ticks * tickSize(p));

async function custom(ctx: TestContext, user: User): Promise<Portfolio> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/portfolios',
    token: user.token,
    payload: { name: `P ${randomUUID().slice(0, 8)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Portfolio;
}

function buyGtt(symbol: string, portfolioId?: string) {
  const trigger = below(priceAt(symbol, clock.now), 3);
  return {
    symbol,
    kind: 'single',
    side: 'BUY',
    quantity: 1,
    legs: [{ triggerPrice: trigger, limitPrice: above(trigger, 2) }],
    ...(portfolioId ? { portfolioId } : {}),
  };
}

async function create(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Gtt> {
  const res = await ctx.request({ method: 'POST', url: '/api/gtt', token: user.token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Gtt;
}

async function listIds(ctx: TestContext, user: User, portfolioId?: string): Promise<string[]> {
  const query = portfolioId ? `?portfolioId=${portfolioId}` : '';
  const res = await ctx.request({ method: 'GET', url: `/api/gtt${query}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Gtt[]).map((g) => g.id);
}

/** Every GTT row as it stands, to show a refused request changed nothing. */
const gttState = (ctx: TestContext) =>
  ctx.rows(
    sql`select id, status, quantity, leg1_trigger_paise::text as t, account_id from gtt_triggers order by id`,
  );

describeEachDb(
  'GTTs per portfolio',
  (ctx) => {
    it("lists only the named portfolio's GTTs; another portfolio's or user's id is a 404 that changes nothing", async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      const b = await custom(ctx(), user);
      const inMain = await create(ctx(), user, buyGtt('ITC'));
      const inA = await create(ctx(), user, buyGtt('ITC', a.id));

      expect(await listIds(ctx(), user)).toEqual([inMain.id]);
      expect(await listIds(ctx(), user, a.id)).toEqual([inA.id]);
      expect(await listIds(ctx(), user, b.id)).toEqual([]);
      // The cap is per user, so the count beside it spans every portfolio.
      const listed = await ctx().request({
        method: 'GET',
        url: `/api/gtt?portfolioId=${b.id}`,
        token: user.token,
      });
      expect(listed.json().active).toBe(2);

      const other = await signUp(ctx());
      const [otherMain] = (
        await ctx().request({ method: 'GET', url: '/api/portfolios', token: other.token })
      ).json().data as Portfolio[];
      const newLegs = [
        { triggerPrice: below(priceAt('ITC', clock.now), 4), limitPrice: above(priceAt('ITC', clock.now)) },
      ];
      const tries: [string | undefined, string][] = [
        [b.id, inA.id], // A's GTT through B
        [undefined, inA.id], // A's GTT through main
        [a.id, inMain.id], // main's GTT through A
        [otherMain!.id, inA.id], // another user's portfolio
      ];
      for (const [portfolioId, id] of tries) {
        const before = await gttState(ctx());
        const q = portfolioId ? `?portfolioId=${portfolioId}` : '';
        const body = portfolioId ? { portfolioId } : {};
        const responses = [
          await ctx().request({ method: 'GET', url: `/api/gtt/${id}${q}`, token: user.token }),
          await ctx().request({
            method: 'PATCH',
            url: `/api/gtt/${id}`,
            token: user.token,
            payload: { ...body, quantity: 2, legs: newLegs },
          }),
          await ctx().request({
            method: 'DELETE',
            url: `/api/gtt/${id}`,
            token: user.token,
            ...(portfolioId ? { payload: body } : {}),
          }),
        ];
        for (const res of responses)
          expect([res.statusCode, res.json().message]).toEqual([404, expect.any(String)]);
        expect(await gttState(ctx())).toEqual(before);
      }
      // Another user's portfolio id is a 404 on list and create too, and creates nothing.
      const before = await gttState(ctx());
      const foreignList = await ctx().request({
        method: 'GET',
        url: `/api/gtt?portfolioId=${otherMain!.id}`,
        token: user.token,
      });
      expect(foreignList.statusCode).toBe(404);
      const foreignCreate = await ctx().request({
        method: 'POST',
        url: '/api/gtt',
        token: user.token,
        payload: buyGtt('ITC', otherMain!.id),
      });
      expect(foreignCreate.statusCode).toBe(404);
      expect(await gttState(ctx())).toEqual(before);

      // In its own portfolio the same calls work: read, modify, cancel.
      const q = `?portfolioId=${a.id}`;
      const read = await ctx().request({ method: 'GET', url: `/api/gtt/${inA.id}${q}`, token: user.token });
      expect(read.json().data.id).toBe(inA.id);
      const patched = await ctx().request({
        method: 'PATCH',
        url: `/api/gtt/${inA.id}`,
        token: user.token,
        payload: { portfolioId: a.id, quantity: 2 },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data.quantity).toBe(2);
      const cancelled = await ctx().request({
        method: 'DELETE',
        url: `/api/gtt/${inA.id}`,
        token: user.token,
        payload: { portfolioId: a.id },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data.status).toBe('CANCELLED');
      // Main's GTT is still active, untouched.
      const mainRead = await ctx().request({
        method: 'GET',
        url: `/api/gtt/${inMain.id}`,
        token: user.token,
      });
      expect(mainRead.json().data).toMatchObject({ status: 'ACTIVE', quantity: 1 });
    });

    it("the Settings reset of main ends main's GTTs only; another portfolio's stay active", async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      const inMain = await create(ctx(), user, buyGtt('ITC'));
      const inA = await create(ctx(), user, buyGtt('ITC', a.id));
      const reset = await ctx().request({
        method: 'POST',
        url: '/api/virtual-money/reset',
        token: user.token,
        payload: { confirm: 'RESET' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const status = async (id: string, portfolioId?: string) =>
        (
          await ctx().request({
            method: 'GET',
            url: `/api/gtt/${id}${portfolioId ? `?portfolioId=${portfolioId}` : ''}`,
            token: user.token,
          })
        ).json().data.status as string;
      // Main's GTT ended with the closed season (read from the table: the open season has none).
      const [mainRow] = await ctx().rows<{ status: string }>(
        sql`select status from gtt_triggers where id = ${inMain.id}`,
      );
      expect(mainRow!.status).toBe('CANCELLED');
      expect(await listIds(ctx(), user)).toEqual([]);
      expect(await status(inA.id, a.id)).toBe('ACTIVE');
    });

    it('a sell GTT needs the shares in its own portfolio', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      const bought = await ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: {
          clientOrderId: randomUUID(),
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'MARKET',
          quantity: 2,
          portfolioId: a.id,
        },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const p = priceAt('ITC', clock.now);
      const sell = (portfolioId?: string) => ({
        symbol: 'ITC',
        kind: 'single',
        side: 'SELL',
        quantity: 2,
        legs: [{ triggerPrice: above(p, 5), limitPrice: above(p, 4) }],
        ...(portfolioId ? { portfolioId } : {}),
      });
      const inMain = await ctx().request({
        method: 'POST',
        url: '/api/gtt',
        token: user.token,
        payload: sell(),
      });
      expect(inMain.statusCode).toBe(400);
      expect(inMain.json().message).toBe('You hold no ITC shares; a sell GTT exits shares you hold');
      await create(ctx(), user, sell(a.id));
    });

    it("a GTT in a custom portfolio fires into that portfolio's account; main is untouched", async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      await ctx().app.gttEvaluator.runOnce();
      const gtt = await create(ctx(), user, buyGtt('HDFCBANK', a.id));
      const trigger = gtt.legs[0]!.triggerPrice;
      clock.now = crossAndBack('HDFCBANK', clock.now + 1000, (p) => p <= trigger).back;
      expect(await ctx().app.gttEvaluator.runOnce()).toMatchObject({ triggered: 1, rejected: 0 });

      const fired = await ctx().request({
        method: 'GET',
        url: `/api/gtt/${gtt.id}?portfolioId=${a.id}`,
        token: user.token,
      });
      const orderId = fired.json().data.orderId as string;
      expect(orderId).toEqual(expect.any(String));
      const order = await ctx().request({
        method: 'GET',
        url: `/api/orders/${orderId}?portfolioId=${a.id}`,
        token: user.token,
      });
      expect(order.statusCode, order.body).toBe(200);
      expect((order.json().data as Order).clientOrderId).toBe(`gtt-${gtt.id}-1`);
      // Main does not see the order, and its cash is as it started.
      const inMain = await ctx().request({ method: 'GET', url: `/api/orders/${orderId}`, token: user.token });
      expect(inMain.statusCode).toBe(404);
      const mainAccount = await ctx().request({
        method: 'GET',
        url: '/api/portfolio/account',
        token: user.token,
      });
      expect(mainAccount.json().data).toMatchObject({ balance: 10_000, reserved: 0 });

      const rows = await ctx().rows<{ portfolio: string; balance: string; ledger: string; orders: number }>(
        sql`select p.id as portfolio, a.balance_paise::text as balance,
                   (select coalesce(sum(amount_paise), 0) from ledger_entries l where l.account_id = a.id)::text as ledger,
                   (select count(*)::int from orders o where o.account_id = a.id) as orders
            from cash_accounts a join portfolios p on p.id = a.portfolio_id where a.user_id = ${user.user.id}`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.balance).toBe(row.ledger);
      expect(rows.find((r) => r.portfolio === a.id)!.orders).toBe(1);
      expect(rows.find((r) => r.portfolio !== a.id)!.orders).toBe(0);
      expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
    });
  },
  { now: () => clock.now },
);
