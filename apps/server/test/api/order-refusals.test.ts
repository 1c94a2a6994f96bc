import { expect, it } from 'vitest';
import {
  MAX_ORDER_QUANTITY,
  computeFees,
  orderRefusalSchema,
  roundToTick,
  rupeesToPaise,
  tickSize,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, quote } from '../support/orders.js';

// A stopped market clock, so the price a refusal quotes is the price the retry fills at.
const NOW = Date.now();
const cost = (pricePaise: bigint, quantity: number) => {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};
const inr = (paise: bigint) =>
  `₹${(Number(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describeEachDb(
  'order refusals that teach',
  (ctx) => {
    it('insufficient funds: the message, the rule with the numbers, the largest affordable quantity — which then fills', async () => {
      const user = await signUp(ctx());
      const price = await quote(ctx(), user, 'RELIANCE');
      const pricePaise = rupeesToPaise(price);
      const quantity = Math.ceil(20_000 / price);
      const res = await place(ctx(), user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity,
        clientOrderId: key(),
      });
      expect(res.statusCode).toBe(422);
      const body = orderRefusalSchema.parse(res.json());
      const required = cost(pricePaise, quantity);
      expect(body).toMatchObject({
        success: false,
        code: 'INSUFFICIENT_FUNDS',
        message: `Insufficient balance. Required: ${inr(required)}, Available: ₹10,000.00`,
      });
      expect(body.rule).toBe(
        `A buy needs its value plus fees in free cash: ${quantity} shares at ${inr(pricePaise)} need ${inr(required)}, and ₹10,000.00 is available.`,
      );
      const suggested = (body.suggestion as { quantity: number }).quantity;
      // The largest quantity whose value plus fees fits in ₹10,000, worked out here from the fee schedule.
      expect(cost(pricePaise, suggested)).toBeLessThanOrEqual(1_000_000n);
      expect(cost(pricePaise, suggested + 1)).toBeGreaterThan(1_000_000n);

      // The preview says the same before anything is placed.
      const preview = (
        await ctx().request({
          method: 'POST',
          url: '/api/orders/preview',
          token: user.token,
          payload: { symbol: 'RELIANCE', type: 'BUY', quantity },
        })
      ).json().data;
      expect(preview).toMatchObject({
        sufficient: false,
        message: body.message,
        refusal: { code: 'INSUFFICIENT_FUNDS', rule: body.rule, suggestion: { quantity: suggested } },
      });

      const taken = await filled(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: suggested });
      expect(taken.quantity).toBe(suggested);
      expect((await money(ctx(), user.user.id)).balance).toBe(1_000_000n - cost(pricePaise, suggested));

      // The stored rejection keeps its rule and fix, in the orders list and in /history's failed row.
      const rejected = (
        await ctx().request({ method: 'GET', url: '/api/orders/all?status=REJECTED', token: user.token })
      ).json().data as Order[];
      expect(rejected).toHaveLength(1);
      expect(rejected[0]!.refusal).toEqual({
        code: 'INSUFFICIENT_FUNDS',
        rule: body.rule,
        suggestion: { quantity: suggested },
      });
      const history = (
        await ctx().request({ method: 'GET', url: '/api/transactions?status=failed', token: user.token })
      ).json().data;
      expect(history[0]).toMatchObject({
        status: 'failed',
        failureReason: body.message,
        failureRefusal: { code: 'INSUFFICIENT_FUNDS', rule: body.rule, suggestion: { quantity: suggested } },
      });
      // Another user sees none of it.
      const other = await signUp(ctx());
      expect(
        (
          await ctx().request({ method: 'GET', url: '/api/orders/all?status=REJECTED', token: other.token })
        ).json().data,
      ).toEqual([]);
      expect(
        (await ctx().request({ method: 'GET', url: `/api/orders/${rejected[0]!.id}`, token: other.token }))
          .statusCode,
      ).toBe(404);
    });

    it('insufficient shares: suggests selling what is free, and nothing when nothing is held', async () => {
      const user = await signUp(ctx());
      const none = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 3,
        clientOrderId: key(),
      });
      expect(none.statusCode).toBe(422);
      const noneBody = orderRefusalSchema.parse(none.json());
      expect(noneBody).toMatchObject({
        code: 'INSUFFICIENT_SHARES',
        message: 'Insufficient holdings. You have 0 shares free to sell, trying to sell 3',
      });
      expect(noneBody.rule).toBe(
        'You can sell only shares you hold and have not already put up for sale: 0 shares are free, and this order sells 3.',
      );
      expect(noneBody.suggestion).toBeUndefined();

      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 2 });
      const more = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 5,
        clientOrderId: key(),
      });
      const moreBody = orderRefusalSchema.parse(more.json());
      expect(moreBody).toMatchObject({
        code: 'INSUFFICIENT_SHARES',
        message: 'Insufficient holdings. You have 2 shares free to sell, trying to sell 5',
        suggestion: { quantity: 2 },
      });
      expect((await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 })).quantity).toBe(2);
    });

    it('price off the tick grid: the tick, and the nearest valid price', async () => {
      const user = await signUp(ctx());
      const price = await quote(ctx(), user, 'ITC');
      const tick = tickSize(price);
      expect(tick).toBeGreaterThan(0.01);
      // Just above the current price, so it stays in the same tick band (and the ±20% band) as the quote.
      const off = Math.round((roundToTick(price) + 0.01) * 100) / 100;
      const res = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: off,
        quantity: 1,
        clientOrderId: key(),
      });
      expect(res.statusCode).toBe(400);
      const body = orderRefusalSchema.parse(res.json());
      expect(body).toMatchObject({
        code: 'PRICE_OFF_TICK',
        message: `Limit price must be a multiple of the tick size (₹${tick.toFixed(2)})`,
        errors: { price: `Limit price must be a multiple of the tick size (₹${tick.toFixed(2)})` },
        suggestion: { price: roundToTick(off) },
      });
      expect(body.rule).toContain(`steps of ₹${tick.toFixed(2)}`);
      const taken = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: roundToTick(off),
        quantity: 1,
        clientOrderId: key(),
      });
      expect(taken.statusCode, taken.body).toBe(201);

      const stop = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'STOP',
        triggerPrice: off,
        quantity: 1,
        clientOrderId: key(),
      });
      expect(stop.json()).toMatchObject({
        code: 'PRICE_OFF_TICK',
        errors: { triggerPrice: expect.stringMatching(/^Trigger price/) },
        suggestion: { price: roundToTick(off) },
      });
    });

    it('quantity: whole shares from 1 to the cap, answered in the same shape with the nearest valid quantity', async () => {
      const user = await signUp(ctx());
      for (const [quantity, suggestion] of [
        [0, 1],
        [-4, 1],
        [2.5, 2],
        [MAX_ORDER_QUANTITY + 1, MAX_ORDER_QUANTITY],
      ] as const) {
        const res = await place(ctx(), user, {
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'MARKET',
          quantity,
          clientOrderId: key(),
        });
        expect(res.statusCode).toBe(400);
        const body = orderRefusalSchema.parse(res.json());
        expect(body).toMatchObject({ code: 'QUANTITY_INVALID', suggestion: { quantity: suggestion } });
        expect(body.rule).toBe(
          `Shares trade in lots of 1, so an order is a whole number of shares from 1 to 10,00,000; ${quantity} is not.`,
        );
      }
      const order = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 2 });
      const patched = await ctx().request({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        token: user.token,
        payload: { quantity: 0 },
      });
      expect(patched.json()).toMatchObject({ code: 'QUANTITY_INVALID', suggestion: { quantity: 1 } });
      expect((await money(ctx(), user.user.id)).entries).toBeGreaterThan(1);
    });

    it('a quick trade after the price moved: the seen and current prices in the rule', async () => {
      const user = await signUp(ctx());
      const price = await quote(ctx(), user, 'RELIANCE');
      const res = await ctx().request({
        method: 'POST',
        url: '/api/virtual-money/buy',
        token: user.token,
        payload: { stockSymbol: 'RELIANCE', quantity: 1, price: price * 1.03, clientOrderId: key() },
      });
      expect(res.statusCode).toBe(422);
      const body = orderRefusalSchema.parse(res.json());
      expect(body).toMatchObject({ code: 'PRICE_CHANGED', message: 'Price changed, please review' });
      expect(body.rule).toContain('within 2%');
    });
  },
  { now: () => NOW },
);
