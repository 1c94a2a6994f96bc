import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import {
  computeFees,
  rupeesToPaise,
  STARTING_BALANCE_PAISE,
  VIEW_ONLY_MESSAGE,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, position, quote, quoteBand } from '../support/orders.js';

describeEachDb('orders and money', (ctx) => {
  it('buys at market: balance = 10,000 − value − fees exactly, one ledger line per non-zero fee, position = fills', async () => {
    const user = await signUp(ctx());
    const order = await filled(ctx(), user, { symbol: 'reliance.ns', type: 'BUY', quantity: 2 });
    expect(order).toMatchObject({
      symbol: 'RELIANCE',
      stockSymbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
    });
    const value = rupeesToPaise(order.executionPrice!) * 2n;
    const fees = computeFees('BUY', value);
    expect(rupeesToPaise(order.tradeValue!)).toBe(value);
    expect(rupeesToPaise(order.fees)).toBe(fees.total);
    expect(rupeesToPaise(order.total!)).toBe(value + fees.total);
    expect(rupeesToPaise(order.feeBreakdown!.brokerage)).toBe(fees.brokerage);
    expect(rupeesToPaise(order.feeBreakdown!.stampDuty)).toBe(fees.stampDuty);

    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - value - fees.total);
    expect(m.ledgerSum).toBe(m.balance);
    const nonZeroFees = [
      fees.brokerage,
      fees.exchangeCharge,
      fees.stt,
      fees.gst,
      fees.sebiFee,
      fees.stampDuty,
    ].filter((f) => f > 0n).length;
    expect(m.entries).toBe(1 + 1 + nonZeroFees); // opening balance, trade debit, fee lines
    const [last] = await ctx().rows<{ after: string }>(
      sql`select balance_after_paise::text as after from ledger_entries where user_id = ${user.user.id} order by id desc limit 1`,
    );
    expect(BigInt(last!.after)).toBe(m.balance);

    const p = await position(ctx(), user.user.id, 'RELIANCE');
    expect(p).toMatchObject({ quantity: 2, fillNet: 2, cost: value + fees.total });

    const account = (
      await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token: user.token })
    ).json().data;
    expect(account.balance).toBe(Number(m.balance) / 100);
    expect(account.availableCash).toBe(Number(m.balance) / 100);
    expect(account.reserved).toBe(0);
    expect(account.totalInvested).toBe(Number(value + fees.total) / 100);
    expect(account.portfolioValue).toBeGreaterThan(0);
    expect(account.transactions[0]).toMatchObject({
      orderId: order.id,
      balanceAfter: Number(m.balance) / 100,
    });
  });

  it('sells part: proceeds net of fees, cost basis falls proportionally, realized P&L booked', async () => {
    const user = await signUp(ctx());
    const buy = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4 });
    const buyValue = rupeesToPaise(buy.executionPrice!) * 4n;
    const cost = buyValue + computeFees('BUY', buyValue).total;
    const sell = await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 1 });
    const sellValue = rupeesToPaise(sell.executionPrice!);
    // The first delivery sell of ITC today: the DP charge is on it.
    const sellFees = computeFees('SELL', sellValue, undefined, { firstSellOfDay: true });
    expect(sellFees.dpCharge).toBe(1534n);
    expect(sellFees.stt).toBeGreaterThan(0n);
    const removed = (cost * 2n + 4n) / 8n; // cost × 1/4, half-up
    const realized = sellValue - sellFees.total - removed;
    expect(rupeesToPaise(sell.realizedPnL!)).toBe(realized);
    expect(rupeesToPaise(sell.total!)).toBe(sellValue - sellFees.total);

    const p = await position(ctx(), user.user.id, 'ITC');
    expect(p).toMatchObject({ quantity: 3, fillNet: 3, cost: cost - removed, realized });
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - cost + sellValue - sellFees.total);
    expect(m.ledgerSum).toBe(m.balance);

    const holdings = (
      await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })
    ).json().data;
    expect(holdings).toEqual([
      expect.objectContaining({
        symbol: 'ITC',
        quantity: 3,
        totalInvested: Number(cost - removed) / 100,
        realizedPnL: Number(realized) / 100,
      }),
    ]);
    const summary = (
      await ctx().request({ method: 'GET', url: '/api/portfolio/summary', token: user.token })
    ).json().data;
    expect(summary).toMatchObject({
      totalPositions: 1,
      availableCash: Number(m.balance) / 100,
      totalInvested: Number(cost - removed) / 100,
      totalRealizedPnL: Number(realized) / 100,
    });
    expect(summary.totalValue).toBeCloseTo(summary.availableCash + summary.totalCurrentValue, 2);

    // Selling the rest closes the position and takes the whole remaining cost basis.
    await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 3 });
    expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 0, fillNet: 0, cost: 0n });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })).json().data,
    ).toEqual([]);
    const after = await money(ctx(), user.user.id);
    expect(after.ledgerSum).toBe(after.balance);
  });

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

  it('is idempotent: a retry returns the first order and charges once; the key with another body is a 422', async () => {
    const user = await signUp(ctx());
    const body = { symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 1, clientOrderId: key() };
    const first = await place(ctx(), user, body);
    expect(first.statusCode).toBe(201);
    const [again, twice] = await Promise.all([place(ctx(), user, body), place(ctx(), user, body)]);
    for (const res of [again, twice]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.order.id).toBe(first.json().data.order.id);
    }
    const other = await place(ctx(), user, { ...body, quantity: 2 });
    expect(other.statusCode).toBe(422);
    const m = await money(ctx(), user.user.id);
    const value = rupeesToPaise(first.json().data.order.executionPrice) * 1n;
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - value - computeFees('BUY', value).total);
    expect(m.ledgerSum).toBe(m.balance);

    // The Idempotency-Key header stands in for a missing clientOrderId.
    const header = { 'idempotency-key': key() };
    const viaHeader = await place(ctx(), user, { symbol: 'INFY', type: 'BUY', quantity: 1 }, header);
    expect(viaHeader.statusCode).toBe(201);
    const viaHeaderAgain = await place(ctx(), user, { symbol: 'INFY', type: 'BUY', quantity: 1 }, header);
    expect(viaHeaderAgain.statusCode).toBe(200);
    expect(viaHeaderAgain.json().data.order.id).toBe(viaHeader.json().data.order.id);
    expect((await position(ctx(), user.user.id, 'INFY')).quantity).toBe(2);
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

  it('notifies the fill and pushes order-update and balance-updated', async () => {
    const user = await signUp(ctx());
    const spy = vi.spyOn(ctx().app.realtime, 'toUser');
    try {
      const order = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 2 });
      const events = () => spy.mock.calls.filter((c) => c[0] === user.user.id).map((c) => c[1]);
      // The pushes go out before the reply; the stored notification's event follows it.
      expect(events()).toEqual(expect.arrayContaining(['order-update', 'balance-updated']));
      await vi.waitFor(() => expect(events()).toContain('notification'));
      const balance = spy.mock.calls.find((c) => c[1] === 'balance-updated')![2] as { balance: number };
      expect(balance.balance).toBe(Number((await money(ctx(), user.user.id)).balance) / 100);
      const notes = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data;
      expect(notes[0]).toMatchObject({ type: 'success', title: 'Order filled', link: '/orders' });
      expect(notes[0].message).toMatch(new RegExp(`^Bought 2 shares of RELIANCE at ₹[\\d,]+\\.\\d{2}$`));
      expect(order.status).toBe('FILLED');
    } finally {
      spy.mockRestore();
    }
  });

  it('names the tab that asked in both announcements of its change, and no tab when none was named', async () => {
    const user = await signUp(ctx());
    const spy = vi.spyOn(ctx().app.realtime, 'toUser');
    try {
      const send = (headers: Record<string, string>, body: Record<string, unknown>) =>
        ctx().request({
          method: 'POST',
          url: '/api/orders/place',
          token: user.token,
          headers,
          payload: { clientOrderId: `tab-${randomUUID()}`, ...body },
        });
      const pushed = (event: string, orderId: string) =>
        spy.mock.calls
          .filter((c) => c[0] === user.user.id && c[1] === event)
          .map((c) => c[2] as { tab?: string; order?: { id: string }; data?: { orderId?: string } })
          .filter((p) => (p.order?.id ?? p.data?.orderId) === orderId);

      const mine = await send(
        { 'x-nivesh-tab': 'tab-aaaa1111' },
        { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 1 },
      );
      expect(mine.statusCode).toBe(201);
      const mineId = mine.json().data.order.id as string;
      await vi.waitFor(() => expect(pushed('notification', mineId)).toHaveLength(1));
      expect(pushed('order-update', mineId)).toEqual([expect.objectContaining({ tab: 'tab-aaaa1111' })]);
      expect(pushed('notification', mineId)[0]!.tab).toBe('tab-aaaa1111');

      // No name, or a malformed one: the order goes through and its announcements name no tab.
      for (const headers of [{}, { 'x-nivesh-tab': 'no spaces!' }] as Record<string, string>[]) {
        const other = await send(headers, { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 1 });
        expect(other.statusCode).toBe(201);
        const otherId = other.json().data.order.id as string;
        await vi.waitFor(() => expect(pushed('notification', otherId)).toHaveLength(1));
        expect(pushed('order-update', otherId)[0]).not.toHaveProperty('tab');
        expect(pushed('notification', otherId)[0]).not.toHaveProperty('tab');
      }

      // A cancel names its tab on the 'Order cancelled' notice too.
      const band = await quoteBand(ctx(), user, 'ITC');
      const resting = await send(
        {},
        { symbol: 'ITC', type: 'BUY', orderType: 'LIMIT', price: band.at(0.5), quantity: 1 },
      );
      expect(resting.json().data.order.status).toBe('PENDING');
      const restingId = resting.json().data.order.id as string;
      const cancelled = await ctx().request({
        method: 'POST',
        url: `/api/orders/cancel/${restingId}`,
        token: user.token,
        headers: { 'x-nivesh-tab': 'tab-bbbb2222' },
        payload: {},
      });
      expect(cancelled.statusCode).toBe(200);
      await vi.waitFor(() => expect(pushed('notification', restingId)).toHaveLength(1));
      expect(pushed('notification', restingId)[0]!.tab).toBe('tab-bbbb2222');
      expect(pushed('order-update', restingId).map((p) => p.tab)).toEqual([undefined, 'tab-bbbb2222']);
    } finally {
      spy.mockRestore();
    }
  });

  it('stores the fill notice with the fill, and none when portfolio updates are switched off', async () => {
    const notes = async (user: Awaited<ReturnType<typeof signUp>>) =>
      (
        (await ctx().request({ method: 'GET', url: '/api/notifications?limit=50', token: user.token })).json()
          .data as { title: string; data: unknown }[]
      ).filter((n) => n.title === 'Order filled');
    const on = await signUp(ctx());
    const order = await filled(ctx(), on, { symbol: 'ITC', type: 'BUY', quantity: 1 });
    // Written by the fill's own statement, so it is there as soon as the order is answered.
    expect(await notes(on)).toEqual([expect.objectContaining({ data: { orderId: order.id } })]);

    const off = await signUp(ctx());
    const saved = await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: off.token,
      payload: { notificationSettings: { portfolioUpdates: false } },
    });
    expect(saved.statusCode).toBe(200);
    await filled(ctx(), off, { symbol: 'ITC', type: 'BUY', quantity: 1 });
    await filled(ctx(), off, { symbol: 'ITC', type: 'SELL', quantity: 1 });
    expect(await notes(off)).toEqual([]);
  });

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

  it('never overdraws under 20 concurrent buys that together exceed the cash', async () => {
    const user = await signUp(ctx());
    const quote = (
      await ctx().request({ method: 'GET', url: '/api/stocks/quote/INFY', token: user.token })
    ).json().data as { price: number };
    // Each buy costs roughly ₹1,200, so 20 of them ask for about ₹24,000 of the ₹10,000.
    const quantity = Math.max(1, Math.floor(1200 / quote.price));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(ctx(), user, {
          symbol: 'INFY',
          type: 'BUY',
          orderType: 'MARKET',
          quantity,
          clientOrderId: key(),
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.order as Order);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(accepted.length + refused.length).toBe(20);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.json().message).toMatch(/^Insufficient balance\./);
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBeGreaterThanOrEqual(0n);
    expect(m.ledgerSum).toBe(m.balance);
    const debits = accepted.reduce((sum, o) => sum + rupeesToPaise(o.total!), 0n);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - debits);
    const p = await position(ctx(), user.user.id, 'INFY');
    expect(p.quantity).toBe(accepted.length * quantity);
    expect(p.fillNet).toBe(p.quantity);
  });
});
