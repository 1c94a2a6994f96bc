import { expect, it } from 'vitest';
import { holdingsResponseSchema, portfolioSummaryResponseSchema, type Holding } from '@nivesh/shared';
import { accepted, filled, quoteBand } from '../support/orders.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;

async function holding(ctx: TestContext, user: User, symbol: string): Promise<Holding | undefined> {
  const res = await ctx.request({ method: 'GET', url: '/api/portfolio/summary', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return portfolioSummaryResponseSchema.parse(res.json()).data.positions.find((p) => p.symbol === symbol);
}

describeEachDb('sellable quantity on each holding', (ctx) => {
  it('counts every resting sell, past the 100 a page of open orders holds', async () => {
    const user = await signUp(ctx());
    await filled(ctx(), user, { symbol: 'YESBANK', type: 'BUY', quantity: 130 });
    expect(await holding(ctx(), user, 'YESBANK')).toMatchObject({
      quantity: 130,
      reservedQuantity: 0,
      sellableQuantity: 130,
    });

    // 120 resting one-share sells at the top of the price band: more than a 100-order page.
    const { at } = await quoteBand(ctx(), user, 'YESBANK');
    for (let i = 0; i < 120; i += 1)
      expect(
        await accepted(ctx(), user, {
          symbol: 'YESBANK',
          type: 'SELL',
          orderType: 'LIMIT',
          price: at(1.5),
          quantity: 1,
          validity: 'DAY',
        }),
      ).toMatchObject({ status: 'PENDING' });

    expect(await holding(ctx(), user, 'YESBANK')).toMatchObject({
      quantity: 130,
      reservedQuantity: 120,
      sellableQuantity: 10,
    });
    const list = await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(holdingsResponseSchema.parse(list.json()).data).toEqual([
      expect.objectContaining({ symbol: 'YESBANK', reservedQuantity: 120, sellableQuantity: 10 }),
    ]);

    // The server refuses an 11th share to sell, as the field says.
    const refused = await ctx().request({
      method: 'POST',
      url: '/api/orders/preview',
      token: user.token,
      payload: { symbol: 'YESBANK', type: 'SELL', orderType: 'MARKET', quantity: 11 },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ availableQuantity: 10, sufficient: false });

    // Another user's holdings say nothing of this one's.
    const other = await signUp(ctx());
    expect(await holding(ctx(), other, 'YESBANK')).toBeUndefined();
  });
});
