import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roundToTick, tickSize, type Order } from '@nivesh/shared';
import { buildApp } from '../../src/app.js';
import { LEASES } from '../../src/db/lease.js';
import { getSimulator } from '../../src/modules/market/market.factory.js';
import { describeEachDb, memoryMailer, signUp, testConfig, type TestContext } from '../support/test-app.js';
import { accepted, expectBooksBalance, position } from '../support/orders.js';

const clock = { now: 0 };
// A Wednesday, 10:30 IST.
const START = Date.parse('2026-11-25T05:00:00Z');
const config = testConfig();
const sim = getSimulator(config.market.dataDir, config.market.seed!, config.market.session);
const priceAt = (symbol: string, ms: number) => sim.snapshot(symbol, ms)!.price;

/**
 * From `fromMs`, second by second along the same simulated path the app trades on: the first
 * instant the price passes `level` (in the direction `through`), and the first instant after it
 * when the price is back on the other side.
 */
function crossAndBack(symbol: string, fromMs: number, through: (price: number) => boolean) {
  let t = fromMs;
  while (!through(priceAt(symbol, t))) t += 1000;
  const crossed = t;
  while (through(priceAt(symbol, t))) t += 1000;
  return { crossed, back: t };
}

/** A new user's LIMIT buy of 2 ITC one tick below the price now, resting. */
async function restingItcBuy(ctx: TestContext) {
  const user = await signUp(ctx);
  const symbol = 'ITC';
  const p0 = priceAt(symbol, clock.now);
  const limit = roundToTick(p0 - tickSize(p0));
  const resting = await accepted(ctx, user, {
    symbol,
    type: 'BUY',
    orderType: 'LIMIT',
    price: limit,
    quantity: 2,
    validity: 'DAY',
  });
  expect(resting.status).toBe('PENDING');
  return { user, symbol, limit, resting };
}

describeEachDb(
  'order matcher between rounds (the market crossed a level and came back)',
  (ctx) => {
    it('fills a resting LIMIT buy the path fell through between two rounds, at its limit', async () => {
      clock.now = START;
      const { user, symbol, limit, resting } = await restingItcBuy(ctx());
      await ctx().app.matcher.runOnce();

      const { crossed, back } = crossAndBack(symbol, clock.now + 1000, (p) => p <= limit);
      // The round after the price came back: it sees a price above the limit.
      clock.now = back;
      expect(priceAt(symbol, clock.now)).toBeGreaterThan(limit);
      expect(crossed).toBeLessThan(back);
      expect((await ctx().app.matcher.runOnce()).filled).toBe(1);
      const done = (
        await ctx().request({ method: 'GET', url: `/api/orders/${resting.id}`, token: user.token })
      ).json().data as Order;
      expect(done).toMatchObject({ status: 'FILLED', executionPrice: limit });
      expect(await position(ctx(), user.user.id, symbol)).toMatchObject({ quantity: 2, fillNet: 2 });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('fills a resting STOP sell at the first price past its trigger, though the price is back above it', async () => {
      clock.now = START + 3_600_000;
      const user = await signUp(ctx());
      const symbol = 'INFY';
      await accepted(ctx(), user, { symbol, type: 'BUY', quantity: 3 });
      const p0 = priceAt(symbol, clock.now);
      const trigger = roundToTick(p0 - tickSize(p0));
      const stop = await accepted(ctx(), user, {
        symbol,
        type: 'SELL',
        orderType: 'STOP',
        triggerPrice: trigger,
        quantity: 3,
        validity: 'DAY',
      });
      expect(stop.status).toBe('PENDING');
      await ctx().app.matcher.runOnce();

      const { crossed, back } = crossAndBack(symbol, clock.now + 1000, (p) => p <= trigger);
      clock.now = back;
      expect(priceAt(symbol, clock.now)).toBeGreaterThan(trigger);
      expect((await ctx().app.matcher.runOnce()).filled).toBe(1);
      const done = (
        await ctx().request({ method: 'GET', url: `/api/orders/${stop.id}`, token: user.token })
      ).json().data as Order;
      expect(done).toMatchObject({ status: 'FILLED', executionPrice: priceAt(symbol, crossed) });
      expect(done.executionPrice!).toBeLessThanOrEqual(trigger);
      expect(await position(ctx(), user.user.id, symbol)).toMatchObject({ quantity: 0, fillNet: 0 });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('does not fill an order on a crossing that happened before it was placed', async () => {
      clock.now = START + 2 * 3_600_000;
      const user = await signUp(ctx());
      const symbol = 'HDFCBANK';
      const p0 = priceAt(symbol, clock.now);
      const limit = roundToTick(p0 - tickSize(p0));
      // The round runs before the order exists; the price then dips to the limit and comes back.
      await ctx().app.matcher.runOnce();
      const { back } = crossAndBack(symbol, clock.now + 1000, (p) => p <= limit);
      clock.now = back;
      const resting = await accepted(ctx(), user, {
        symbol,
        type: 'BUY',
        orderType: 'LIMIT',
        price: limit,
        quantity: 1,
        validity: 'DAY',
      });
      expect(resting.status).toBe('PENDING');
      expect((await ctx().app.matcher.runOnce()).filled).toBe(0);
      expect(
        (
          (await ctx().request({ method: 'GET', url: `/api/orders/${resting.id}`, token: user.token })).json()
            .data as Order
        ).status,
      ).toBe('PENDING');
    });

    it('after a lease take-over, the new holder’s first round fills a LIMIT the path crossed during the gap', async () => {
      clock.now = START + 3 * 3_600_000;
      // A second instance on the same database, waiting for the matcher's lease.
      const standby = await buildApp({
        config: testConfig(),
        database: ctx().database,
        mailer: memoryMailer().mailer,
        logger: false,
        now: () => clock.now,
      });
      await standby.ready();
      try {
        const { user, symbol, limit, resting } = await restingItcBuy(ctx());
        // The holder's round sees the order resting; the standby finds the lease taken.
        await ctx().app.matcher.tick();
        expect(ctx().app.matcher.holdsLock).toBe(true);
        await standby.matcher.tick();
        expect(standby.matcher.holdsLock).toBe(false);

        // The holder stops (frozen, not dead) while the price dips to the limit and comes back;
        // its lease runs out, by the database's clock.
        const { back } = crossAndBack(symbol, clock.now + 1000, (p) => p <= limit);
        clock.now = back;
        expect(priceAt(symbol, clock.now)).toBeGreaterThan(limit);
        await ctx().rows(
          sql`update job_leases set expires_at = clock_timestamp() - interval '1 second' where name = ${LEASES.matcher}`,
        );

        await standby.matcher.tick();
        expect(standby.matcher.holdsLock).toBe(true);
        const done = (
          await ctx().request({ method: 'GET', url: `/api/orders/${resting.id}`, token: user.token })
        ).json().data as Order;
        expect(done).toMatchObject({ status: 'FILLED', executionPrice: limit });

        // The old holder wakes: its renewal fails, so it runs no round of its own.
        await ctx().app.matcher.tick();
        expect(ctx().app.matcher.holdsLock).toBe(false);
        const fills = await ctx().rows<{ n: number }>(
          sql`select count(*)::int as n from fills where order_id = ${resting.id}`,
        );
        expect(fills[0]!.n).toBe(1);
        expect(await position(ctx(), user.user.id, symbol)).toMatchObject({ quantity: 2, fillNet: 2 });
        await expectBooksBalance(ctx(), user.user.id);
      } finally {
        await standby.close();
      }
    });
  },
  { now: () => clock.now },
);
