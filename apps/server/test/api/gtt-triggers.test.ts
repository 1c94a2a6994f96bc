import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { GTT_EXPIRED_REASON, roundToTick } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { expectBooksBalance, filled } from '../support/orders.js';
import {
  above,
  below,
  clock,
  created,
  crossAndBack,
  gttOrders,
  HOUR,
  noticesOf,
  one,
  orderOf,
  priceAt,
  run,
  START,
} from './gtt.fixtures.js';

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
