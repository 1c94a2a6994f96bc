import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  PRICE_CHANGED_MESSAGE,
  STARTING_BALANCE_PAISE,
  computeFees,
  paiseToRupees,
  roundToTick,
  rupeesToPaise,
  type Order,
  type OrderPreview,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import {
  accepted,
  expectBooksBalance,
  filled,
  key,
  money,
  place,
  position,
  quote,
  type User,
  quoteBand,
} from '../support/orders.js';

// A fixed market clock: the preview and the fill that follows see the very same price.
const clock = { now: Date.parse('2026-11-24T06:00:00Z') };

const buyReserve = (pricePaise: bigint, quantity: number) => {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};

function patch(ctx: TestContext, user: User, id: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, token: user.token, payload });
}

function preview(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/orders/preview', token: user.token, payload });
}

async function orderCount(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.rows<{ n: string }>(
    sql`select count(*)::text as n from orders where user_id = ${userId}`,
  );
  return Number(row!.n);
}

describeEachDb(
  'orders: modify, preview, history, export, virtual-money trades',
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

    it('preview quotes exactly what the fill then charges, and writes nothing', async () => {
      const user = await signUp(ctx());
      const before = await money(ctx(), user.user.id);
      const res = await preview(ctx(), user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().data as OrderPreview;
      expect(p).toMatchObject({
        symbol: 'RELIANCE',
        type: 'BUY',
        quantity: 2,
        sufficient: true,
        message: null,
        marketOpen: true,
        availableCash: 10000,
        estimatedPnL: null,
      });
      expect(p.price).toBe(p.marketPrice);
      expect(await money(ctx(), user.user.id)).toEqual(before);
      expect(await orderCount(ctx(), user.user.id)).toBe(0);

      const order = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 2 });
      expect(order.executionPrice).toBe(p.price);
      expect(order.feeBreakdown).toEqual(p.fees);
      expect(order.total).toBe(p.total);
      expect(order.tradeValue).toBe(p.tradeValue);

      const sellPreview = (
        await preview(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 1 })
      ).json().data as OrderPreview;
      expect(sellPreview).toMatchObject({ sufficient: true, availableQuantity: 2 });
      const sell = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 1 });
      expect(sell.feeBreakdown).toEqual(sellPreview.fees);
      expect(sell.realizedPnL).toBe(sellPreview.estimatedPnL);

      const short = (await preview(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 5 })).json()
        .data as OrderPreview;
      expect(short).toMatchObject({
        sufficient: false,
        message: 'Insufficient holdings. You have 1 share free to sell, trying to sell 5',
        availableQuantity: 1,
        estimatedPnL: null,
      });
      const poor = (await preview(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 20 })).json()
        .data as OrderPreview;
      expect(poor.sufficient).toBe(false);
      expect(poor.message).toMatch(
        /^Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹[\d,]+\.\d{2}$/,
      );

      // A limit below the market is costed at its limit, as its reservation will be.
      const limitPrice = roundToTick(p.marketPrice * 0.9);
      const limit = (
        await preview(ctx(), user, {
          symbol: 'RELIANCE',
          type: 'BUY',
          orderType: 'LIMIT',
          price: limitPrice,
          quantity: 1,
        })
      ).json().data as OrderPreview;
      expect(limit.price).toBe(limitPrice);
      expect(limit.total).toBe(paiseToRupees(buyReserve(rupeesToPaise(limitPrice), 1)));

      expect(
        (
          await preview(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', orderType: 'LIMIT', quantity: 1 })
        ).json().errors.price,
      ).toBe('Please enter a valid limit price');
      expect(
        (
          await preview(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', orderType: 'STOP', quantity: 1 })
        ).json().errors.triggerPrice,
      ).toBe('Please enter a valid trigger price');
      expect(
        (await preview(ctx(), user, { symbol: 'NOSUCHSTOCK', type: 'BUY', quantity: 1 })).statusCode,
      ).toBe(404);
      expect((await preview(ctx(), user, { symbol: 'NIFTY50', type: 'BUY', quantity: 1 })).statusCode).toBe(
        422,
      );
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: '/api/orders/preview',
            payload: { symbol: 'TCS', type: 'BUY', quantity: 1 },
          })
        ).statusCode,
      ).toBe(401);
      await expectBooksBalance(ctx(), user.user.id);
    });

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

    it('virtual-money buy/sell trade at market within 2% of the price the user saw, else "Price changed, please review"', async () => {
      const user = await signUp(ctx());
      const { price } = await quoteBand(ctx(), user, 'RELIANCE');
      const trade = (
        side: 'buy' | 'sell',
        payload: Record<string, unknown>,
        headers?: Record<string, string>,
      ) =>
        ctx().request({
          method: 'POST',
          url: `/api/virtual-money/${side}`,
          token: user.token,
          payload,
          ...(headers ? { headers } : {}),
        });

      const stale = await trade('buy', {
        stockSymbol: 'RELIANCE',
        quantity: 2,
        price: price * 1.03,
        clientOrderId: key(),
      });
      expect(stale.statusCode).toBe(422);
      expect(stale.json().message).toBe(PRICE_CHANGED_MESSAGE);
      expect(await orderCount(ctx(), user.user.id)).toBe(0);

      const body = { stockSymbol: 'RELIANCE', quantity: 2, price: price * 1.015, clientOrderId: key() };
      const bought = await trade('buy', body);
      expect(bought.statusCode, bought.body).toBe(201);
      expect(bought.json().message).toBe('Successfully bought 2 shares of RELIANCE!');
      const order = bought.json().data.order as Order;
      expect(order).toMatchObject({
        status: 'FILLED',
        orderType: 'MARKET',
        type: 'BUY',
        quantity: 2,
        executionPrice: price,
      });
      const again = await trade('buy', body);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.order.id).toBe(order.id);

      const sold = await trade(
        'sell',
        { stockSymbol: 'RELIANCE.NS', quantity: 1, price },
        { 'idempotency-key': key() },
      );
      expect(sold.statusCode, sold.body).toBe(201);
      expect(sold.json().message).toBe('Successfully sold 1 share of RELIANCE!');
      const tooMany = await trade('sell', {
        stockSymbol: 'RELIANCE',
        quantity: 5,
        price,
        clientOrderId: key(),
      });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().message).toBe(
        'Insufficient holdings. You have 1 share free to sell, trying to sell 5',
      );

      expect(
        (await trade('buy', { stockSymbol: 'RELIANCE', quantity: 1, price })).json().errors.clientOrderId,
      ).toBeDefined();
      expect(
        (await trade('buy', { stockSymbol: 'RELIANCE', quantity: 1, price: -5, clientOrderId: key() })).json()
          .errors.price,
      ).toBe('Quantity and price must be positive');
      expect(
        (await trade('buy', { stockSymbol: 'RELIANCE', quantity: 1.5, price, clientOrderId: key() }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: '/api/virtual-money/buy',
            payload: { stockSymbol: 'RELIANCE', quantity: 1, price },
          })
        ).statusCode,
      ).toBe(401);
      expect(await position(ctx(), user.user.id, 'RELIANCE')).toMatchObject({ quantity: 1, fillNet: 1 });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('buying takes the stock off the default watchlist; selling the whole holding puts it back', async () => {
      const user = await signUp(ctx());
      const lists = (await ctx().request({ method: 'GET', url: '/api/watchlist', token: user.token })).json()
        .data as { id: string; isDefault: boolean }[];
      const list = lists.find((l) => l.isDefault)!;
      await ctx().request({
        method: 'POST',
        url: '/api/watchlist/add',
        token: user.token,
        payload: { symbol: 'ITC', watchlistId: list.id },
      });
      const symbols = async () =>
        (
          (await ctx().request({ method: 'GET', url: '/api/watchlist', token: user.token })).json().data as {
            isDefault: boolean;
            stocks: { symbol: string }[];
          }[]
        )
          .find((l) => l.isDefault)!
          .stocks.map((s) => s.symbol);
      expect(await symbols()).toEqual(['ITC']);
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 3 });
      expect(await symbols()).toEqual([]);
      await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 });
      expect(await symbols()).toEqual([]);
      await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 1 });
      expect(await symbols()).toEqual(['ITC']);
    });

    it('concurrent retries of a refused order all get the same 422 and leave one REJECTED row', async () => {
      const user = await signUp(ctx());
      const quantity = Math.ceil(20_000 / (await quote(ctx(), user, 'RELIANCE')));
      const body = { symbol: 'RELIANCE', type: 'BUY', orderType: 'MARKET', quantity, clientOrderId: key() };
      const results = await Promise.all(Array.from({ length: 6 }, () => place(ctx(), user, body)));
      const messages = new Set(results.map((r) => `${r.statusCode} ${r.json().message}`));
      expect([...messages]).toHaveLength(1);
      expect([...messages][0]).toMatch(
        /^422 Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹10,000\.00$/,
      );
      const rows = await ctx().rows<{ status: string; reason: string }>(
        sql`select status, status_reason as reason from orders where user_id = ${user.user.id}`,
      );
      expect(rows).toEqual([{ status: 'REJECTED', reason: results[0]!.json().message }]);
      // Reusing the refused key for another order is still a 422 of its own kind.
      const other = await place(ctx(), user, { ...body, quantity: 1 });
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('This clientOrderId was already used for a different order');
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({
        balance: STARTING_BALANCE_PAISE,
        entries: 1,
      });
    });

    it('documents every order route in the OpenAPI document', async () => {
      const doc = (await ctx().request({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(doc.paths['/api/orders/{id}']!)).toEqual(
        expect.arrayContaining(['get', 'patch', 'delete']),
      );
      for (const path of [
        '/api/orders/place',
        '/api/orders/preview',
        '/api/virtual-money/buy',
        '/api/virtual-money/sell',
        '/api/orders/cancel/{id}',
      ]) {
        expect(doc.paths[path], path).toHaveProperty('post');
      }
      for (const path of ['/api/orders/all', '/api/orders/history', '/api/orders/export'])
        expect(doc.paths[path], path).toHaveProperty('get');
    });

    it('rejects placements that break the contract with 400s that name the field', async () => {
      const user = await signUp(ctx());
      const bad = [
        [{ symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1 }, 'price'],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'STOP', quantity: 1 }, 'triggerPrice'],
        [
          { symbol: 'TCS', type: 'BUY', orderType: 'STOP', quantity: 1, triggerPrice: 1000.01 },
          'triggerPrice',
        ],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1, price: -1 }, 'price'],
        [{ symbol: 'TCS', type: 'BUY', quantity: 1, validity: 'IOC' }, 'validity'],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'ICEBERG', quantity: 1 }, 'orderType'],
        [{ symbol: 'TCS', type: 'BUY', quantity: 2_000_000 }, 'quantity'],
        [{ symbol: 'bad symbol!', type: 'BUY', quantity: 1 }, 'symbol'],
      ] as const;
      for (const [payload, field] of bad) {
        const res = await place(ctx(), user, { clientOrderId: key(), ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors[field], JSON.stringify(payload)).toBeDefined();
      }
      expect(await orderCount(ctx(), user.user.id)).toBe(0);
    });
  },
  { now: () => clock.now },
);
