import { expect, it } from 'vitest';
import type {
  Portfolio,
  PortfolioSummary,
  Quote,
  Replay,
  ReplayPortfolio,
  SaytrixReply,
} from '@nivesh/shared';
import { inr } from '../../src/modules/saytrix/saytrix.format.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * Saytrix about the active portfolio, and inside a replay about the replay (issue 25 §1–2): every
 * figure equals the app's own endpoint for that portfolio or replay, proposals go to it, and another
 * user's ids are a 404.
 */
type User = Awaited<ReturnType<typeof signUp>>;
// A Thursday, 10:30 IST: the live (simulated) market is open and frozen for the whole file.
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
let keys = 0;

async function ok<T>(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.request({
    method,
    url,
    token: user.token,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}

function ask(
  ctx: TestContext,
  user: User,
  message: string,
  ids: { portfolioId?: string; replayId?: string } = {},
) {
  return ctx.request({
    method: 'POST',
    url: '/api/saytrix/chat',
    token: user.token,
    payload: { message, ...ids },
  });
}

async function chat(
  ctx: TestContext,
  user: User,
  message: string,
  ids: { portfolioId?: string; replayId?: string } = {},
) {
  const res = await ask(ctx, user, message, ids);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SaytrixReply;
}

const place = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  ok<{ order: { status: string } }>(ctx, user, 'POST', '/api/orders/place', {
    validity: 'DAY',
    product: 'CNC',
    orderType: 'MARKET',
    clientOrderId: `saytrix-scope-${++keys}`,
    ...body,
  });

const customPortfolio = (ctx: TestContext, user: User, name: string) =>
  ok<Portfolio>(ctx, user, 'POST', '/api/portfolios', { name, startingCash: 50_000 });

describeEachDb(
  'Saytrix answers about the portfolio and replay asked about',
  (context) => {
    it('a custom portfolio: cash and holdings equal its summary, named in the reply, and a confirmed proposal lands there', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const swing = await customPortfolio(ctx, user, 'Swing ideas');
      await place(ctx, user, { symbol: 'TCS', type: 'BUY', quantity: 2, portfolioId: swing.id });
      const summary = await ok<PortfolioSummary>(
        ctx,
        user,
        'GET',
        `/api/portfolio/summary?portfolioId=${swing.id}`,
      );
      const main = await ok<PortfolioSummary>(ctx, user, 'GET', '/api/portfolio/summary');
      expect(summary.availableCash).not.toBe(main.availableCash);

      const cash = await chat(ctx, user, 'How much cash do I have?', { portfolioId: swing.id });
      expect(cash.response).toContain('In **Swing ideas**');
      expect(cash.response).toContain(inr(summary.availableCash));
      expect(cash.response).not.toContain(inr(main.availableCash));
      expect(cash.scope).toMatchObject({ portfolioId: swing.id, name: 'Swing ideas', kind: 'custom' });

      const holdings = await chat(ctx, user, 'Portfolio analysis', { portfolioId: swing.id });
      expect(holdings.response).toContain('In **Swing ideas**');
      expect(holdings.response).toContain('TCS');
      expect(holdings.response).toContain(inr(summary.totalCurrentValue));
      expect(holdings.response).toContain(inr(summary.availableCash));
      // Main's answer is unchanged and names no portfolio.
      const mainCash = await chat(ctx, user, 'How much cash do I have?');
      expect(mainCash.response).toContain(inr(main.availableCash));
      expect(mainCash.response).not.toContain('In **');
      expect(mainCash.scope).toBeUndefined();

      const proposal = await chat(ctx, user, 'buy 3 infosys', { portfolioId: swing.id });
      expect(proposal.action).toBe('buy_stock');
      expect(proposal.params).toMatchObject({ symbol: 'INFY', quantity: 3, portfolioId: swing.id });
      const { symbol, quantity, portfolioId } = proposal.params as {
        symbol: string;
        quantity: number;
        portfolioId: string;
      };
      await place(ctx, user, { symbol, type: 'BUY', quantity, portfolioId });
      const after = await ok<PortfolioSummary>(
        ctx,
        user,
        'GET',
        `/api/portfolio/summary?portfolioId=${swing.id}`,
      );
      expect(after.positions.find((p) => p.symbol === 'INFY')?.quantity).toBe(3);
      const mainAfter = await ok<PortfolioSummary>(ctx, user, 'GET', '/api/portfolio/summary');
      expect(mainAfter.positions.find((p) => p.symbol === 'INFY')).toBeUndefined();

      const orders = await chat(ctx, user, 'Show my orders', { portfolioId: swing.id });
      expect(orders.response).toContain('In **Swing ideas**');
      expect(orders.response).toMatch(/INFY[\s\S]*TCS/);
      expect((await chat(ctx, user, 'Show my orders')).response).not.toMatch(/INFY|TCS/);

      // Habits are the portfolio's own (as on its habits screen); the leaderboard is Main's only.
      const habits = await chat(ctx, user, 'Show my trading habits', { portfolioId: swing.id });
      expect(habits.intent).toBe('habits');
      expect(habits.response).toContain('In **Swing ideas**');

      // Main-only things say so.
      const board = await chat(ctx, user, 'What is my leaderboard rank?', { portfolioId: swing.id });
      expect(board.response).toContain('Main portfolio only');
    });

    it('another user’s portfolio or replay is a 404, and a replay’s portfolio needs its replayId', async () => {
      const ctx = context();
      const owner = await signUp(ctx);
      const other = await signUp(ctx);
      const theirs = await customPortfolio(ctx, owner, 'Private');
      const replay = await ok<Replay>(ctx, owner, 'POST', '/api/replays', { date: '2024-01-10' });

      expect((await ask(ctx, other, 'How much cash do I have?', { portfolioId: theirs.id })).statusCode).toBe(
        404,
      );
      expect((await ask(ctx, other, 'Price of Reliance', { replayId: replay.id })).statusCode).toBe(404);
      expect(
        (
          await ask(ctx, other, 'Portfolio analysis', {
            replayId: replay.id,
            portfolioId: replay.portfolioId!,
          })
        ).statusCode,
      ).toBe(404);
      // The owner: a replay portfolio alone is refused; with another portfolio's id, the pair is a 404.
      const alone = await ask(ctx, owner, 'Portfolio analysis', { portfolioId: replay.portfolioId! });
      expect(alone.statusCode, alone.body).toBe(400);
      const mismatched = await ask(ctx, owner, 'Portfolio analysis', {
        replayId: replay.id,
        portfolioId: theirs.id,
      });
      expect(mismatched.statusCode).toBe(404);
      expect((await ask(ctx, owner, 'Hi', { portfolioId: 'not-an-id' })).statusCode).toBe(400);
    });

    it('inside a replay: quotes at its clock, its portfolio, proposals into it, and no news', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-01-10' });
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 30 });
      const ids = { replayId: replay.id, portfolioId: replay.portfolioId! };
      const seen = await ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`);
      const live = await ok<Quote>(ctx, user, 'GET', '/api/stocks/quote/RELIANCE');
      expect(seen.price).not.toBe(live.price);

      const price = await chat(ctx, user, 'Price of Reliance', { replayId: replay.id });
      expect(price.response).toContain(inr(seen.price));
      expect(price.response).not.toContain(inr(live.price));
      expect(price.response).toContain('replay of 2024-01-10');
      expect(price.stockData?.price).toBe(seen.price);
      expect(price.scope).toMatchObject({
        replayId: replay.id,
        portfolioId: replay.portfolioId,
        kind: 'replay',
      });

      const proposal = await chat(ctx, user, 'buy 2 reliance', ids);
      expect(proposal.action).toBe('buy_stock');
      expect(proposal.params).toMatchObject({ symbol: 'RELIANCE', quantity: 2, ...ids });
      await place(ctx, user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        quantity: 2,
        portfolioId: replay.portfolioId,
      });
      const book = await ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${replay.id}/portfolio`);
      expect(book.positions).toMatchObject([{ symbol: 'RELIANCE', quantity: 2 }]);

      const cash = await chat(ctx, user, 'How much cash do I have?', ids);
      expect(cash.response).toContain(inr(book.figures.availableCash));
      const holdings = await chat(ctx, user, 'Portfolio analysis', ids);
      expect(holdings.response).toContain('RELIANCE');
      expect(holdings.response).toContain(inr(book.figures.holdingsValue));
      const orders = await chat(ctx, user, 'Show my orders', ids);
      expect(orders.response).toContain('filled');
      expect(orders.response).toContain('RELIANCE');

      const news = await chat(ctx, user, 'Latest market news', ids);
      expect(news.response).toContain('no news inside a replay');
      expect(news.headlines).toBeUndefined();
      const alert = await chat(ctx, user, 'Alert me when Reliance goes above 900', ids);
      expect(alert.action).toBeUndefined();
      expect(alert.response).toContain('Alerts and GTTs in this replay');
      const board = await chat(ctx, user, 'What is my leaderboard rank?', ids);
      expect(board.response).toContain('Replays are never ranked');
      const chart = await chat(ctx, user, 'Show me the Reliance chart', ids);
      expect(chart.action).toBeUndefined();
      expect(chart.response).toContain('replay’s own chart');

      // Finished: still answered at its last clock, but its portfolio is read-only.
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      const late = await chat(ctx, user, 'buy 1 reliance', ids);
      expect(late.action).toBeUndefined();
      expect(late.response).toContain('This replay is finished');
      expect(late.scope).toMatchObject({ replayId: replay.id, finished: true });
      const closed = await ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${replay.id}/portfolio`);
      const after = await chat(ctx, user, 'How much cash do I have?', ids);
      expect(after.response).toContain(inr(closed.figures.availableCash));
    });

    it('inside a replay’s market-wide halt a buy proposal says it would be refused, and no charges preview is offered', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      // 09:25 IST on 13 March 2020: the NIFTY 50 fell 10% by 09:20 and trading stood halted.
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 10 });
      const quote = await ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`);
      expect(quote.marketHalt).toBeTruthy();
      const ids = { replayId: replay.id, portfolioId: replay.portfolioId! };
      const buy = await chat(ctx, user, 'buy 2 reliance', ids);
      expect(buy.response).toContain('This order would be refused');
      expect(buy.response).toContain('halted');
      expect(buy.suggestions ?? []).not.toContainEqual(expect.stringMatching(/^Charges for/));
      // The server refuses it the same way when it is confirmed.
      const placed = await ctx.request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: {
          ...buy.params,
          type: 'BUY',
          quantity: 2,
          validity: 'DAY',
          clientOrderId: `halted-order-${++keys}`,
          portfolioId: replay.portfolioId,
        },
      });
      expect(placed.statusCode, placed.body).toBe(422);
    });

    it('a blind replay never names the real stock: stand-ins only, and a real name is not confirmed', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const blind = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-01-10', blind: true });
      const open = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-01-10' });
      for (const r of [blind, open])
        await ok(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: 30 });
      const ids = { replayId: blind.id, portfolioId: blind.portfolioId! };
      const real = await ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${open.id}`);
      // The same movers with their real names, from the open replay at the same clock.
      const realMovers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=gainers&limit=10&replayId=${open.id}`,
      );
      const leaks = (text: string) => {
        expect(text).not.toMatch(/RELIANCE|Reliance Industries|2024|10 Jan/);
        for (const q of realMovers) {
          expect(text).not.toContain(q.name);
          expect(text).not.toMatch(new RegExp(`\\b${q.symbol}\\b`));
        }
      };

      const named = await chat(ctx, user, 'Price of Reliance', ids);
      expect(named.response).not.toContain(inr(real.price));
      expect(named.stockData).toBeUndefined();
      expect(named.response).toContain('stand-in names');
      leaks(named.response.replace(/reliance/gi, (m) => (m === 'Reliance' ? 'R' : m)));

      const movers = await chat(ctx, user, "What are today's top gainers?", ids);
      expect(movers.response).toContain('STOCK-');
      leaks(movers.response);
      const letter = /STOCK-([A-Z]+)/.exec(movers.response)![1];
      const standIn = await chat(ctx, user, `Price of STOCK-${letter}`, ids);
      expect(standIn.stockData?.symbol).toBe(`STOCK-${letter}`);
      const quoted = await ok<Quote>(
        ctx,
        user,
        'GET',
        `/api/stocks/quote/STOCK-${letter}?replayId=${blind.id}`,
      );
      expect(standIn.response).toContain(inr(quoted.price));
      leaks(standIn.response);

      const proposal = await chat(ctx, user, `buy 1 STOCK-${letter}`, ids);
      expect(proposal.params).toMatchObject({ symbol: `STOCK-${letter}`, quantity: 1, ...ids });
      await place(ctx, user, {
        symbol: `STOCK-${letter}`,
        type: 'BUY',
        quantity: 1,
        portfolioId: blind.portfolioId,
      });
      for (const q of ['Portfolio analysis', 'Show my orders', 'How much cash do I have?'])
        leaks((await chat(ctx, user, q, ids)).response);
    });
  },
  { now: () => wall.now },
);
