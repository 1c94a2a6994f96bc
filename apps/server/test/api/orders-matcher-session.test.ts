import { expect, it } from 'vitest';
import { STARTING_BALANCE_PAISE, paiseToRupees, rupeesToPaise, type Order } from '@nivesh/shared';
import { describeEachDb, signUp, testConfig } from '../support/test-app.js';
import { accepted, expectBooksBalance, place, position, quote, quoteBand } from '../support/orders.js';
import { buyCost, clock, order } from './orders.fixtures.js';

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
