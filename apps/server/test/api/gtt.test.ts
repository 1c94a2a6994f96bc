import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import {
  GTT_CANCELLED_REASON,
  GTT_EXPIRED_REASON,
  isTradingDay,
  istDayNumber,
  roundToTick,
  sessionBounds,
  tickSize,
  type Gtt,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, newSignup, signUp, testConfig, type TestContext } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { testMarket } from '../support/market-path.js';
import { expectBooksBalance, filled, type User } from '../support/orders.js';

const clock = { now: 0 };
// A Thursday, 10:30 IST.
const START = Date.parse('2026-11-26T05:00:00Z');
const HOUR = 3_600_000;
const { priceAt, crossAndBack } = testMarket();

const below = (p: number, ticks = 1) => roundToTick(p - ticks * tickSize(p));
const above = (p: number, ticks = 1) => roundToTick(p + ticks * tickSize(p));

function post(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/gtt', token: user.token, payload });
}
async function created(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Gtt> {
  const res = await post(ctx, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Gtt;
}
async function one(ctx: TestContext, user: User, id: string): Promise<Gtt> {
  const res = await ctx.request({ method: 'GET', url: `/api/gtt/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Gtt;
}
async function orderOf(ctx: TestContext, user: User, id: string): Promise<Order> {
  const res = await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
}
async function gttOrders(ctx: TestContext, userId: string) {
  return ctx.rows<{ id: string; client_order_id: string }>(
    sql`select id, client_order_id from orders where user_id = ${userId} and client_order_id like 'gtt-%'`,
  );
}
async function noticesOf(ctx: TestContext, user: User) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token });
  return res.json().data as { type: string; title: string; message: string; link: string | null }[];
}
const run = (ctx: TestContext) => ctx.app.gttEvaluator.runOnce();

describeEachDb(
  'GTT API',
  (ctx) => {
    it('creates a single GTT valid one year, lists it newest first, reads, modifies and cancels it', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const p0 = priceAt('ITC', clock.now);
      const trigger = below(p0, 5);
      const res = await post(ctx(), user, {
        symbol: 'itc',
        kind: 'single',
        side: 'BUY',
        quantity: 2,
        legs: [{ triggerPrice: trigger, limitPrice: above(trigger) }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const gtt = res.json().data as Gtt;
      expect(gtt).toMatchObject({
        symbol: 'ITC',
        kind: 'single',
        side: 'BUY',
        product: 'CNC',
        quantity: 2,
        status: 'ACTIVE',
        referencePrice: p0,
        legs: [{ triggerPrice: trigger, limitPrice: above(trigger), direction: 'down' }],
        triggeredLeg: null,
        orderId: null,
        expiresAt: '2027-11-26T05:00:00.000Z',
      });
      expect(res.json().message).toMatch(/^GTT set: BUY 2 ITC: trigger ₹[\d,.]+ → limit ₹[\d,.]+$/);
      const second = await created(ctx(), user, {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        product: 'MIS',
        quantity: 1,
        legs: [
          {
            triggerPrice: above(priceAt('TCS', clock.now), 3),
            limitPrice: above(priceAt('TCS', clock.now), 3),
          },
        ],
      });
      expect(second).toMatchObject({ product: 'MIS', legs: [{ direction: 'up' }] });

      const list = await ctx().request({ method: 'GET', url: '/api/gtt', token: user.token });
      expect(list.json()).toMatchObject({ success: true, active: 2, maxActive: 100 });
      expect((list.json().data as Gtt[]).map((g) => g.symbol)).toEqual(['TCS', 'ITC']);

      const url = `/api/gtt/${gtt.id}`;
      const newTrigger = below(p0, 8);
      const modified = await ctx().request({
        method: 'PATCH',
        url,
        token: user.token,
        payload: { quantity: 3, legs: [{ triggerPrice: newTrigger, limitPrice: newTrigger }] },
      });
      expect(modified.statusCode, modified.body).toBe(200);
      expect(modified.json().data).toMatchObject({
        quantity: 3,
        status: 'ACTIVE',
        legs: [{ triggerPrice: newTrigger, limitPrice: newTrigger, direction: 'down' }],
      });
      const cancelled = await ctx().request({ method: 'DELETE', url, token: user.token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({
        status: 'CANCELLED',
        statusReason: GTT_CANCELLED_REASON,
      });
      // Once cancelled it is neither modified nor cancelled again.
      const again = await ctx().request({ method: 'DELETE', url, token: user.token });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only an active GTT can be cancelled; this one is CANCELLED');
      const late = await ctx().request({ method: 'PATCH', url, token: user.token, payload: { quantity: 1 } });
      expect(late.statusCode).toBe(409);
      const filtered = await ctx().request({
        method: 'GET',
        url: '/api/gtt?status=CANCELLED',
        token: user.token,
      });
      expect((filtered.json().data as Gtt[]).map((g) => g.id)).toEqual([gtt.id]);
      expect(filtered.json().active).toBe(1);
    });

    it("another user's GTT is 404 on every route, and none is visible without a session", async () => {
      clock.now = START;
      const owner = await signUp(ctx());
      const other = await signUp(ctx());
      const p0 = priceAt('INFY', clock.now);
      const gtt = await created(ctx(), owner, {
        symbol: 'INFY',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: below(p0, 4), limitPrice: below(p0, 4) }],
      });
      const url = `/api/gtt/${gtt.id}`;
      for (const res of [
        await ctx().request({ method: 'GET', url, token: other.token }),
        await ctx().request({ method: 'PATCH', url, token: other.token, payload: { quantity: 5 } }),
        await ctx().request({ method: 'DELETE', url, token: other.token }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe('GTT not found');
      }
      expect(
        (await ctx().request({ method: 'GET', url: '/api/gtt', token: other.token })).json().data,
      ).toEqual([]);
      expect(await one(ctx(), owner, gtt.id)).toMatchObject({ quantity: 1, status: 'ACTIVE' });
      expect((await ctx().request({ method: 'GET', url: '/api/gtt' })).statusCode).toBe(401);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/gtt/not-a-uuid', token: owner.token })).statusCode,
      ).toBe(400);
    });

    it('an account reset ends the active GTTs with the closed season and leaves the finished ones as they were', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const p0 = priceAt('TCS', clock.now);
      const legs = [{ triggerPrice: below(p0, 6), limitPrice: below(p0, 6) }];
      const active = await created(ctx(), user, {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs,
      });
      const done = await created(ctx(), user, {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs,
      });
      await ctx().request({ method: 'DELETE', url: `/api/gtt/${done.id}`, token: user.token });
      const reset = await ctx().request({
        method: 'POST',
        url: '/api/virtual-money/reset',
        token: user.token,
        payload: { confirm: 'RESET' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // Both stay with season 1, which is archived; the new season has none.
      const rows = await ctx().rows<{ id: string; status: string; reason: string }>(
        sql`select id, status, status_reason as reason from gtt_triggers where user_id = ${user.user.id} order by created_at`,
      );
      expect(rows).toEqual([
        { id: active.id, status: 'CANCELLED', reason: 'Cancelled: portfolio reset (season 1 closed)' },
        { id: done.id, status: 'CANCELLED', reason: GTT_CANCELLED_REASON },
      ]);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/gtt', token: user.token })).json().data,
      ).toEqual([]);
    });

    it('refuses bad GTTs with 400 and a message on the field', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4 });
      const p = priceAt('ITC', clock.now);
      const single = (legs: unknown[], extra: Record<string, unknown> = {}) => ({
        symbol: 'ITC',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs,
        ...extra,
      });
      const leg = (t: number, l = t) => ({ triggerPrice: t, limitPrice: l });
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [single([leg(p)]), 'legs.0.triggerPrice', /equals the last price/],
        [single([leg(below(p, 2)), leg(below(p, 4))]), 'legs', /single GTT has exactly one leg/],
        [single([leg(below(p, 2))], { kind: 'oco', side: 'SELL' }), 'legs', /OCO GTT has exactly two legs/],
        [
          single([leg(below(p, 2)), leg(below(p, 5))], { kind: 'oco', side: 'SELL' }),
          'legs',
          /stop-loss trigger below and a target trigger above/,
        ],
        [
          single([leg(below(p, 2)), leg(above(p, 2))], { kind: 'oco', side: 'BUY' }),
          'side',
          /OCO is for selling/,
        ],
        [
          single([leg(below(p, 2), roundToTick(below(p, 2) * 0.8))]),
          'legs.0.limitPrice',
          /within 10% of its trigger/,
        ],
        [single([leg(below(p, 2) + 0.003)]), 'legs.0.triggerPrice', /multiple of the tick size/],
        [single([leg(below(p, 2))], { quantity: 0 }), 'quantity', /whole number greater than 0/],
        [single([leg(below(p, 2))], { quantity: 1.5 }), 'quantity', /whole number greater than 0/],
        [single([leg(-1)]), 'legs.0.triggerPrice', /more than 0/],
        [single([leg(below(p, 2))], { kind: 'bracket' }), 'kind', /single or oco/],
        [single([leg(below(p, 2))], { product: 'NRML' }), 'product', /CNC \(delivery\) or MIS/],
        [single([leg(above(p, 2))], { side: 'SELL', quantity: 5 }), 'quantity', /You hold 4 ITC shares/],
        [single([], {}), 'legs', /at least one leg/],
      ];
      for (const [payload, field, message] of cases) {
        const res = await post(ctx(), user, payload);
        expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
        expect(res.json().errors?.[field], res.body).toMatch(message);
      }
      const sellNone = await post(ctx(), user, {
        ...single([leg(above(priceAt('TCS', clock.now), 2))]),
        symbol: 'TCS',
        side: 'SELL',
      });
      expect(sellNone.statusCode).toBe(400);
      expect(sellNone.json().message).toBe('You hold no TCS shares; a sell GTT exits shares you hold');
      expect((await post(ctx(), user, single([leg(1)], { symbol: 'NOPE' }))).statusCode).toBe(404);
      expect((await post(ctx(), user, single([leg(100)], { symbol: 'AAPL' }))).statusCode).toBe(422);
      const gtt = await created(ctx(), user, single([leg(below(p, 2))]));
      const empty = await ctx().request({
        method: 'PATCH',
        url: `/api/gtt/${gtt.id}`,
        token: user.token,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Nothing to change');
      const twoLegs = await ctx().request({
        method: 'PATCH',
        url: `/api/gtt/${gtt.id}`,
        token: user.token,
        payload: { legs: [leg(below(p, 2)), leg(below(p, 3))] },
      });
      expect(twoLegs.statusCode).toBe(400);
      expect(twoLegs.json().errors.legs).toMatch(/single GTT has exactly one leg/);
    });
  },
  { now: () => clock.now },
);

describeEachDb(
  'GTT triggers under an injected clock',
  (ctx) => {
    it('a single GTT fires on a touch between two checks: a LIMIT DAY order at its limit, linked and notified', async () => {
      clock.now = START + HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('HDFCBANK', clock.now);
      const trigger = below(p0);
      const limit = above(trigger, 2);
      const gtt = await created(ctx(), user, {
        symbol: 'HDFCBANK',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: trigger, limitPrice: limit }],
      });
      const { crossed, back } = crossAndBack('HDFCBANK', clock.now + 1000, (p) => p <= trigger);
      // The check comes after the price is back above the trigger: the path between still counts.
      clock.now = back;
      expect(priceAt('HDFCBANK', clock.now)).toBeGreaterThan(trigger);
      expect(await run(ctx())).toMatchObject({ triggered: 1, rejected: 0 });
      const fired = await one(ctx(), user, gtt.id);
      expect(fired).toMatchObject({
        status: 'TRIGGERED',
        triggeredLeg: 0,
        triggeredAt: new Date(crossed).toISOString(),
        triggeredPrice: priceAt('HDFCBANK', crossed),
      });
      const order = await orderOf(ctx(), user, fired.orderId!);
      expect(order).toMatchObject({
        clientOrderId: `gtt-${gtt.id}-1`,
        symbol: 'HDFCBANK',
        type: 'BUY',
        orderType: 'LIMIT',
        limitPrice: limit,
        quantity: 1,
        validity: 'DAY',
      });
      const [notice] = (await noticesOf(ctx(), user)).filter((n) => n.title.startsWith('GTT'));
      expect(notice).toMatchObject({
        type: 'success',
        title: 'GTT triggered: HDFCBANK',
        link: '/orders?tab=gtt',
      });
      expect(notice!.message).toMatch(/buy limit order for 1 at ₹[\d,.]+ placed\.$/);
      // Triggered once: later rounds place nothing more.
      clock.now += 60_000;
      expect((await run(ctx())).triggered).toBe(0);
      expect(await gttOrders(ctx(), user.user.id)).toHaveLength(1);
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('an OCO fires the leg the path reaches first and cancels the other with it', async () => {
      clock.now = START + 2 * HOUR;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'SBIN', type: 'BUY', quantity: 3 });
      await run(ctx());
      const p0 = priceAt('SBIN', clock.now);
      const stop = below(p0);
      const target = roundToTick(p0 * 1.08);
      const gtt = await created(ctx(), user, {
        symbol: 'SBIN',
        kind: 'oco',
        side: 'SELL',
        quantity: 3,
        legs: [
          { triggerPrice: stop, limitPrice: below(stop) },
          { triggerPrice: target, limitPrice: target },
        ],
      });
      expect(gtt.legs.map((l) => l.direction)).toEqual(['down', 'up']);
      const { crossed } = crossAndBack('SBIN', clock.now + 1000, (p) => p <= stop);
      clock.now = crossed + 5000;
      expect((await run(ctx())).triggered).toBe(1);
      const fired = await one(ctx(), user, gtt.id);
      expect(fired).toMatchObject({
        status: 'TRIGGERED',
        triggeredLeg: 0,
        triggeredAt: new Date(crossed).toISOString(),
      });
      expect(await orderOf(ctx(), user, fired.orderId!)).toMatchObject({
        clientOrderId: `gtt-${gtt.id}-1`,
        type: 'SELL',
        orderType: 'LIMIT',
        limitPrice: below(stop),
        quantity: 3,
      });
      const notice = (await noticesOf(ctx(), user)).find((n) => n.title === 'GTT triggered: SBIN');
      expect(notice!.message).toContain('The other leg is cancelled.');
      // The target leg can no longer fire, whatever the price does.
      await ctx().rows(sql`update gtt_triggers set leg2_trigger_paise = 1 where id = ${gtt.id}`);
      clock.now += 60_000;
      await run(ctx());
      expect(await gttOrders(ctx(), user.user.id)).toHaveLength(1);
    });

    it('a placement refused at the trigger (not enough cash) marks the GTT REJECTED with the reason', async () => {
      clock.now = START + 3 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('RELIANCE', clock.now);
      const trigger = below(p0);
      const gtt = await created(ctx(), user, {
        symbol: 'RELIANCE',
        kind: 'single',
        side: 'BUY',
        quantity: 500,
        legs: [{ triggerPrice: trigger, limitPrice: trigger }],
      });
      const { crossed } = crossAndBack('RELIANCE', clock.now + 1000, (p) => p <= trigger);
      clock.now = crossed + 1000;
      expect(await run(ctx())).toMatchObject({ triggered: 1, rejected: 1 });
      const done = await one(ctx(), user, gtt.id);
      expect(done).toMatchObject({ status: 'REJECTED', triggeredLeg: 0, orderId: null });
      expect(done.statusReason).toMatch(/^Insufficient balance/);
      const notice = (await noticesOf(ctx(), user)).find((n) => n.title === 'GTT order refused: RELIANCE');
      expect(notice).toMatchObject({ type: 'error' });
      expect(notice!.message).toContain('Insufficient balance');
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('does not fire on a touch before it was set, and expires at its expiry without firing', async () => {
      clock.now = START + 4 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('INFY', clock.now);
      const level = below(p0);
      const { back } = crossAndBack('INFY', clock.now + 1000, (p) => p <= level);
      clock.now = back;
      const pNow = priceAt('INFY', clock.now);
      const gtt = await created(ctx(), user, {
        symbol: 'INFY',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: roundToTick(pNow * 0.7), limitPrice: roundToTick(pNow * 0.7) }],
      });
      clock.now += 1000;
      expect((await run(ctx())).triggered).toBe(0);
      // A year on (its stored expiry moved to now, so the path need not be simulated for a year).
      await ctx().rows(
        sql`update gtt_triggers set expires_at = ${new Date(clock.now).toISOString()} where id = ${gtt.id}`,
      );
      clock.now += 1000;
      expect((await run(ctx())).expired).toBe(1);
      expect(await one(ctx(), user, gtt.id)).toMatchObject({
        status: 'EXPIRED',
        statusReason: GTT_EXPIRED_REASON,
      });
      expect((await noticesOf(ctx(), user)).map((n) => n.title)).toContain('GTT expired: INFY');
    });
  },
  { now: () => clock.now },
);

/** The first weekday session whose open gapped down from the previous close by more than 3 ticks. */
function findGapDown(symbols: string[], fromMs: number) {
  const at = testMarket('nse').priceAt;
  for (let day = istDayNumber(fromMs); day < istDayNumber(fromMs) + 60; day += 1) {
    if (!isTradingDay('nse', day)) continue;
    let next = day + 1;
    while (!isTradingDay('nse', next)) next += 1;
    for (const symbol of symbols) {
      const closed = at(symbol, sessionBounds('nse', day).closeMs + 60_000);
      const openMs = sessionBounds('nse', next).openMs;
      const open = at(symbol, openMs + 1000);
      if (open < below(closed, 3))
        return { symbol, closed, open, afterClose: sessionBounds('nse', day).closeMs + 60_000, openMs };
    }
  }
  throw new Error('no gap down in 60 days');
}

describeEachDb(
  'GTT across a gap (NSE session)',
  (ctx) => {
    it('a gap down through the trigger at the open fires it at the first tick, below the trigger', async () => {
      const gap = findGapDown(['ITC', 'INFY', 'TCS', 'SBIN', 'HDFCBANK', 'RELIANCE'], START);
      // A trigger strictly between the open and the previous close: no tick ever traded at it.
      const trigger = below(gap.closed, 1);
      expect(gap.open).toBeLessThan(trigger);
      clock.now = gap.afterClose;
      const user = await signUp(ctx());
      await run(ctx());
      const gtt = await created(ctx(), user, {
        symbol: gap.symbol,
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: trigger, limitPrice: trigger }],
      });
      expect(gtt.referencePrice).toBe(gap.closed);
      // Overnight: nothing moves, nothing fires.
      clock.now = gap.openMs - 60_000;
      expect((await run(ctx())).triggered).toBe(0);
      clock.now = gap.openMs + 30_000;
      expect((await run(ctx())).triggered).toBe(1);
      const fired = await one(ctx(), user, gtt.id);
      expect(fired.status).toBe('TRIGGERED');
      expect(fired.triggeredPrice!).toBeLessThan(trigger);
      expect(Date.parse(fired.triggeredAt!)).toBeLessThan(gap.openMs + 2000);
      // The LIMIT at the trigger is marketable after the gap, so it filled at the market.
      const order = await orderOf(ctx(), user, fired.orderId!);
      expect(order).toMatchObject({ orderType: 'LIMIT', limitPrice: trigger, status: 'FILLED' });
      expect(order.executionPrice!).toBeLessThanOrEqual(trigger);
    });
  },
  { now: () => clock.now, config: { market: { ...testConfig().market, session: 'nse' } } },
);

describe.skipIf(inject('postgresAdminUrl') === null)('GTT with two instances on one PostgreSQL', () => {
  const start = twoInstancesOnPostgres(() => clock.now);

  it('two evaluators checking at the same moment place exactly one order', async () => {
    const { a, b, database } = await start();
    clock.now = START + 8 * HOUR;
    const signup = await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
    const token = (signup.json() as { token: string }).token;
    const create = async () => {
      const p0 = priceAt('ITC', clock.now);
      const trigger = below(p0);
      const res = await a.inject({
        method: 'POST',
        url: '/api/gtt',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          symbol: 'ITC',
          kind: 'single',
          side: 'BUY',
          quantity: 1,
          legs: [{ triggerPrice: trigger, limitPrice: trigger }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return trigger;
    };

    // The timed path: both try, one holds the lease and checks.
    let trigger = await create();
    await Promise.all([a.gttEvaluator.runOnce(), b.gttEvaluator.runOnce()]);
    clock.now = crossAndBack('ITC', clock.now + 1000, (p) => p <= trigger).back;
    const rounds = await Promise.all([a.gttEvaluator.tick(), b.gttEvaluator.tick()]);
    expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
    expect([a.gttEvaluator.holdsLock, b.gttEvaluator.holdsLock].filter(Boolean)).toHaveLength(1);

    // Two checks at once, bypassing the lease: the claim on the GTT's row decides.
    trigger = await create();
    const since = clock.now;
    clock.now = crossAndBack('ITC', clock.now + 1000, (p) => p <= trigger).back;
    const both = await Promise.all([a.gttEvaluator.runOnce(since), b.gttEvaluator.runOnce(since)]);
    expect(both[0].triggered + both[1].triggered).toBe(1);

    const orders = await database.db.execute(
      sql`select count(*)::int as n, count(distinct client_order_id)::int as keys from orders where client_order_id like 'gtt-%'`,
    );
    expect((orders as unknown as { rows: { n: number; keys: number }[] }).rows[0]).toEqual({ n: 2, keys: 2 });
    const gtts = await database.db.execute(
      sql`select count(*)::int as n from gtt_triggers where status = 'TRIGGERED' and order_id is not null`,
    );
    expect((gtts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
