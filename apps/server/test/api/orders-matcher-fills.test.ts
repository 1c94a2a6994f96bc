import { expect, it, vi } from 'vitest';
import {
  STARTING_BALANCE_PAISE,
  computeFees,
  paiseToRupees,
  roundToTick,
  rupeesToPaise,
  tickSize,
} from '@nivesh/shared';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as trading from '../support/orders.js';
import { advanceUntil, buyCost, clock, order, titles, TUESDAY } from './orders.fixtures.js';

const { accepted, expectBooksBalance, filled, money, place, position, quoteBand } = trading;

describeEachDb(
  'order matcher: filling resting orders (always-open simulated market)',
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
