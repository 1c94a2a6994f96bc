import { expect, it } from 'vitest';
import { PRICE_CHANGED_MESSAGE, type Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { expectBooksBalance, filled, key, position, quoteBand } from '../support/orders.js';
import { fixedMarketClock, orderCount } from './orders.fixtures.js';

describeEachDb(
  'orders: virtual-money trades and the watchlist after a fill',
  (ctx) => {
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
  },
  fixedMarketClock,
);
