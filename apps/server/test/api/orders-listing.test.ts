import { expect, it } from 'vitest';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled } from '../support/orders.js';

describeEachDb('orders: listing one’s own orders', (ctx) => {
  it('lists own orders newest first with filters and summary; another user’s order is a 404', async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    const first = await filled(ctx(), a, { symbol: 'INFY', type: 'BUY', quantity: 1 });
    const second = await filled(ctx(), a, { symbol: 'TCS', type: 'BUY', quantity: 1 });
    const third = await filled(ctx(), a, { symbol: 'INFY', type: 'SELL', quantity: 1 });
    const all = (await ctx().request({ method: 'GET', url: '/api/orders/all', token: a.token })).json();
    expect(all.data.map((o: Order) => o.id)).toEqual([third.id, second.id, first.id]);
    expect(all.summary).toEqual({
      totalOrders: 3,
      filledOrders: 3,
      openOrders: 0,
      cancelledOrders: 0,
      rejectedOrders: 0,
    });
    const sells = (
      await ctx().request({ method: 'GET', url: '/api/orders/all?type=SELL', token: a.token })
    ).json();
    expect(sells.data.map((o: Order) => o.id)).toEqual([third.id]);
    const infy = (
      await ctx().request({
        method: 'GET',
        url: '/api/orders/all?symbol=infy.ns&limit=1&page=2',
        token: a.token,
      })
    ).json();
    expect(infy.data.map((o: Order) => o.id)).toEqual([first.id]);
    expect(infy.pagination).toMatchObject({ total: 2, totalPages: 2 });

    const own = await ctx().request({ method: 'GET', url: `/api/orders/${first.id}`, token: a.token });
    expect(own.json().data).toMatchObject({ id: first.id, status: 'FILLED' });
    const foreign = await ctx().request({ method: 'GET', url: `/api/orders/${first.id}`, token: b.token });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/orders/all', token: b.token })).json().data,
    ).toEqual([]);
    const cancelForeign = await ctx().request({
      method: 'POST',
      url: `/api/orders/cancel/${first.id}`,
      token: b.token,
      payload: {},
    });
    expect(cancelForeign.statusCode).toBe(404);
  });
});
