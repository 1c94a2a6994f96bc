import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { GTT_CANCELLED_REASON, roundToTick, type Gtt } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled } from '../support/orders.js';
import { above, below, clock, created, one, post, priceAt, START } from './gtt.fixtures.js';

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
