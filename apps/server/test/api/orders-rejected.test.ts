import { expect, it, vi } from 'vitest';
import { VIEW_ONLY_MESSAGE, type Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, quote } from '../support/orders.js';

describeEachDb('orders: rejected placements (short cash or shares, bad input)', (ctx) => {
  it('refuses with the user-facing messages when cash or shares are short, moves no money, and keeps the refusal as REJECTED', async () => {
    const user = await signUp(ctx());
    // About ₹20,000 of shares: twice the cash, whatever the simulated price is today.
    const quantity = Math.ceil(20_000 / (await quote(ctx(), user, 'RELIANCE')));
    const poor = await place(ctx(), user, {
      symbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity,
      clientOrderId: key(),
    });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().message).toMatch(
      /^Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹10,000\.00$/,
    );
    const short = await place(ctx(), user, {
      symbol: 'TCS',
      type: 'SELL',
      orderType: 'MARKET',
      quantity: 3,
      clientOrderId: key(),
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(
      'Insufficient holdings. You have 0 shares free to sell, trying to sell 3',
    );
    await filled(ctx(), user, { symbol: 'TCS', type: 'BUY', quantity: 1 });
    const more = await place(ctx(), user, {
      symbol: 'TCS',
      type: 'SELL',
      orderType: 'MARKET',
      quantity: 2,
      clientOrderId: key(),
    });
    expect(more.json().message).toBe(
      'Insufficient holdings. You have 1 share free to sell, trying to sell 2',
    );
    const m = await money(ctx(), user.user.id);
    expect(m.ledgerSum).toBe(m.balance);
    const list = (await ctx().request({ method: 'GET', url: '/api/orders/all', token: user.token })).json();
    expect(list.summary).toEqual({
      totalOrders: 4,
      filledOrders: 1,
      openOrders: 0,
      cancelledOrders: 0,
      rejectedOrders: 3,
    });
    const rejected = (list.data as Order[]).filter((o) => o.status === 'REJECTED');
    expect(rejected.map((o) => o.statusReason)).toEqual([
      more.json().message,
      short.json().message,
      poor.json().message,
    ]);
    expect(rejected.every((o) => o.reserved === 0 && o.executedAt === null && o.fees === 0)).toBe(true);
    // The history shows a refused market order with what was asked: its quantity at the market price it was refused at.
    const history = (
      await ctx().request({ method: 'GET', url: '/api/transactions?limit=50', token: user.token })
    ).json().data;
    const refusedBuy = history.find((t: { orderId: string | null }) => t.orderId === rejected[2]!.id);
    expect(refusedBuy).toMatchObject({ status: 'failed', quantity, netAmount: 0 });
    expect(refusedBuy.price).toBeGreaterThan(0);
    expect(refusedBuy.totalAmount).toBeCloseTo(refusedBuy.price * quantity, 2);

    // A retry of a refused order gets the same refusal, not a second row.
    const retry = await place(ctx(), user, {
      symbol: 'TCS',
      type: 'SELL',
      orderType: 'MARKET',
      quantity: 3,
      clientOrderId: rejected[1]!.clientOrderId,
    });
    expect(retry.statusCode).toBe(422);
    expect(retry.json().message).toBe(
      'Insufficient holdings. You have 0 shares free to sell, trying to sell 3',
    );
    // The notification is stored after the reply, so the list catches up shortly after.
    await vi.waitFor(async () => {
      const notes = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data;
      expect(notes.filter((n: { title: string }) => n.title === 'Order rejected')).toHaveLength(3);
    });
    const after = (await ctx().request({ method: 'GET', url: '/api/orders/all', token: user.token })).json();
    expect(after.summary.totalOrders).toBe(4);
  });

  it('rejects bad input with field messages and unknown symbols with 404', async () => {
    const user = await signUp(ctx());
    for (const quantity of [0, 1.5, -1, '2']) {
      const res = await place(ctx(), user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        quantity,
        clientOrderId: key(),
      });
      expect(res.statusCode).toBe(400);
      const expected =
        typeof quantity === 'number'
          ? { code: 'QUANTITY_INVALID', rule: expect.stringContaining('whole number of shares') }
          : { code: 'VALIDATION_ERROR' };
      expect(res.json()).toMatchObject({
        success: false,
        ...expected,
        errors: { quantity: 'Quantity must be a whole number greater than 0' },
      });
    }
    const noKey = await place(ctx(), user, { symbol: 'TCS', type: 'BUY', quantity: 1 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors.clientOrderId).toBeDefined();
    const shortKey = await place(ctx(), user, {
      symbol: 'TCS',
      type: 'BUY',
      quantity: 1,
      clientOrderId: 'abc',
    });
    expect(shortKey.statusCode).toBe(400);
    const badType = await place(ctx(), user, {
      symbol: 'TCS',
      type: 'HOLD',
      quantity: 1,
      clientOrderId: key(),
    });
    expect(badType.statusCode).toBe(400);
    const unknown = await place(ctx(), user, {
      symbol: 'NOSUCHSTOCK',
      type: 'BUY',
      quantity: 1,
      clientOrderId: key(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Stock not found');
    // US stocks are view only: cash is rupees, so a dollar price is never costed as ₹.
    for (const url of ['/api/orders/place', '/api/orders/preview']) {
      const payload = { symbol: 'AAPL', type: 'BUY', orderType: 'MARKET', quantity: 1, clientOrderId: key() };
      const usd = await ctx().request({ method: 'POST', url, token: user.token, payload });
      expect(usd.statusCode).toBe(422);
      expect(usd.json().message).toBe(VIEW_ONLY_MESSAGE);
    }
    const usdPayload = { stockSymbol: 'AAPL', quantity: 1, price: 200, clientOrderId: key() };
    const buyUsd = await ctx().request({
      method: 'POST',
      url: '/api/virtual-money/buy',
      token: user.token,
      payload: usdPayload,
    });
    expect(buyUsd.statusCode).toBe(422);
    const anon = await ctx().request({
      method: 'POST',
      url: '/api/orders/place',
      payload: { symbol: 'TCS', type: 'BUY', quantity: 1, clientOrderId: key() },
    });
    expect(anon.statusCode).toBe(401);
    expect((await money(ctx(), user.user.id)).entries).toBe(1);
  });
});
