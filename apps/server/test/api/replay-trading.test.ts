import { expect, it } from 'vitest';
import type { Candle, Order, Portfolio, Quote, Replay, ReplayPortfolio } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);
let keys = 0;

async function call(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function ok<T>(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await call(ctx, user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}
const place = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  call(ctx, user, 'POST', '/api/orders/place', {
    validity: 'DAY',
    product: 'CNC',
    clientOrderId: `replay-test-${++keys}`,
    ...body,
  });
const book = (ctx: TestContext, user: User, id: string) =>
  ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${id}/portfolio`);
const quote = (ctx: TestContext, user: User, id: string, symbol: string) =>
  ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/${symbol}?replayId=${id}`);

describeEachDb(
  'trading inside a replay',
  (context) => {
    it('fills on the replay’s prices at its clock, refuses in the breaker halt, leaves main alone, and a finish closes and scores', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const mainBefore = await ok<{ balance: number }>(ctx, user, 'GET', '/api/virtual-money/account');

      // The day's real low, read from another replay already at the close.
      const peek = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      await ok(ctx, user, 'POST', `/api/replays/${peek.id}/seek`, { time: '2020-03-13T15:30:00+05:30' });
      const bars = (
        await call(ctx, user, 'GET', `/api/live-charts/historical/RELIANCE?period=1D&replayId=${peek.id}`)
      ).json() as { data: Candle[] };
      const low = Math.min(...bars.data.map((c) => c.low));
      const lowAt = bars.data.find((c) => c.low === low)!.time * 1000;

      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      expect(replay.portfolioId).toEqual(expect.any(String));
      const listed = await ok<Portfolio[]>(ctx, user, 'GET', '/api/portfolios');
      expect(listed.find((p) => p.id === replay.portfolioId)).toMatchObject({
        kind: 'replay',
        startingCash: 10_000,
      });
      const fresh = await book(ctx, user, replay.id);
      expect(fresh.figures).toMatchObject({ totalValue: 10_000, availableCash: 10_000, holdings: 0 });

      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      const seen = await quote(ctx, user, replay.id, 'RELIANCE');
      const bought = await place(ctx, user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 5,
        portfolioId: replay.portfolioId,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const buy = bought.json().data.order as Order;
      expect(buy).toMatchObject({ status: 'FILLED', executionPrice: seen.price, product: 'CNC' });
      expect(buy.executedAt).toBe(new Date(ist('2020-03-13', '09:16')).toISOString());
      expect(buy.fees).toBeGreaterThan(0);

      // A limit buy at the day's low (or the operating range's floor, if that is higher) rests, and fills
      // when the replay reaches it.
      const limit = Math.ceil((Math.max(low + 0.01, seen.lowerCircuit!) - 1e-9) * 20) / 20;
      const rested = await place(ctx, user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'LIMIT',
        price: limit,
        quantity: 2,
        portfolioId: replay.portfolioId,
      });
      expect(rested.statusCode, rested.body).toBe(201);
      expect((rested.json().data.order as Order).status).toBe('PENDING');

      // The live matcher never touches a replay's orders.
      await ctx.app.matcher.runOnce();
      expect((await book(ctx, user, replay.id)).orders.find((o) => o.orderType === 'LIMIT')!.status).toBe(
        'PENDING',
      );

      // The breaker halt (09:20 to 10:20): nothing is accepted.
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/seek`, { time: '2020-03-13T09:30:00+05:30' });
      const halted = await place(ctx, user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(halted.statusCode, halted.body).toBe(422);
      expect(halted.json().code).toBe('MARKET_HALTED');

      const afterLow = new Date(Math.max(lowAt + 60_000, ist('2020-03-13', '10:21'))).toISOString();
      expect(Date.parse(afterLow)).toBeLessThan(ist('2020-03-13', '15:30'));
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/seek`, { time: afterLow });
      const mid = await book(ctx, user, replay.id);
      const filled = mid.orders.find((o) => o.orderType === 'LIMIT')!;
      expect(filled).toMatchObject({ status: 'FILLED', executionPrice: limit });
      expect(Date.parse(filled.executedAt!)).toBeLessThanOrEqual(Date.parse(afterLow));
      expect(mid.positions).toEqual([
        expect.objectContaining({ symbol: 'RELIANCE', quantity: 7, product: 'CNC' }),
      ]);
      expect(mid.chargesPaid).toBeCloseTo(buy.fees + filled.fees, 2);
      const reliance = await quote(ctx, user, replay.id, 'RELIANCE');
      expect(mid.positions[0]!.price).toBe(reliance.price);
      expect(mid.figures.holdingsValue).toBeCloseTo(reliance.price * 7, 2);
      // The row's P&L is the glossary's, so the rows add up to the figure.
      expect(mid.positions[0]!.unrealisedPnl).toBe(mid.figures.unrealisedPnl);

      // Main's cash did not move.
      expect((await ok<{ balance: number }>(ctx, user, 'GET', '/api/virtual-money/account')).balance).toBe(
        mainBefore.balance,
      );

      const finished = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      const score = finished.score!;
      const end = await book(ctx, user, replay.id);
      expect(end.positions).toEqual([]);
      expect(end.figures.totalValue).toBe(score.finalValue);
      expect(score.startingCash).toBe(10_000);
      expect(score.returnPercent).toBe(Math.round(((score.finalValue - 10_000) / 10_000) * 10_000) / 100);
      expect(score.chargesPaid).toBeCloseTo(end.chargesPaid, 2);
      expect(score.trades.map((t) => [t.side, t.quantity, t.closing])).toEqual([
        ['BUY', 5, false],
        ['BUY', 2, false],
        ['SELL', 7, true],
      ]);
      expect(score.niftyPercent).toEqual(expect.any(Number));
      expect(score.buyAndHoldPercent).toEqual(expect.any(Number));
      expect(score.maxDrawdownPercent).toBeGreaterThanOrEqual(0);
      expect((await ok<Replay>(ctx, user, 'GET', `/api/replays/${replay.id}`)).score).toEqual(score);

      const late = await place(ctx, user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(late.statusCode).toBe(422);
    });

    it('an intraday (MIS) position is squared off at the replay day’s 15:20 cut-off, at that minute’s price', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' });
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 5 });
      const res = await place(ctx, user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        product: 'MIS',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(201);
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/seek`, { time: '2024-06-04T15:19:00+05:30' });
      expect((await book(ctx, user, replay.id)).positions).toHaveLength(1);
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 2 });
      const after = await book(ctx, user, replay.id);
      expect(after.positions).toEqual([]);
      const sold = after.orders[0]!;
      expect(sold).toMatchObject({ side: 'SELL', product: 'MIS', status: 'FILLED' });
      expect(sold.executedAt).toBe(new Date(ist('2024-06-04', '15:20')).toISOString());
      // The square-off line: ₹50 + 18% GST, on top of the sell's own charges.
      expect(sold.fees).toBeGreaterThan(59);
    });

    it('another user’s replay portfolio is a 404 for orders and for the portfolio read', async () => {
      const ctx = context();
      const owner = await signUp(ctx);
      const other = await signUp(ctx);
      const replay = await ok<Replay>(ctx, owner, 'POST', '/api/replays', { date: '2024-06-04' });
      const res = await place(ctx, other, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(res.statusCode).toBe(404);
      expect((await call(ctx, other, 'GET', `/api/replays/${replay.id}/portfolio`)).statusCode).toBe(404);
      expect((await book(ctx, owner, replay.id)).orders).toEqual([]);
    });

    it('routes that value at today’s prices refuse a replay portfolio and say where it is valued; its order list still reads', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' });
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      const bought = await place(ctx, user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      for (const route of [
        '/api/portfolio/summary',
        '/api/portfolio/holdings',
        '/api/portfolio/account',
        '/api/virtual-money/account',
        '/api/portfolio/performance?period=1M',
        '/api/portfolio/stats',
      ]) {
        const joiner = route.includes('?') ? '&' : '?';
        const res = await call(ctx, user, 'GET', `${route}${joiner}portfolioId=${replay.portfolioId}`);
        expect(res.statusCode, `${route} ${res.body}`).toBe(409);
        expect(res.json().message).toContain(`GET /api/replays/{id}/portfolio`);
        // Main is still read there.
        expect((await call(ctx, user, 'GET', route)).statusCode, route).toBe(200);
      }
      const orders = await call(ctx, user, 'GET', `/api/orders/all?portfolioId=${replay.portfolioId}`);
      expect(orders.statusCode, orders.body).toBe(200);
      const held = (await book(ctx, user, replay.id)).positions;
      expect(held.map((p) => [p.symbol, p.quantity])).toEqual([['TCS', 1]]);
    });

    it('at 10 open replays (each holds a portfolio) the next is refused until one is finished', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const open: Replay[] = [];
      for (let i = 0; i < 10; i += 1)
        open.push(await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' }));
      const refused = await call(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(/finish one to start another/);
      await ok(ctx, user, 'POST', `/api/replays/${open[0]!.id}/finish`);
      expect((await call(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' })).statusCode).toBe(201);
    });

    it('GTTs and price alerts run on the live market: a replay portfolio refuses them with the reason', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' });
      const gtt = await call(ctx, user, 'POST', '/api/gtt', {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: 3000, limitPrice: 3000.5 }],
        portfolioId: replay.portfolioId,
      });
      expect(gtt.statusCode, gtt.body).toBe(422);
      expect(gtt.json().message).toMatch(/not inside a replay/);
      const alert = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: 'TCS',
        condition: 'above',
        value: 5000,
        portfolioId: replay.portfolioId,
      });
      expect(alert.statusCode, alert.body).toBe(422);
      expect(alert.json().message).toMatch(/not inside a replay/);
    });

    it('blind: orders name the stand-in, never the stock, until the finish reveals it', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04', blind: true });
      const movers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=active&limit=1&replayId=${replay.id}`,
      );
      const alias = movers[0]!.symbol;
      expect(alias).toMatch(/^STOCK-/);
      const res = await place(ctx, user, {
        symbol: alias,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: replay.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data.order as Order;
      expect(order.symbol).toBe(alias);
      expect(order.stockName).toMatch(/^Stock /);
      expect(order.executedAt!.startsWith('2024')).toBe(false);
      expect(JSON.stringify(await book(ctx, user, replay.id))).not.toContain('2024-06');
      const done = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      expect(done.score!.trades[0]!.symbol).not.toMatch(/^STOCK-/);
    });
  },
  { now: () => wall.now },
);
