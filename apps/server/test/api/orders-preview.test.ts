import { expect, it } from 'vitest';
import { paiseToRupees, roundToTick, rupeesToPaise, type OrderPreview } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { expectBooksBalance, filled, money } from '../support/orders.js';
import { buyReserve, fixedMarketClock, orderCount, preview } from './orders.fixtures.js';

describeEachDb(
  'orders: preview',
  (ctx) => {
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
  },
  fixedMarketClock,
);
