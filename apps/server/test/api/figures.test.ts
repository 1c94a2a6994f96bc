import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  computeFigures,
  portfolioSummaryResponseSchema,
  STARTING_BALANCE_PAISE,
  paiseToRupees,
  tradingStatsResponseSchema,
  transactionListResponseSchema,
  virtualAccountResponseSchema,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { quoteBand } from '../support/orders.js';

type User = Awaited<ReturnType<typeof signUp>>;

// Frozen, so every read in a test values the holdings at the same prices.
const NOW = Date.now();

async function place(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Order> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: `k-${randomUUID()}`, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as Order;
}

async function get(ctx: TestContext, user: User, url: string) {
  const res = await ctx.request({ method: 'GET', url, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
}

const cents = (rupees: number) => Math.round(rupees * 100);

describeEachDb(
  'one meaning per figure',
  (ctx) => {
    it('a new account: all cash, nothing invested, every P&L zero', async () => {
      const user = await signUp(ctx());
      const { figures } = portfolioSummaryResponseSchema.parse(
        await get(ctx(), user, '/api/portfolio/summary'),
      ).data;
      const start = paiseToRupees(STARTING_BALANCE_PAISE);
      expect(figures).toEqual({
        totalValue: start,
        availableCash: start,
        reserved: 0,
        invested: 0,
        holdingsValue: 0,
        unrealisedPnl: 0,
        unrealisedPnlPercent: 0,
        realisedPnl: 0,
        totalPnl: 0,
        daysPnl: 0,
        daysPnlPercent: 0,
        holdings: 0,
        positions: [],
      });
    });

    it('holdings, a resting buy, a resting sell and a realised result: the same figures on every endpoint', async () => {
      const user = await signUp(ctx());
      const other = await signUp(ctx());
      await place(ctx(), user, { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 10 });
      await place(ctx(), user, { symbol: 'SBIN', type: 'BUY', orderType: 'MARKET', quantity: 3 });
      const sale = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 4,
      });
      // Resting orders priced away from the market, inside the day's ±20% band.
      const restingBuy = await place(ctx(), user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: (await quoteBand(ctx(), user, 'ITC')).at(0.85),
        quantity: 10,
      });
      const restingSell = await place(ctx(), user, {
        symbol: 'SBIN',
        type: 'SELL',
        orderType: 'LIMIT',
        price: (await quoteBand(ctx(), user, 'SBIN')).at(1.15),
        quantity: 1,
      });
      expect([restingBuy.status, restingSell.status]).toEqual(['PENDING', 'PENDING']);

      const summary = portfolioSummaryResponseSchema.parse(
        await get(ctx(), user, '/api/portfolio/summary'),
      ).data;
      const account = virtualAccountResponseSchema.parse(
        await get(ctx(), user, '/api/virtual-money/account'),
      ).data;
      const historyResponse = transactionListResponseSchema.parse(
        await get(ctx(), user, '/api/transactions'),
      );
      const stats = tradingStatsResponseSchema.parse(await get(ctx(), user, '/api/portfolio/stats')).data;
      const f = summary.figures;

      // One computation: the figures are the glossary function of their own inputs, on every endpoint.
      expect(computeFigures(summary.figureInputs)).toEqual(f);
      expect(account.figures).toEqual(f);

      // Cash: the resting buy's reservation is held back from Available Cash but stays in Total Value.
      expect(f.reserved).toBe(restingBuy.reserved);
      expect(cents(f.availableCash) + cents(f.reserved)).toBe(cents(account.balance));
      expect(cents(f.totalValue)).toBe(cents(account.balance) + cents(f.holdingsValue));
      expect([summary.availableCash, account.availableCash, account.reserved]).toEqual([
        f.availableCash,
        f.availableCash,
        f.reserved,
      ]);

      // Invested is the cost basis of what is held (6 ITC and 3 SBIN), the same on /history.
      expect(f.holdings).toBe(2);
      expect(cents(f.invested)).toBe(summary.positions.reduce((s, h) => s + cents(h.totalInvested), 0));
      expect(historyResponse.summary.totalInvested).toBe(f.invested);
      expect([summary.totalInvested, account.totalInvested]).toEqual([f.invested, f.invested]);

      // Total Bought / Total Sold: price × quantity of the completed fills; the resting orders are not in them.
      const completed = historyResponse.data.filter((t) => t.status === 'completed');
      const sum = (type: 'buy' | 'sell') =>
        completed.filter((t) => t.type === type).reduce((s, t) => s + cents(t.totalAmount), 0);
      expect(cents(historyResponse.summary.totalBought)).toBe(sum('buy'));
      expect(cents(historyResponse.summary.totalSold)).toBe(sum('sell'));
      expect(historyResponse.summary.totalSold).toBe(sale.tradeValue);

      // P&L: realised from the sell, the same on /profile's stats; Total = realised + unrealised.
      expect(f.realisedPnl).toBe(sale.realizedPnL);
      expect(stats.realizedPnL).toBe(f.realisedPnl);
      expect(cents(f.totalPnl)).toBe(cents(f.realisedPnl) + cents(f.unrealisedPnl));
      expect(account.totalGains).toBe(f.totalPnl);
      expect(cents(f.unrealisedPnl)).toBe(cents(f.holdingsValue) - cents(f.invested));

      // Everything was bought today, so each holding's Day's P&L starts from its cost: it is its Unrealised P&L.
      expect(f.daysPnl).toBe(f.unrealisedPnl);
      for (const h of summary.positions) expect(h.dayChange).toBe(h.pnl);
      expect(summary.figureInputs.positions.map((p) => [p.symbol, p.todayQuantity])).toEqual([
        ['ITC', 6],
        ['SBIN', 3],
      ]);

      // The other user's account is untouched.
      const theirs = portfolioSummaryResponseSchema.parse(await get(ctx(), other, '/api/portfolio/summary'))
        .data.figures;
      expect(theirs).toMatchObject({
        reserved: 0,
        invested: 0,
        realisedPnl: 0,
        holdings: 0,
        availableCash: paiseToRupees(STARTING_BALANCE_PAISE),
      });
    });

    it("a holding from before today: Day's P&L moves from yesterday's close", async () => {
      const user = await signUp(ctx());
      await place(ctx(), user, { symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 2 });
      // The fill happened yesterday (IST): move its time back a day.
      await ctx().rows(
        sql`update fills set created_at = created_at - interval '1 day' where user_id = ${user.user.id}::uuid`,
      );
      const summary = portfolioSummaryResponseSchema.parse(
        await get(ctx(), user, '/api/portfolio/summary'),
      ).data;
      const [input] = summary.figureInputs.positions;
      expect(input).toMatchObject({ symbol: 'INFY', quantity: 2, todayQuantity: 0, todayCost: 0 });
      const quote = (await get(ctx(), user, '/api/stocks/quote/INFY')) as {
        data: { price: number; previousClose: number };
      };
      expect(input!.previousClose).toBe(quote.data.previousClose);
      expect(cents(summary.figures.daysPnl)).toBe(
        2 * (cents(quote.data.price) - cents(quote.data.previousClose)),
      );
    });
  },
  { now: () => NOW },
);
