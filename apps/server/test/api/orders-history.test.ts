import { expect, it } from 'vitest';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { accepted, filled, quoteBand } from '../support/orders.js';
import { fixedMarketClock } from './orders.fixtures.js';

describeEachDb(
  'orders: lists, history and CSV export',
  (ctx) => {
    it('lists with orderType, search and sort; history holds finished orders newest first', async () => {
      const user = await signUp(ctx());
      const infy = await filled(ctx(), user, { symbol: 'INFY', type: 'BUY', quantity: 1 });
      const itc = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 });
      const resting = await accepted(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: (await quoteBand(ctx(), user, 'ITC')).at(0.5),
        quantity: 1,
      });
      const cancelled = await accepted(ctx(), user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'LIMIT',
        price: (await quoteBand(ctx(), user, 'TCS')).at(0.5),
        quantity: 1,
      });
      await ctx().request({
        method: 'POST',
        url: `/api/orders/cancel/${cancelled.id}`,
        token: user.token,
        payload: { reason: 'changed my mind' },
      });
      const get = (query: string) =>
        ctx()
          .request({ method: 'GET', url: `/api/orders/all${query}`, token: user.token })
          .then((r) => r.json().data as Order[]);

      expect((await get('?orderType=LIMIT')).map((o) => o.id)).toEqual([cancelled.id, resting.id]);
      expect((await get('?search=itc')).map((o) => o.id)).toEqual([resting.id, itc.id]);
      expect((await get('?search=infosys')).map((o) => o.id)).toEqual([infy.id]);
      expect((await get(`?search=${infy.id.slice(0, 8)}`)).map((o) => o.id)).toEqual([infy.id]);
      expect((await get('?stockSymbol=tcs.ns')).map((o) => o.id)).toEqual([cancelled.id]);
      // LIKE wildcards in the search box are text, not patterns.
      expect(await get('?search=%25')).toEqual([]);
      expect(await get('?search=_')).toEqual([]);
      expect((await get('?sort=createdAt')).map((o) => o.id)).toEqual([
        infy.id,
        itc.id,
        resting.id,
        cancelled.id,
      ]);
      const byTotal = await get('?sort=-total');
      expect(byTotal.slice(0, 2).map((o) => o.id)).toEqual(
        infy.total! > itc.total! ? [infy.id, itc.id] : [itc.id, infy.id],
      );
      expect(byTotal.slice(2).every((o) => o.total === null)).toBe(true);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/orders/all?sort=price', token: user.token }))
          .statusCode,
      ).toBe(400);

      const history = (
        await ctx().request({ method: 'GET', url: '/api/orders/history', token: user.token })
      ).json().data as Order[];
      expect(history.map((o) => o.id)).toEqual([cancelled.id, itc.id, infy.id]);
      expect(history[0]).toMatchObject({ status: 'CANCELLED', statusReason: 'changed my mind' });
      expect(history[1]!.feeBreakdown).not.toBeNull();
      const one = (
        await ctx().request({ method: 'GET', url: '/api/orders/history?limit=1', token: user.token })
      ).json().data as Order[];
      expect(one.map((o) => o.id)).toEqual([cancelled.id]);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/orders/history?limit=0', token: user.token }))
          .statusCode,
      ).toBe(400);
      const other = await signUp(ctx());
      expect(
        (await ctx().request({ method: 'GET', url: '/api/orders/history', token: other.token })).json().data,
      ).toEqual([]);
    });

    it('exports the filtered orders as a CSV download', async () => {
      const user = await signUp(ctx());
      const buy = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 2 });
      const sell = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 1 });
      const res = await ctx().request({ method: 'GET', url: '/api/orders/export', token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="nivesh-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Created At,Order ID,Client Order ID,Symbol,Name,Side,Order Type,Validity,Quantity,Limit Price,Trigger Price,Execution Price,Trade Value,Fees,Total,Realized P&L,Status,Reason,Executed At',
      );
      expect(lines).toHaveLength(3);
      const [first] = lines.slice(1).map((l) => l.split(','));
      expect(first!.slice(1, 4)).toEqual([sell.id, sell.clientOrderId, 'RELIANCE']);
      expect(first!.slice(5, 9)).toEqual(['SELL', 'MARKET', 'DAY', '1']);
      expect(Number(first![11])).toBe(sell.executionPrice);
      expect(Number(first![13])).toBe(sell.fees);
      expect(Number(first![15])).toBe(sell.realizedPnL);
      expect(first![16]).toBe('FILLED');

      const buys = await ctx().request({
        method: 'GET',
        url: '/api/orders/export?type=BUY',
        token: user.token,
      });
      const buyLines = buys.body.trimEnd().split('\r\n');
      expect(buyLines).toHaveLength(2);
      expect(buyLines[1]).toContain(buy.id);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/orders/export?status=NOPE', token: user.token }))
          .statusCode,
      ).toBe(400);
      expect((await ctx().request({ method: 'GET', url: '/api/orders/export' })).statusCode).toBe(401);
      const other = await signUp(ctx());
      expect(
        (await ctx().request({ method: 'GET', url: '/api/orders/export', token: other.token })).body
          .trimEnd()
          .split('\r\n'),
      ).toHaveLength(1);
    });
  },
  fixedMarketClock,
);
