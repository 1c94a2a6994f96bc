import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, money, quoteBand } from '../support/orders.js';

describeEachDb('orders: fill and cancel announcements', (ctx) => {
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
});
