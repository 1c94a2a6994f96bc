import { expect, it, vi } from 'vitest';
import { computeFees, rupeesToPaise, STARTING_BALANCE_PAISE, type Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, position, quoteBand } from '../support/orders.js';

describeEachDb('orders: resting LIMIT orders hold back cash and shares', (ctx) => {
  it('rests a LIMIT buy below the market with a reservation and releases it on cancel', async () => {
    const user = await signUp(ctx());
    // The bottom of the day's band: far enough below the market to rest.
    const limit = (await quoteBand(ctx(), user, 'ITC')).at(0.5);
    const res = await place(ctx(), user, {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: limit,
      quantity: 10,
      clientOrderId: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    const value = rupeesToPaise(limit) * 10n;
    const reserve = value + computeFees('BUY', value).total;
    expect(order).toMatchObject({
      status: 'PENDING',
      orderType: 'LIMIT',
      price: limit,
      reserved: Number(reserve) / 100,
    });
    let m = await money(ctx(), user.user.id);
    expect(m).toMatchObject({ balance: STARTING_BALANCE_PAISE, reserved: reserve });
    const account = (
      await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token: user.token })
    ).json().data;
    expect(account).toMatchObject({
      balance: 10000,
      reserved: Number(reserve) / 100,
      availableCash: Number(STARTING_BALANCE_PAISE - reserve) / 100,
    });
    const cancel = await ctx().request({
      method: 'POST',
      url: `/api/orders/cancel/${order.id}`,
      token: user.token,
      payload: { reason: 'changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({
      status: 'CANCELLED',
      statusReason: 'changed my mind',
      reserved: 0,
      expiresAt: null,
    });
    m = await money(ctx(), user.user.id);
    expect(m).toMatchObject({ balance: STARTING_BALANCE_PAISE, reserved: 0n });
    const twice = await ctx().request({
      method: 'POST',
      url: `/api/orders/cancel/${order.id}`,
      token: user.token,
      payload: {},
    });
    expect(twice.statusCode).toBe(422);
    const notes = await vi.waitFor(async () => {
      const data = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data;
      expect(data[0]?.title).toBe('Order cancelled');
      return data;
    });
    expect(notes[0]).toMatchObject({
      title: 'Order cancelled',
      type: 'info',
      message: `Your buy limit order for 10 ITC at ₹${limit.toFixed(2)} was cancelled: changed my mind`,
    });

    // DELETE /orders/{id} cancels too.
    const again = await place(ctx(), user, {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: limit,
      quantity: 1,
      clientOrderId: key(),
    });
    const deleted = await ctx().request({
      method: 'DELETE',
      url: `/api/orders/${again.json().data.order.id}`,
      token: user.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.status).toBe('CANCELLED');
    expect(await money(ctx(), user.user.id)).toMatchObject({ reserved: 0n });
    expect(
      (
        await ctx().request({
          method: 'DELETE',
          url: `/api/orders/${again.json().data.order.id}`,
          token: user.token,
        })
      ).statusCode,
    ).toBe(422);
    const offTick = await place(ctx(), user, {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: 400.03,
      quantity: 1,
      clientOrderId: key(),
    });
    expect(offTick.statusCode).toBe(400);
  });

  it('holds back the shares of a resting LIMIT sell until it is cancelled', async () => {
    const user = await signUp(ctx());
    await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 3 });
    const res = await place(ctx(), user, {
      symbol: 'ITC',
      type: 'SELL',
      orderType: 'LIMIT',
      price: (await quoteBand(ctx(), user, 'ITC')).at(1.5),
      quantity: 2,
      clientOrderId: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    expect(order).toMatchObject({ status: 'PENDING', reserved: 0 });
    const blocked = await place(ctx(), user, {
      symbol: 'ITC',
      type: 'SELL',
      orderType: 'MARKET',
      quantity: 2,
      clientOrderId: key(),
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe(
      'Insufficient holdings. You have 1 share free to sell, trying to sell 2',
    );
    const list = (
      await ctx().request({ method: 'GET', url: '/api/orders/all?status=PENDING', token: user.token })
    ).json();
    expect(list.data.map((o: Order) => o.id)).toEqual([order.id]);
    expect(list.summary).toMatchObject({ totalOrders: 3, filledOrders: 1, openOrders: 1, rejectedOrders: 1 });
    await ctx().request({
      method: 'POST',
      url: `/api/orders/cancel/${order.id}`,
      token: user.token,
      payload: {},
    });
    await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 });
    expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 1, fillNet: 1 });
    const m = await money(ctx(), user.user.id);
    expect(m.ledgerSum).toBe(m.balance);
  });
});
