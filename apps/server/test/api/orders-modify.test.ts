import { expect, it } from 'vitest';
import { STARTING_BALANCE_PAISE, paiseToRupees, rupeesToPaise, type Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { accepted, expectBooksBalance, filled, money, position, quoteBand } from '../support/orders.js';
import { buyReserve, fixedMarketClock, patch } from './orders.fixtures.js';

describeEachDb(
  'orders: modifying resting orders (PATCH)',
  (ctx) => {
    it('PATCH re-prices and re-sizes a resting LIMIT buy: same id, still PENDING, reservation swapped exactly', async () => {
      const user = await signUp(ctx());
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const limit = at(0.8);
      const order = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: limit,
        quantity: 5,
      });
      expect(order.status).toBe('PENDING');
      expect((await money(ctx(), user.user.id)).reserved).toBe(buyReserve(rupeesToPaise(limit), 5));

      const newLimit = at(0.7);
      const res = await patch(ctx(), user, order.id, { price: newLimit, quantity: 8 });
      expect(res.statusCode, res.body).toBe(200);
      const modified = res.json().data as Order;
      expect(modified).toMatchObject({
        id: order.id,
        status: 'PENDING',
        quantity: 8,
        limitPrice: newLimit,
        price: newLimit,
      });
      expect(modified.reserved).toBe(paiseToRupees(buyReserve(rupeesToPaise(newLimit), 8)));
      expect(Date.parse(modified.updatedAt)).toBeGreaterThan(Date.parse(order.updatedAt));
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m).toMatchObject({
        balance: STARTING_BALANCE_PAISE,
        reserved: buyReserve(rupeesToPaise(newLimit), 8),
      });

      // Too big for the cash: the insufficient-funds message, and nothing changes.
      const greedy = await patch(ctx(), user, order.id, { quantity: 1000 });
      expect(greedy.statusCode).toBe(422);
      const required = buyReserve(rupeesToPaise(newLimit), 1000);
      expect(greedy.json().message).toBe(
        `Insufficient balance. Required: ₹${(Number(required) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}, Available: ₹10,000.00`,
      );
      expect(
        (await ctx().request({ method: 'GET', url: `/api/orders/${order.id}`, token: user.token })).json()
          .data,
      ).toMatchObject({ quantity: 8, limitPrice: newLimit });

      // Bad input is a 400 with the field named; a finished order cannot change.
      expect((await patch(ctx(), user, order.id, { price: newLimit + 0.005 })).json()).toMatchObject({
        code: 'PRICE_OFF_TICK',
        errors: { price: expect.stringMatching(/tick size/) },
      });
      expect((await patch(ctx(), user, order.id, { triggerPrice: 10 })).statusCode).toBe(400);
      expect((await patch(ctx(), user, order.id, {})).statusCode).toBe(400);
      expect((await patch(ctx(), user, order.id, { quantity: 0 })).json().errors.quantity).toBe(
        'Quantity must be a whole number greater than 0',
      );
      await ctx().request({
        method: 'POST',
        url: `/api/orders/cancel/${order.id}`,
        token: user.token,
        payload: {},
      });
      const late = await patch(ctx(), user, order.id, { quantity: 2 });
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe('Only pending orders can be modified; this one is CANCELLED');
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({ reserved: 0n });
    });

    it('PATCH on a resting sell re-reserves shares, and a STOP changes its trigger; another user gets 404', async () => {
      const user = await signUp(ctx());
      const other = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 6 });
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const sell = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'LIMIT',
        price: at(1.3),
        quantity: 2,
      });
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 6, reserved: 2 });
      expect((await patch(ctx(), user, sell.id, { quantity: 5 })).statusCode).toBe(200);
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 6, reserved: 5 });
      const tooMany = await patch(ctx(), user, sell.id, { quantity: 7 });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().message).toBe(
        'Insufficient holdings. You have 6 shares free to sell, trying to sell 7',
      );

      const stop = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'STOP',
        triggerPrice: at(0.8),
        quantity: 1,
        validity: 'DAY',
      });
      expect(stop).toMatchObject({
        status: 'PENDING',
        orderType: 'STOP',
        validity: 'DAY',
        expiresAt: expect.any(String),
        triggerPrice: at(0.8),
      });
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ reserved: 6 });
      const moved = await patch(ctx(), user, stop.id, { triggerPrice: at(0.75) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({ id: stop.id, triggerPrice: at(0.75), status: 'PENDING' });
      expect((await patch(ctx(), user, stop.id, { price: 100 })).json().errors.price).toBe(
        'Only a limit order has a limit price',
      );

      for (const res of [
        await patch(ctx(), other, stop.id, { quantity: 1 }),
        await ctx().request({ method: 'GET', url: `/api/orders/${stop.id}`, token: other.token }),
        await ctx().request({
          method: 'POST',
          url: `/api/orders/cancel/${stop.id}`,
          token: other.token,
          payload: {},
        }),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({
        quantity: 6,
        reserved: 6,
        fillNet: 6,
      });
      await expectBooksBalance(ctx(), user.user.id);
    });
  },
  fixedMarketClock,
);
