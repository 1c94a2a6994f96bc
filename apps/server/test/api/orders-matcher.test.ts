import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import {
  GTC_LAPSED_REASON,
  GTC_REFUSED_MESSAGE,
  STARTING_BALANCE_PAISE,
  computeFees,
  paiseToRupees,
  roundToTick,
  rupeesToPaise,
  tickSize,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp, testConfig, type TestContext } from '../support/test-app.js';
import {
  accepted,
  expectBooksBalance,
  filled,
  key,
  money,
  place,
  position,
  quote,
  type User,
  quoteBand,
} from '../support/orders.js';

/** The market clock the app reads; each test sets it and moves it forward. */
const clock = { now: 0 };
// A Tuesday, 11:30 IST.
const TUESDAY = Date.parse('2026-11-24T06:00:00Z');

const buyCost = (pricePaise: bigint, quantity: number) => {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};

/** Moves the clock forward in steps until the simulated price satisfies `reached`; returns that price. */
async function advanceUntil(
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

async function order(ctx: TestContext, user: User, id: string): Promise<Order> {
  return (await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token })).json()
    .data as Order;
}

async function titles(ctx: TestContext, user: User): Promise<string[]> {
  return (
    (await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token })).json().data as {
      title: string;
    }[]
  ).map((n) => n.title);
}

describeEachDb(
  'order matcher (always-open simulated market)',
  (ctx) => {
    it('fills a resting LIMIT buy once the market falls to it, at that moment’s price, exactly once', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      const { price: p0 } = await quoteBand(ctx(), user, 'ITC');
      const limit = roundToTick(p0 - 2 * tickSize(p0));
      const resting = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: limit,
        quantity: 3,
        validity: 'DAY',
      });
      expect(resting.status).toBe('PENDING');
      const reserve = buyCost(rupeesToPaise(limit), 3);
      expect(await money(ctx(), user.user.id)).toMatchObject({ reserved: reserve });

      expect(await ctx().app.matcher.runOnce()).toEqual({ filled: 0, expired: 0, rejected: 0 });
      expect((await order(ctx(), user, resting.id)).status).toBe('PENDING');

      const price = await advanceUntil(ctx(), user, 'ITC', (p) => p <= limit);
      const spy = vi.spyOn(ctx().app.realtime, 'toUser');
      try {
        const round = await ctx().app.matcher.runOnce();
        expect(round.filled).toBeGreaterThanOrEqual(1);
        const updates = spy.mock.calls
          .filter((c) => c[0] === user.user.id && c[1] === 'order-update')
          .map((c) => (c[2] as { order: Order }).order);
        expect(updates).toEqual([expect.objectContaining({ id: resting.id, status: 'FILLED' })]);
      } finally {
        spy.mockRestore();
      }
      const done = await order(ctx(), user, resting.id);
      const value = rupeesToPaise(price) * 3n;
      const fees = computeFees('BUY', value);
      expect(done).toMatchObject({
        status: 'FILLED',
        executionPrice: price,
        reserved: 0,
        limitPrice: limit,
        executedAt: new Date(clock.now).toISOString(),
      });
      expect(done.executionPrice!).toBeLessThanOrEqual(limit);
      expect(rupeesToPaise(done.fees)).toBe(fees.total);
      expect(rupeesToPaise(done.total!)).toBe(value + fees.total);
      expect(rupeesToPaise(done.feeBreakdown!.brokerage)).toBe(fees.brokerage);
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m).toMatchObject({ balance: STARTING_BALANCE_PAISE - value - fees.total, reserved: 0n });
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({
        quantity: 3,
        fillNet: 3,
        cost: value + fees.total,
      });
      expect(await titles(ctx(), user)).toContain('Order filled');

      // A second round finds nothing to do: one order, one fill.
      await ctx().app.matcher.runOnce();
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 3, fillNet: 3 });
    });

    it('fills a LIMIT sell when the market rises to it and a STOP sell when it falls to its trigger; shares stay reserved meanwhile', async () => {
      clock.now = TUESDAY + 3_600_000;
      const user = await signUp(ctx());
      const buy = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4 });
      const p0 = buy.executionPrice!;
      const tick = tickSize(p0);
      const target = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'LIMIT',
        price: roundToTick(p0 + 2 * tick),
        quantity: 2,
        validity: 'DAY',
      });
      const stop = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'STOP',
        triggerPrice: roundToTick(p0 - 2 * tick),
        quantity: 2,
        validity: 'DAY',
      });
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 4, reserved: 4 });
      const blocked = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        quantity: 1,
        clientOrderId: `k-${target.id}`,
      });
      expect(blocked.json().message).toBe(
        'Insufficient holdings. You have 0 shares free to sell, trying to sell 1',
      );

      const pending = new Map([
        [target.id, (p: number) => p >= target.limitPrice!],
        [stop.id, (p: number) => p <= stop.triggerPrice!],
      ]);
      while (pending.size > 0) {
        const price = await advanceUntil(ctx(), user, 'ITC', (p) =>
          [...pending.values()].some((reached) => reached(p)),
        );
        await ctx().app.matcher.runOnce();
        for (const [id, reached] of pending) {
          const o = await order(ctx(), user, id);
          if (reached(price)) {
            expect(o).toMatchObject({ status: 'FILLED', executionPrice: price });
            pending.delete(id);
          } else if (o.status === 'FILLED') {
            // The path reached it between two rounds and came back (the clock moves 20 s a step):
            // the limit fills at its limit, the stop at the first price past its trigger.
            if (id === target.id) expect(o.executionPrice).toBe(target.limitPrice);
            else expect(o.executionPrice!).toBeLessThanOrEqual(stop.triggerPrice!);
            pending.delete(id);
          } else expect(o.status).toBe('PENDING');
        }
      }
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({
        quantity: 0,
        reserved: 0,
        fillNet: 0,
        cost: 0n,
      });
      const sells = [await order(ctx(), user, target.id), await order(ctx(), user, stop.id)];
      const realized = sells.reduce((sum, o) => sum + rupeesToPaise(o.realizedPnL!), 0n);
      expect((await position(ctx(), user.user.id, 'ITC')).realized).toBe(realized);
      // All four shares are gone and each sell's realized P&L is its net proceeds less half the cost.
      expect(realized).toBe(
        sells.reduce((sum, o) => sum + rupeesToPaise(o.total!), 0n) - rupeesToPaise(buy.total!),
      );
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('fires a STOP at once when its trigger is already crossed at placement', async () => {
      clock.now = TUESDAY + 2 * 3_600_000;
      const user = await signUp(ctx());
      const { price: p0, at } = await quoteBand(ctx(), user, 'INFY');
      const buyStop = await accepted(ctx(), user, {
        symbol: 'INFY',
        type: 'BUY',
        orderType: 'STOP',
        triggerPrice: roundToTick(p0 - tickSize(p0)),
        quantity: 2,
      });
      expect(buyStop).toMatchObject({
        status: 'FILLED',
        executionPrice: p0,
        triggerPrice: roundToTick(p0 - tickSize(p0)),
      });
      const sellStop = await accepted(ctx(), user, {
        symbol: 'INFY',
        type: 'SELL',
        orderType: 'STOP',
        triggerPrice: roundToTick(p0 + tickSize(p0)),
        quantity: 1,
      });
      expect(sellStop).toMatchObject({ status: 'FILLED', executionPrice: p0 });
      // A marketable limit fills at the market, not at its limit.
      const marketable = await accepted(ctx(), user, {
        symbol: 'INFY',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(1.05),
        quantity: 1,
      });
      expect(marketable).toMatchObject({ status: 'FILLED', executionPrice: p0 });
      expect(await position(ctx(), user.user.id, 'INFY')).toMatchObject({ quantity: 2, fillNet: 2 });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('rejects a BUY stop whose fill costs more than its reservation plus the free cash, and releases the reservation', async () => {
      clock.now = TUESDAY + 3 * 3_600_000;
      const user = await signUp(ctx());
      const { price: p0 } = await quoteBand(ctx(), user, 'YESBANK');
      const trigger = roundToTick(p0 + tickSize(p0));
      const quantity = Math.floor(9000 / trigger);
      const stopBody = {
        symbol: 'YESBANK',
        type: 'BUY',
        orderType: 'STOP',
        triggerPrice: trigger,
        quantity,
        validity: 'DAY',
        clientOrderId: `k-stop-${user.user.id}`,
      };
      const stopRes = await place(ctx(), user, stopBody);
      expect(stopRes.statusCode, stopRes.body).toBe(201);
      const stop = stopRes.json().data.order as Order;
      const reserve = buyCost(rupeesToPaise(trigger), quantity);
      expect(stop).toMatchObject({ status: 'PENDING', reserved: paiseToRupees(reserve) });

      // Spend nearly all the free cash so the gap above the trigger cannot be covered.
      const free = STARTING_BALANCE_PAISE - reserve;
      const spend = Number(free / buyCost(rupeesToPaise(p0), 1));
      await filled(ctx(), user, { symbol: 'YESBANK', type: 'BUY', quantity: spend });
      const left = await money(ctx(), user.user.id);
      const freeLeft = left.balance - left.reserved;
      expect(freeLeft).toBeLessThan(rupeesToPaise(p0) * 2n);

      const price = await advanceUntil(
        ctx(),
        user,
        'YESBANK',
        (p) => buyCost(rupeesToPaise(p), quantity) > reserve + freeLeft,
        60_000,
      );
      expect(await ctx().app.matcher.runOnce()).toMatchObject({ rejected: 1, filled: 0 });
      const rejected = await order(ctx(), user, stop.id);
      const need = buyCost(rupeesToPaise(price), quantity);
      expect(rejected).toMatchObject({ status: 'REJECTED', reserved: 0, executionPrice: null, fees: 0 });
      expect(rejected.statusReason).toBe(
        `Could not fill at ₹${price.toFixed(2)}: Insufficient balance. Required: ₹${paiseToRupees(need).toLocaleString('en-IN', { minimumFractionDigits: 2 })}, Available: ₹${paiseToRupees(reserve + freeLeft).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
      );
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({
        balance: left.balance,
        reserved: 0n,
      });
      expect(await titles(ctx(), user)).toContain('Order rejected');
      // The placement itself was accepted, so its retry still answers with the order (now rejected), not a 422.
      const retry = await place(ctx(), user, stopBody);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data.order).toMatchObject({ id: stop.id, status: 'REJECTED' });
    });

    it('expires DAY orders at the end of the IST day, releasing cash and shares', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 2 });
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const dayBuy = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.5),
        quantity: 1,
      });
      const daySell = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'LIMIT',
        price: at(1.5),
        quantity: 2,
      });
      // Tuesday 11:30 IST → midnight IST is 18:30 UTC.
      expect(dayBuy.expiresAt).toBe('2026-11-24T18:30:00.000Z');
      expect(daySell.expiresAt).toBe('2026-11-24T18:30:00.000Z');

      clock.now = Date.parse('2026-11-24T18:29:59Z');
      expect((await ctx().app.matcher.runOnce()).expired).toBe(0);
      clock.now = Date.parse('2026-11-24T18:30:00Z');
      expect((await ctx().app.matcher.runOnce()).expired).toBe(2);
      for (const id of [dayBuy.id, daySell.id]) {
        expect(await order(ctx(), user, id)).toMatchObject({
          status: 'EXPIRED',
          statusReason: 'Expired at the end of the trading session',
          reserved: 0,
          expiresAt: null,
        });
      }
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 2, reserved: 0 });
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m.reserved).toBe(0n);
      expect((await titles(ctx(), user)).filter((t) => t === 'Order expired')).toHaveLength(2);
      const cancel = await ctx().request({
        method: 'POST',
        url: `/api/orders/cancel/${dayBuy.id}`,
        token: user.token,
        payload: {},
      });
      expect(cancel.statusCode).toBe(422);
    });

    it('refuses a new GTC order with a pointer to GTT, and lapses a resting GTC order from before with that notice', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'TCS', type: 'BUY', quantity: 2 });
      const { at } = await quoteBand(ctx(), user, 'TCS');
      const gtcBody = {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.8),
        quantity: 1,
        validity: 'GTC',
      };
      for (const url of ['/api/orders/place', '/api/orders/preview']) {
        const res = await ctx().request({
          method: 'POST',
          url,
          token: user.token,
          payload: { ...gtcBody, clientOrderId: key() },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(GTC_REFUSED_MESSAGE);
      }

      // Resting GTC orders from before GTC was withdrawn: a buy holding cash and a sell holding shares.
      const buy = await accepted(ctx(), user, { ...gtcBody, validity: 'DAY' });
      const sell = await accepted(ctx(), user, {
        symbol: 'TCS',
        type: 'SELL',
        orderType: 'LIMIT',
        price: at(1.15),
        quantity: 2,
      });
      await ctx().rows(
        sql`update orders set validity = 'GTC', expires_at = null where id in (${buy.id}, ${sell.id})`,
      );
      // What migration 0013 runs on them (its last statement, verbatim).
      const migration = readFileSync(
        new URL('../../drizzle/0013_products_charges.sql', import.meta.url),
        'utf8',
      );
      const lapse = migration.trim().split('\n').at(-1)!;
      expect(lapse).toMatch(/^UPDATE "orders" SET "expires_at" = now\(\)/);
      await ctx().rows(sql.raw(lapse));
      // The market clock is where the real clock is, so the matcher sees them as past their expiry.
      clock.now = Date.now() + 1000;
      expect((await ctx().app.matcher.runOnce()).expired).toBe(2);
      for (const id of [buy.id, sell.id]) {
        expect(await order(ctx(), user, id)).toMatchObject({
          status: 'EXPIRED',
          validity: 'GTC',
          statusReason: GTC_LAPSED_REASON,
          reserved: 0,
        });
      }
      expect(await position(ctx(), user.user.id, 'TCS')).toMatchObject({ quantity: 2, reserved: 0 });
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m.reserved).toBe(0n);
      const notices = await ctx().rows<{ message: string }>(
        sql`select message from notifications where user_id = ${user.user.id} and title = 'Order expired'`,
      );
      expect(notices).toHaveLength(2);
      for (const n of notices) expect(n.message).toContain(GTC_LAPSED_REASON);
    });

    it('fills a resting order made marketable by PATCH at the market price and frees the unused reservation', async () => {
      clock.now = TUESDAY + 4 * 3_600_000;
      const user = await signUp(ctx());
      const { price: p0, at } = await quoteBand(ctx(), user, 'RELIANCE');
      const resting = await accepted(ctx(), user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.8),
        quantity: 2,
      });
      const high = at(1.02);
      const res = await ctx().request({
        method: 'PATCH',
        url: `/api/orders/${resting.id}`,
        token: user.token,
        payload: { price: high },
      });
      expect(res.json().data).toMatchObject({
        status: 'PENDING',
        reserved: paiseToRupees(buyCost(rupeesToPaise(high), 2)),
      });
      expect((await ctx().app.matcher.runOnce()).filled).toBe(1);
      const done = await order(ctx(), user, resting.id);
      expect(done).toMatchObject({ status: 'FILLED', executionPrice: p0, limitPrice: high });
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({
        reserved: 0n,
        balance: STARTING_BALANCE_PAISE - buyCost(rupeesToPaise(p0), 2),
      });
    });

    it('a cancel racing the matcher: exactly one of them wins, and the books balance', async () => {
      clock.now = TUESDAY + 5 * 3_600_000;
      const user = await signUp(ctx());
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const orders: Order[] = [];
      for (let i = 0; i < 6; i += 1) {
        orders.push(
          await accepted(ctx(), user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'LIMIT',
            price: at(0.5),
            quantity: 1,
          }),
        );
      }
      for (const o of orders) {
        await ctx().request({
          method: 'PATCH',
          url: `/api/orders/${o.id}`,
          token: user.token,
          payload: { price: at(1.1) },
        });
      }
      const [round, ...cancels] = await Promise.all([
        ctx().app.matcher.runOnce(),
        ...orders.map((o) =>
          ctx().request({
            method: 'POST',
            url: `/api/orders/cancel/${o.id}`,
            token: user.token,
            payload: {},
          }),
        ),
      ]);
      const cancelled = cancels.filter((r) => r.statusCode === 200).length;
      expect(cancels.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
      expect(round.filled + cancelled).toBe(6);
      const final = await Promise.all(orders.map((o) => order(ctx(), user, o.id)));
      expect(final.filter((o) => o.status === 'FILLED')).toHaveLength(round.filled);
      expect(final.filter((o) => o.status === 'CANCELLED')).toHaveLength(cancelled);
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({
        quantity: round.filled,
        fillNet: round.filled,
      });
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({ reserved: 0n });
    });
  },
  { now: () => clock.now },
);

describeEachDb(
  'order matcher (NSE session hours)',
  (ctx) => {
    it('queues a market order placed while the market is closed and fills it at the next open', async () => {
      // Saturday 11:30 IST: closed until Monday 09:15 IST (03:45 UTC).
      clock.now = Date.parse('2026-11-28T06:00:00Z');
      const user = await signUp(ctx());
      const last = await quote(ctx(), user, 'RELIANCE');
      const preview = (
        await ctx().request({
          method: 'POST',
          url: '/api/orders/preview',
          token: user.token,
          payload: { symbol: 'RELIANCE', type: 'BUY', quantity: 2 },
        })
      ).json().data;
      expect(preview).toMatchObject({ marketOpen: false, price: last });
      const res = await place(ctx(), user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        clientOrderId: `k-q-${user.user.id}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Market closed: buy order for 2 RELIANCE queued for the next open');
      const queued = res.json().data.order as Order;
      // DAY: Monday's close, 15:30 IST.
      expect(queued).toMatchObject({
        status: 'PENDING',
        orderType: 'MARKET',
        reserved: paiseToRupees(buyCost(rupeesToPaise(last), 2)),
        expiresAt: '2026-11-30T10:00:00.000Z',
      });
      // A limit above the last price does not trade while closed either.
      const limit = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: (await quoteBand(ctx(), user, 'ITC')).at(1.1),
        quantity: 1,
      });
      expect(limit.status).toBe('PENDING');

      expect(await ctx().app.matcher.runOnce()).toEqual({ filled: 0, expired: 0, rejected: 0 });
      clock.now = Date.parse('2026-11-30T03:44:59Z');
      expect((await ctx().app.matcher.runOnce()).filled).toBe(0);

      clock.now = Date.parse('2026-11-30T03:45:30Z');
      const open = await quote(ctx(), user, 'RELIANCE');
      expect((await ctx().app.matcher.runOnce()).filled).toBe(2);
      const done = await order(ctx(), user, queued.id);
      expect(done).toMatchObject({
        status: 'FILLED',
        executionPrice: open,
        executedAt: '2026-11-30T03:45:30.000Z',
        reserved: 0,
      });
      expect((await order(ctx(), user, limit.id)).status).toBe('FILLED');
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m.reserved).toBe(0n);
      expect(await position(ctx(), user.user.id, 'RELIANCE')).toMatchObject({
        quantity: 2,
        fillNet: 2,
        cost: buyCost(rupeesToPaise(open), 2),
      });
    });

    it('gives DAY orders the session’s close (or the next session’s after hours) and expires them there', async () => {
      // Monday 10:00 IST.
      clock.now = Date.parse('2026-11-30T04:30:00Z');
      const user = await signUp(ctx());
      const { at } = await quoteBand(ctx(), user, 'TCS');
      const inSession = await accepted(ctx(), user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.5),
        quantity: 1,
      });
      expect(inSession.expiresAt).toBe('2026-11-30T10:00:00.000Z');
      // Friday 16:00 IST, after the close: the next session is Monday's.
      clock.now = Date.parse('2026-12-04T10:30:00Z');
      // Days later the band has moved with the previous close.
      const later = await quoteBand(ctx(), user, 'TCS');
      const afterHours = await accepted(ctx(), user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'LIMIT',
        price: later.at(0.5),
        quantity: 1,
      });
      expect(afterHours.expiresAt).toBe('2026-12-07T10:00:00.000Z');

      // Back to Monday's close: only the first lapses.
      clock.now = Date.parse('2026-11-30T10:00:00Z');
      expect((await ctx().app.matcher.runOnce()).expired).toBe(1);
      expect((await order(ctx(), user, inSession.id)).status).toBe('EXPIRED');
      expect((await order(ctx(), user, afterHours.id)).status).toBe('PENDING');
      clock.now = Date.parse('2026-12-07T10:00:00Z');
      expect((await ctx().app.matcher.runOnce()).expired).toBe(1);
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({
        reserved: 0n,
        balance: STARTING_BALANCE_PAISE,
      });
    });
  },
  { now: () => clock.now, config: { market: { ...testConfig().market, session: 'nse' } } },
);
