import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradingStatsResponseSchema, type Order, type TradingStats } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;

async function trade(
  ctx: TestContext,
  user: User,
  type: 'BUY' | 'SELL',
  symbol: string,
  quantity: number,
): Promise<Order> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: `k-${randomUUID()}`, orderType: 'MARKET', type, symbol, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as Order;
}

async function stats(ctx: TestContext, user: User): Promise<TradingStats> {
  const res = await ctx.request({ method: 'GET', url: '/api/portfolio/stats', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return tradingStatsResponseSchema.parse(res.json()).data;
}

const achievement = (s: TradingStats, id: string) => s.achievements.find((a) => a.id === id)!;

/**
 * Sets the realized P&L of a user's sell fills (and their positions' totals to match), oldest
 * first. The simulated market rarely pays for the fees within a test, so winning and losing
 * trades are written as such; everything else comes from real orders.
 */
async function setSellResults(ctx: TestContext, userId: string, pnlPaise: bigint[]) {
  const sells = await ctx.rows<{ id: string }>(
    sql`select id::text as id from fills where user_id = ${userId} and side = 'SELL' order by created_at, id`,
  );
  expect(sells).toHaveLength(pnlPaise.length);
  for (const [i, row] of sells.entries())
    await ctx.rows(
      sql`update fills set realized_pnl_paise = ${pnlPaise[i]!.toString()}::bigint where id = ${row.id}::uuid`,
    );
  await ctx.rows(
    sql`update positions p set realized_pnl_paise = coalesce((select sum(realized_pnl_paise) from fills f where f.user_id = p.user_id and f.symbol = p.symbol and f.side = 'SELL'), 0) where p.user_id = ${userId}`,
  );
}

describeEachDb('trading stats and achievements', (ctx) => {
  it('starts empty: no trades, no win rate, nothing earned, with what each needs', async () => {
    const user = await signUp(ctx());
    const s = await stats(ctx(), user);
    expect(s).toMatchObject({ totalTrades: 0, winRate: null, realizedPnL: 0, bestTrade: null });
    expect(s.achievements.map((a) => [a.id, a.title, a.earned])).toEqual([
      ['first-trade', 'First Trade', false],
      ['portfolio-builder', 'Portfolio Builder', false],
      ['profit-maker', 'Profit Maker', false],
      ['active-trader', 'Active Trader', false],
      ['market-expert', 'Market Expert', false],
      ['long-term-investor', 'Long Term Investor', false],
    ]);
    expect(s.achievements.map((a) => a.progress)).toEqual([
      '0 / 1 trade',
      '0 / 3 holdings',
      'Total P&L ₹0.00',
      '0 / 10 trades',
      '0 / 10 closed trades, 0% profitable',
      'No open holding / 6 months',
    ]);
  });

  it('counts fills, wins among sells, realized P&L and the best sale', async () => {
    const user = await signUp(ctx());
    await trade(ctx(), user, 'BUY', 'ITC', 5);
    await trade(ctx(), user, 'BUY', 'SBIN', 2);
    const firstSale = await trade(ctx(), user, 'SELL', 'ITC', 2);
    const secondSale = await trade(ctx(), user, 'SELL', 'ITC', 1);
    let s = await stats(ctx(), user);
    expect(s.totalTrades).toBe(4);
    expect(s.realizedPnL).toBeCloseTo(firstSale.realizedPnL! + secondSale.realizedPnL!, 2);
    const best = firstSale.realizedPnL! >= secondSale.realizedPnL! ? firstSale : secondSale;
    // A sale that lost money is never the best trade.
    if (best.realizedPnL! > 0) expect(s.bestTrade).toMatchObject({ symbol: 'ITC', pnl: best.realizedPnL });
    else expect(s.bestTrade).toBeNull();
    const wins = [firstSale, secondSale].filter((o) => o.realizedPnL! > 0).length;
    expect(s.winRate).toBe(wins * 50);

    await setSellResults(ctx(), user.user.id, [-1_500n, 2_550n]);
    s = await stats(ctx(), user);
    expect(s).toMatchObject({ winRate: 50, realizedPnL: 10.5, bestTrade: { symbol: 'ITC', pnl: 25.5 } });
    expect(achievement(s, 'first-trade')).toMatchObject({ earned: true, progress: '1 / 1 trade' });
    expect(achievement(s, 'portfolio-builder')).toMatchObject({ earned: false, progress: '2 / 3 holdings' });
    expect(achievement(s, 'active-trader')).toMatchObject({ earned: false, progress: '4 / 10 trades' });
    expect(achievement(s, 'market-expert')).toMatchObject({
      earned: false,
      progress: '2 / 10 closed trades, 50% profitable',
    });

    await trade(ctx(), user, 'BUY', 'TCS', 1);
    expect(achievement(await stats(ctx(), user), 'portfolio-builder')).toMatchObject({
      earned: true,
      progress: '3 / 3 holdings',
    });
  });

  it('has no best trade while every sale lost money, and takes the first profitable one', async () => {
    const user = await signUp(ctx());
    await trade(ctx(), user, 'BUY', 'ITC', 3);
    await trade(ctx(), user, 'SELL', 'ITC', 1);
    await trade(ctx(), user, 'SELL', 'ITC', 1);
    await setSellResults(ctx(), user.user.id, [-118n, -40n]);
    expect(await stats(ctx(), user)).toMatchObject({ winRate: 0, bestTrade: null });
    await trade(ctx(), user, 'SELL', 'ITC', 1);
    await setSellResults(ctx(), user.user.id, [-118n, -40n, 5n]);
    expect(await stats(ctx(), user)).toMatchObject({ bestTrade: { symbol: 'ITC', pnl: 0.05 } });
  });

  it('earns Profit Maker only while realized plus unrealized gain is above zero', async () => {
    const user = await signUp(ctx());
    await trade(ctx(), user, 'BUY', 'ITC', 2);
    await trade(ctx(), user, 'SELL', 'ITC', 1);
    // One share still open: its unrealized loss (buy fees at least) plus whatever the sale booked.
    await setSellResults(ctx(), user.user.id, [-100n]);
    expect(achievement(await stats(ctx(), user), 'profit-maker').earned).toBe(false);
    await setSellResults(ctx(), user.user.id, [100_000n]);
    const s = await stats(ctx(), user);
    expect(achievement(s, 'profit-maker').earned).toBe(true);
    expect(achievement(s, 'profit-maker').progress).toMatch(/^Total P&L (\u2212)?₹[\d,]+\.\d{2}$/);
  });

  it('earns Active Trader at 10 fills and Market Expert at 10 sells with 80% profitable', async () => {
    const user = await signUp(ctx());
    await trade(ctx(), user, 'BUY', 'ITC', 10);
    for (let i = 0; i < 10; i += 1) await trade(ctx(), user, 'SELL', 'ITC', 1);
    await setSellResults(ctx(), user.user.id, [500n, 500n, 500n, 500n, 500n, 500n, 500n, -10n, -10n, -10n]);
    let s = await stats(ctx(), user);
    expect(s.totalTrades).toBe(11);
    expect(s.winRate).toBe(70);
    expect(achievement(s, 'active-trader')).toMatchObject({ earned: true, progress: '10 / 10 trades' });
    expect(achievement(s, 'market-expert')).toMatchObject({
      earned: false,
      progress: '10 / 10 closed trades, 70% profitable',
    });

    await setSellResults(ctx(), user.user.id, [500n, 500n, 500n, 500n, 500n, 500n, 500n, 500n, -10n, -10n]);
    s = await stats(ctx(), user);
    expect(s.winRate).toBe(80);
    expect(achievement(s, 'market-expert')).toMatchObject({
      earned: true,
      progress: '10 / 10 closed trades, 80% profitable',
    });
  });

  it('earns Long Term Investor for an open position held 6 months since it was last at zero', async () => {
    const user = await signUp(ctx());
    await trade(ctx(), user, 'BUY', 'ITC', 2);
    await ctx().rows(
      sql`update fills set created_at = now() - interval '7 months' where user_id = ${user.user.id}`,
    );
    let s = await stats(ctx(), user);
    expect(achievement(s, 'long-term-investor').earned).toBe(true);
    expect(achievement(s, 'long-term-investor').progress).toMatch(
      /^Longest open holding: 2\d\d days \/ 6 months$/,
    );

    // Closing it and buying again restarts the clock.
    await trade(ctx(), user, 'SELL', 'ITC', 2);
    await trade(ctx(), user, 'BUY', 'ITC', 1);
    s = await stats(ctx(), user);
    expect(achievement(s, 'long-term-investor')).toMatchObject({
      earned: false,
      progress: 'Longest open holding: 0 days / 6 months',
    });

    // Sold out 5½ months ago and bought again 5 months ago: held 5 months, not yet 6.
    await ctx().rows(
      sql`update fills set created_at = now() - interval '5 months 15 days' where user_id = ${user.user.id} and side = 'SELL'`,
    );
    await ctx().rows(
      sql`update fills set created_at = now() - interval '5 months' where user_id = ${user.user.id} and side = 'BUY' and created_at > now() - interval '1 day'`,
    );
    s = await stats(ctx(), user);
    expect(achievement(s, 'long-term-investor').earned).toBe(false);
    expect(achievement(s, 'long-term-investor').progress).toMatch(
      /^Longest open holding: 1\d\d days \/ 6 months$/,
    );
  });

  it('needs a session and reads only the caller', async () => {
    expect((await ctx().request({ method: 'GET', url: '/api/portfolio/stats' })).statusCode).toBe(401);
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    await trade(ctx(), a, 'BUY', 'ITC', 1);
    expect((await stats(ctx(), b)).totalTrades).toBe(0);
    expect((await stats(ctx(), a)).totalTrades).toBe(1);
  });
});
