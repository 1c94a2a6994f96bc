import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  derivativePositionsResponseSchema,
  optionChainResponseSchema,
  performanceResponseSchema,
  type PortfolioSummary,
} from '@nivesh/shared';
import { key } from '../support/orders.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * The glossary's figures count options and futures (issue 28): Total Value is cash plus holdings
 * plus the open F&O positions at their value, so buying an option is not a loss of its premium, and
 * a future is its P&L, never its notional.
 */
type User = Awaited<ReturnType<typeof signUp>>;
const ist = (local: string) => Date.parse(`${local}+05:30`);
// Thursday 26 November 2026, 10:30 IST; the next day is a Friday.
const clock = { now: ist('2026-11-26T10:30:00') };

async function get(ctx: TestContext, user: User, url: string) {
  const res = await ctx.request({ method: 'GET', url, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function fnoPortfolio(ctx: TestContext, user: User): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/portfolios',
    token: user.token,
    payload: { name: 'F&O', startingCash: 1000000 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function buy(ctx: TestContext, user: User, portfolioId: string, symbol: string, quantity: number) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: {
      symbol,
      type: 'BUY',
      quantity,
      orderType: 'MARKET',
      product: 'NRML',
      clientOrderId: key(),
      portfolioId,
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describeEachDb(
  'portfolio figures with options and futures',
  (context) => {
    it('Total Value holds the bought call at its price and the future at its P&L', async () => {
      clock.now = ist('2026-11-26T10:30:00');
      const ctx = context();
      const user = await signUp(ctx);
      const portfolioId = await fnoPortfolio(ctx, user);
      const chain = optionChainResponseSchema.parse(
        await get(ctx, user, '/api/options/chain?underlying=NIFTY&strikes=1'),
      ).data;
      const call = chain.strikes[1]!.call.tradingsymbol;
      await buy(ctx, user, portfolioId, call, 65);
      await buy(ctx, user, portfolioId, 'NIFTY26DECFUT', 65);

      const book = derivativePositionsResponseSchema.parse(
        await get(ctx, user, `/api/options/positions?portfolioId=${portfolioId}`),
      ).data;
      const held = new Map(book.positions.map((p) => [p.tradingsymbol, p]));
      const callPos = held.get(call)!;
      const future = held.get('NIFTY26DECFUT')!;
      const summary = (await get(ctx, user, `/api/portfolio/summary?portfolioId=${portfolioId}`))
        .data as PortfolioSummary;
      const f = summary.figures;
      const paise = (x: number) => Math.round(x * 100);
      // The call at LTP × 65; the future only its P&L (a ₹16 lakh contract is not ₹16 lakh of value).
      expect(paise(f.derivativesValue!)).toBe(paise(callPos.ltp * 65) + paise(future.unrealisedPnl));
      const cash = paise(f.availableCash) + paise(f.reserved);
      expect(paise(f.totalValue)).toBe(cash + paise(f.derivativesValue!));
      // Buying cost the spread and the charges, nothing like the premium.
      expect(10_00_000_00 - paise(f.totalValue)).toBeLessThan(paise(callPos.ltp * 65) / 10);
      expect(paise(f.totalPnl)).toBe(paise(callPos.unrealisedPnl) + paise(future.unrealisedPnl));

      // Thursday's close as the portfolio screen values it then: what the history must store for the day.
      clock.now = ist('2026-11-26T15:30:00');
      const atClose = (
        (await get(ctx, user, `/api/portfolio/summary?portfolioId=${portfolioId}`)).data as PortfolioSummary
      ).figures.totalValue;
      // Rows carry the database's clock: put them on the injected Wednesday (opening) and Thursday (trades).
      await ctx.rows(sql`update ledger_entries set created_at = case when kind = 'OPENING_BALANCE'
        then timestamptz '2026-11-25T04:00:00Z' else timestamptz '2026-11-26T05:00:00Z' end where user_id = ${user.user.id}`);
      await ctx.rows(
        sql`update fills set created_at = timestamptz '2026-11-26T05:00:00Z' where user_id = ${user.user.id}`,
      );
      await ctx.rows(
        sql`update orders set created_at = timestamptz '2026-11-26T05:00:00Z' where user_id = ${user.user.id}`,
      );
      // Friday: the finished Thursday holds both positions at its close, not the premium as a loss
      // nor the future's ₹16 lakh notional as value.
      clock.now = ist('2026-11-27T11:00:00');
      const perf = performanceResponseSchema.parse(
        await get(ctx, user, `/api/portfolio/performance?range=1W&portfolioId=${portfolioId}`),
      ).data;
      const thursday = perf.points.find((p) => p.date === '2026-11-26');
      expect(perf.points.map((p) => p.date)).toContain('2026-11-26');
      expect(thursday!.portfolioValue).toBe(atClose);
    });
  },
  { now: () => clock.now },
);
