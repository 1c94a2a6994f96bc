import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roundToTick, type Alert, type Portfolio } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import type { User } from '../support/orders.js';

/** Price alerts per named portfolio (issue 25 §1): each lists in, and is changed through, its own portfolio. */

const clock = { now: 0 };
// A Thursday, 11:30 IST: inside the session.
const START = Date.parse('2026-11-26T06:00:00Z');
const { priceAt } = testMarket();

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

async function create(ctx: TestContext, user: User, portfolioId?: string): Promise<Alert> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/alerts',
    token: user.token,
    payload: {
      symbol: 'ITC',
      condition: 'above',
      value: roundToTick(priceAt('ITC', clock.now) * 1.2),
      ...(portfolioId ? { portfolioId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Alert;
}

async function list(ctx: TestContext, user: User, portfolioId?: string) {
  const query = portfolioId ? `?portfolioId=${portfolioId}` : '';
  const res = await ctx.request({ method: 'GET', url: `/api/alerts${query}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Alert[]; count: number; limit: number };
}

/** Every alert row as it stands, to show a refused request changed nothing. */
const alertState = (ctx: TestContext) =>
  ctx.rows(
    sql`select id, status, note, level_hundredths::text as level, account_id from price_alerts order by id`,
  );

describeEachDb(
  'price alerts per portfolio',
  (ctx) => {
    it("lists only the named portfolio's alerts; another portfolio's or user's id is a 404 that changes nothing", async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      const b = await custom(ctx(), user);
      const inMain = await create(ctx(), user);
      const inA = await create(ctx(), user, a.id);

      expect((await list(ctx(), user)).data.map((x) => x.id)).toEqual([inMain.id]);
      expect((await list(ctx(), user, a.id)).data.map((x) => x.id)).toEqual([inA.id]);
      const inB = await list(ctx(), user, b.id);
      expect(inB.data).toEqual([]);
      // The cap is per user, so the count beside it spans every portfolio.
      expect(inB.count).toBe(2);

      const other = await signUp(ctx());
      const [otherMain] = (
        await ctx().request({ method: 'GET', url: '/api/portfolios', token: other.token })
      ).json().data as Portfolio[];
      const tries: [string | undefined, string][] = [
        [b.id, inA.id], // A's alert through B
        [undefined, inA.id], // A's alert through main
        [a.id, inMain.id], // main's alert through A
        [otherMain!.id, inA.id], // another user's portfolio
      ];
      for (const [portfolioId, id] of tries) {
        const before = await alertState(ctx());
        const body = portfolioId ? { portfolioId } : {};
        const patched = await ctx().request({
          method: 'PATCH',
          url: `/api/alerts/${id}`,
          token: user.token,
          payload: { ...body, note: 'moved', status: 'DISABLED' },
        });
        const deleted = await ctx().request({
          method: 'DELETE',
          url: `/api/alerts/${id}`,
          token: user.token,
          ...(portfolioId ? { payload: body } : {}),
        });
        for (const res of [patched, deleted]) expect(res.statusCode, res.body).toBe(404);
        expect(await alertState(ctx())).toEqual(before);
      }
      const before = await alertState(ctx());
      const foreignList = await ctx().request({
        method: 'GET',
        url: `/api/alerts?portfolioId=${otherMain!.id}`,
        token: user.token,
      });
      expect(foreignList.statusCode).toBe(404);
      const foreignCreate = await ctx().request({
        method: 'POST',
        url: '/api/alerts',
        token: user.token,
        payload: { symbol: 'ITC', condition: 'above', value: 1, portfolioId: otherMain!.id },
      });
      expect(foreignCreate.statusCode).toBe(404);
      expect(await alertState(ctx())).toEqual(before);

      // Naming only the portfolio is not a change.
      const empty = await ctx().request({
        method: 'PATCH',
        url: `/api/alerts/${inA.id}`,
        token: user.token,
        payload: { portfolioId: a.id },
      });
      expect(empty.statusCode).toBe(400);

      // Through its own portfolio the same calls work.
      const paused = await ctx().request({
        method: 'PATCH',
        url: `/api/alerts/${inA.id}`,
        token: user.token,
        payload: { portfolioId: a.id, status: 'DISABLED' },
      });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().data.status).toBe('DISABLED');
      const gone = await ctx().request({
        method: 'DELETE',
        url: `/api/alerts/${inA.id}`,
        token: user.token,
        payload: { portfolioId: a.id },
      });
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await list(ctx(), user, a.id)).data).toEqual([]);
      expect((await list(ctx(), user)).data.map((x) => x.id)).toEqual([inMain.id]);
    });

    it("a portfolio reset carries its alerts into the new season, still listed and still the user's to change", async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const a = await custom(ctx(), user);
      const alert = await create(ctx(), user, a.id);
      const reset = await ctx().request({
        method: 'POST',
        url: `/api/portfolios/${a.id}/reset`,
        token: user.token,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await list(ctx(), user, a.id)).data.map((x) => ({ id: x.id, status: x.status }))).toEqual([
        { id: alert.id, status: 'ACTIVE' },
      ]);
      const gone = await ctx().request({
        method: 'DELETE',
        url: `/api/alerts/${alert.id}`,
        token: user.token,
        payload: { portfolioId: a.id },
      });
      expect(gone.statusCode, gone.body).toBe(200);
    });

    it("an alert set in a custom portfolio fires with that portfolio's position", async () => {
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
          quantity: 3,
          portfolioId: a.id,
        },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      await ctx().app.alertEvaluator.runOnce();
      const res = await ctx().request({
        method: 'POST',
        url: '/api/alerts',
        token: user.token,
        payload: {
          symbol: 'ITC',
          condition: 'above',
          value: roundToTick(priceAt('ITC', clock.now) * 0.99),
          portfolioId: a.id,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      clock.now += 1000;
      expect((await ctx().app.alertEvaluator.runOnce()).fired).toBe(1);
      const notices = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data as { title: string; message: string }[];
      const note = notices.find((n) => n.title === 'Price alert: ITC');
      // Main holds nothing; the alert speaks of the portfolio it was set in.
      expect(note!.message).toMatch(/You hold 3 at an average ₹[\d,.]+/);
    });
  },
  { now: () => clock.now },
);
