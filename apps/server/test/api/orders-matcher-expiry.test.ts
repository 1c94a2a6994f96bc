import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  GTC_LAPSED_REASON,
  GTC_REFUSED_MESSAGE,
  STARTING_BALANCE_PAISE,
  paiseToRupees,
  roundToTick,
  rupeesToPaise,
  tickSize,
} from '@nivesh/shared';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as trading from '../support/orders.js';
import { advanceUntil, buyCost, clock, order, titles, TUESDAY } from './orders.fixtures.js';

const { accepted, expectBooksBalance, filled, key, money, place, position, quoteBand } = trading;

describeEachDb(
  'order matcher: orders that end unfilled — rejected at the fill, DAY expiry, lapsed GTC (always-open simulated market)',
  (ctx) => {
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
  },
  { now: () => clock.now },
);
