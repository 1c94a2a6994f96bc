import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  formatInr,
  saytrixChatResponseSchema,
  type Holding,
  type OrderPreview,
  type PortfolioSummary,
  type Quote,
  type SaytrixReply,
  type VirtualAccount,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;

// A frozen market clock: the chat and the app's endpoints read the same moment, so figures must match exactly.
const NOW = Date.UTC(2026, 10, 23, 6, 0, 0);
const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatInr(Math.abs(v))}`;

async function chat(
  ctx: TestContext,
  user: User,
  message: string,
  extra: Record<string, unknown> = {},
): Promise<SaytrixReply> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/saytrix/chat',
    token: user.token,
    payload: { message, sessionId: 's1', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return saytrixChatResponseSchema.parse(res.json()).data;
}

async function get<T>(ctx: TestContext, user: User | undefined, url: string): Promise<T> {
  const res = await ctx.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

async function place(ctx: TestContext, user: User, body: Record<string, unknown>) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: `k-${randomUUID()}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Everything a chat turn could change: cash, positions, orders, watchlists. */
async function snapshot(ctx: TestContext, user: User) {
  const [account, holdings, orders, watchlists] = await Promise.all([
    get<VirtualAccount>(ctx, user, '/api/virtual-money/account'),
    get<Holding[]>(ctx, user, '/api/portfolio/holdings'),
    get<unknown[]>(ctx, user, '/api/orders/all?limit=100'),
    get<unknown[]>(ctx, user, '/api/watchlist'),
  ]);
  return {
    balance: account.balance,
    reserved: account.reserved,
    holdings: holdings.map((h) => [h.symbol, h.quantity]),
    orders,
    watchlists,
  };
}

describeEachDb(
  'saytrix chat',
  (ctx) => {
    let asha: User;
    let ravi: User;

    it('sets up a trader with holdings, a resting order and cash', async () => {
      asha = await signUp(ctx());
      ravi = await signUp(ctx());
      await place(ctx(), asha, { type: 'BUY', symbol: 'TCS', orderType: 'MARKET', quantity: 2 });
      await place(ctx(), asha, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 10 });
      const itc = await get<Quote>(ctx(), undefined, '/api/stocks/quote/ITC');
      await place(ctx(), asha, {
        type: 'BUY',
        symbol: 'ITC',
        orderType: 'LIMIT',
        quantity: 3,
        price: Math.floor(itc.price * 0.9),
      });
    });

    it('"How much cash do I have?" states the account figures', async () => {
      const account = await get<VirtualAccount>(ctx(), asha, '/api/virtual-money/account');
      const reply = await chat(ctx(), asha, 'How much cash do I have?');
      expect(reply.intent).toBe('cash');
      expect(reply.response).toContain(formatInr(account.availableCash));
      expect(reply.response).toContain(formatInr(account.reserved));
      expect(reply.response).toContain(formatInr(account.balance));
      expect(reply.response).toMatch(/As of \d\d:\d\d IST, simulated market/);
      expect(reply.confidence).toBe('high');
    });

    it('a thank-you or a goodbye is answered as one, not with a hello or "outside what I can help with"', async () => {
      for (const words of ['thanks a lot', 'thank you so much saytrix', 'shukriya']) {
        const reply = await chat(ctx(), asha, words);
        expect(reply.intent, words).toBe('greeting');
        expect(reply.response, words).toMatch(/^You're welcome!/);
        expect(reply.action ?? null, words).toBeNull();
      }
      const bye = await chat(ctx(), asha, 'ok bye');
      expect(bye.response).toMatch(/^Bye for now!/);
      expect((await chat(ctx(), asha, 'hello')).response).toMatch(/^Hello! I'm \*\*Saytrix\*\*/);
    });

    it('a quote equals /api/stocks/quote and carries the stock card', async () => {
      const q = await get<Quote>(ctx(), undefined, '/api/stocks/quote/RELIANCE');
      const reply = await chat(ctx(), asha, 'reliance ka bhav kya hai');
      expect(reply.intent).toBe('quote');
      expect(reply.response).toContain(formatInr(q.price));
      const card = [
        'symbol',
        'name',
        'price',
        'change',
        'changesPercentage',
        'volume',
        'dayHigh',
        'dayLow',
        'previousClose',
      ] as const;
      expect(reply.stockData).toEqual(Object.fromEntries(card.map((k) => [k, q[k]])));
      expect(reply.stockData?.symbol).toBe('RELIANCE');
      // "and TCS?" follows the previous turn.
      const tcs = await get<Quote>(ctx(), undefined, '/api/stocks/quote/TCS');
      const next = await chat(ctx(), asha, 'and TCS?');
      expect(next.stockData?.symbol).toBe('TCS');
      expect(next.response).toContain(formatInr(tcs.price));
    });

    it('indices and movers equal the market endpoints', async () => {
      const indices = await get<Quote[]>(ctx(), undefined, '/api/stocks/indices');
      const sensex = indices.find((q) => q.symbol === 'SENSEX')!;
      const reply = await chat(ctx(), asha, 'sensex kaisa hai');
      expect(reply.intent).toBe('index');
      expect(reply.response).toContain(
        new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          sensex.price,
        ),
      );

      const gainers = await get<Quote[]>(ctx(), undefined, '/api/stocks/movers?type=gainers&limit=5');
      const movers = await chat(ctx(), asha, "What are today's top gainers?");
      expect(movers.intent).toBe('movers');
      for (const q of gainers) expect(movers.response).toContain(`**${q.symbol}** ${formatInr(q.price)}`);
    });

    it('portfolio, holding and "sell half" use the portfolio endpoints', async () => {
      const summary = await get<PortfolioSummary>(ctx(), asha, '/api/portfolio/summary');
      const reply = await chat(ctx(), asha, 'portfolio analysis');
      expect(reply).toMatchObject({ intent: 'portfolio', action: 'show_portfolio' });
      expect(reply.response).toContain(formatInr(summary.totalCurrentValue));
      expect(reply.response).toContain(formatInr(summary.totalInvested));
      // Total P&L as every screen shows it: realised plus unrealised.
      expect(reply.response).toContain(`Total P&L **${signed(summary.figures.totalPnl)}**`);
      expect(reply.response).toContain(formatInr(summary.availableCash));

      const tcs = summary.positions.find((h) => h.symbol === 'TCS')!;
      const holding = await chat(ctx(), asha, 'how many shares of tcs do i have');
      expect(holding.intent).toBe('holding');
      expect(holding.response).toContain('**2 shares of TCS**');
      expect(holding.response).toContain(formatInr(tcs.currentValue));

      const before = await snapshot(ctx(), asha);
      const sell = await chat(ctx(), asha, 'sell half of my tcs');
      expect(sell).toMatchObject({
        intent: 'sell',
        action: 'sell_stock',
        params: { symbol: 'TCS', quantity: 1, orderType: 'MARKET' },
      });
      expect(await snapshot(ctx(), asha)).toEqual(before);
    });

    it('orders and transactions equal the orders and history endpoints', async () => {
      const open = await chat(ctx(), asha, 'do i have any pending orders');
      expect(open.intent).toBe('orders');
      // A resting order is "pending", never a trade.
      expect(open.response).toMatch(/BUY 3 shares of \*\*ITC\*\* LIMIT at ₹[\d,.]+ — \*\*pending/);

      const res = await ctx().request({
        method: 'GET',
        url: '/api/transactions?type=buy&status=completed',
        token: asha.token,
      });
      const summary = res.json().summary as {
        totalInvested: number;
        totalBought: number;
        totalFees: number;
        filledOrders: number;
      };
      const reply = await chat(ctx(), asha, 'what did i buy');
      expect(reply.intent).toBe('transactions');
      // Trades count fills (the resting ITC buy is not one); "Bought" is what was bought, not the cost basis.
      expect(summary.filledOrders).toBe(2);
      expect(reply.response).toContain(`**2 buys.**`);
      expect(reply.response).toContain(`Total Bought ${formatInr(summary.totalBought)}`);
      expect(summary.totalBought).not.toBe(summary.totalInvested);
      expect(reply.response).not.toContain(formatInr(summary.totalInvested));
      expect(reply.response).toContain(`fees paid ${formatInr(summary.totalFees)}`);
    });

    it('fees are the order preview, itemised', async () => {
      const res = await ctx().request({
        method: 'POST',
        url: '/api/orders/preview',
        token: asha.token,
        payload: { symbol: 'INFY', type: 'SELL', orderType: 'MARKET', quantity: 7 },
      });
      const preview = res.json().data as OrderPreview;
      const reply = await chat(ctx(), asha, 'what are the charges for selling 7 infosys');
      expect(reply.intent).toBe('fees');
      expect(reply.response).toContain(formatInr(preview.fees.total));
      expect(reply.response).toContain(`STT ${formatInr(preview.fees.stt)}`);
      expect(reply.response).toContain(formatInr(preview.total));
    });

    it('answers for delivery and intraday apart, and a sell proposal draws on the product held', async () => {
      const meera = await signUp(ctx());
      await place(ctx(), meera, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 3 });
      await place(ctx(), meera, {
        type: 'BUY',
        symbol: 'ITC',
        orderType: 'MARKET',
        quantity: 2,
        product: 'MIS',
      });
      const holding = await chat(ctx(), meera, 'how is my ITC position');
      expect(holding.intent).toBe('holding');
      expect(holding.response).toContain('You hold **3 shares of ITC** for delivery (CNC)');
      expect(holding.response).toContain('You hold **2 shares of ITC** intraday (MIS)');
      expect(await chat(ctx(), meera, 'sell all my itc')).toMatchObject({
        action: 'sell_stock',
        params: { symbol: 'ITC', quantity: 3, product: 'CNC' },
      });
      expect(await chat(ctx(), meera, 'sell all my itc intraday')).toMatchObject({
        action: 'sell_stock',
        params: { symbol: 'ITC', quantity: 2, product: 'MIS' },
      });
      // Held only intraday: "sell all" means that position, not a delivery sell of shares not held.
      const arjun = await signUp(ctx());
      await place(ctx(), arjun, {
        type: 'BUY',
        symbol: 'ITC',
        orderType: 'MARKET',
        quantity: 4,
        product: 'MIS',
      });
      expect(await chat(ctx(), arjun, 'sell all my itc')).toMatchObject({
        action: 'sell_stock',
        params: { symbol: 'ITC', quantity: 4, product: 'MIS' },
      });
    });

    it('actions are proposals: buy, watchlist and alert change nothing', async () => {
      const before = await snapshot(ctx(), asha);
      const buy = await chat(ctx(), asha, 'buy 10 tcs at 3000');
      expect(buy).toMatchObject({
        intent: 'buy',
        action: 'buy_stock',
        params: { symbol: 'TCS', quantity: 10, orderType: 'LIMIT', price: 3000, product: 'CNC' },
      });
      const intraday = await chat(ctx(), asha, 'buy 10 tcs intraday');
      expect(intraday).toMatchObject({
        action: 'buy_stock',
        params: { symbol: 'TCS', quantity: 10, product: 'MIS' },
      });
      const those = await chat(ctx(), asha, 'buy 5 of those');
      expect(those).toMatchObject({
        action: 'buy_stock',
        params: { symbol: 'TCS', quantity: 5 },
        confidence: 'medium',
      });
      const watch = await chat(ctx(), asha, 'add M&M to my watchlist');
      expect(watch).toMatchObject({
        intent: 'watchlist',
        action: 'add_watchlist',
        params: { symbol: 'M&M' },
      });
      const alert = await chat(ctx(), asha, 'alert me when L&T goes above 5000');
      expect(alert).toMatchObject({
        intent: 'alert',
        action: 'set_alert',
        params: { symbol: 'LT', condition: 'above', price: 5000 },
      });
      const chartReply = await chat(ctx(), asha, 'show me the 1 year chart of tata steel');
      expect(chartReply).toMatchObject({
        intent: 'chart',
        action: 'navigate',
        params: { path: '/charts?symbol=TATASTEEL&period=1Y&type=line' },
      });
      expect(await snapshot(ctx(), asha)).toEqual(before);
    });

    it("never invents: out of scope and tips get no figures but the stock's own quote; news is the stored headlines", async () => {
      const joke = await chat(ctx(), asha, 'tell me a joke');
      expect(joke).toMatchObject({ intent: 'unknown', confidence: 'low' });
      expect(joke.response).not.toMatch(/\d/);
      const tip = await chat(ctx(), asha, 'suggest me a stock');
      expect(tip.intent).toBe('unknown');
      expect(tip.action).toBeUndefined();
      expect(tip.response).not.toMatch(/\d/);
      // Advice about one stock: the refusal first, then only that stock's quote; never a proposal.
      const advice = await chat(ctx(), asha, 'should i buy reliance');
      expect(advice).toMatchObject({ intent: 'quote', stockData: { symbol: 'RELIANCE' } });
      expect(advice.action).toBeUndefined();
      expect(advice.response).toMatch(/^I don’t give tips, recommendations or predictions/);
      expect(advice.response).toContain('**Reliance Industries Ltd. (RELIANCE)** is at');
      // News comes from the news store: the newest stored headline about the stock, never a made-up one.
      const news = await chat(ctx(), asha, 'latest news about infosys');
      expect(news.intent).toBe('news');
      const stored = (
        await ctx().request({ method: 'GET', url: '/api/news?symbol=INFY&limit=5', token: asha.token })
      ).json().data as { title: string; source: string; publishedAt: string }[];
      expect(stored.length).toBeGreaterThan(0);
      // Headlines are data the client renders as text; the feed's words stay out of the markdown.
      expect(news.headlines?.map((h) => h.title)).toEqual(stored.map((n) => n.title));
      expect(news.headlines?.[0]).toMatchObject({ source: stored[0]!.source });
      expect(news.response).toBe(`The latest ${stored.length} headlines for INFY:`);
      for (const n of stored) expect(news.response).not.toContain(n.title);
    });

    it('another user sees only their own account and never this session', async () => {
      // Ravi's "s1" is his own session: Asha's context ("those" = TCS) does not leak into it.
      const those = await chat(ctx(), ravi, 'buy 5 of those');
      expect(those.action).toBeUndefined();
      const reply = await chat(ctx(), ravi, 'portfolio analysis');
      expect(reply.response).toContain('You have no holdings yet');
      const holding = await chat(ctx(), ravi, 'my TCS position');
      expect(holding.response).toContain("You don't hold any");
      const orders = await chat(ctx(), ravi, 'show my orders');
      expect(orders.response).not.toContain('ITC');

      // A conversation not started yet is simply empty (the browser names it before its first message).
      const mine = await ctx().request({
        method: 'GET',
        url: '/api/saytrix/sessions/asha-only/messages',
        token: asha.token,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.messages).toEqual([]);
      await chat(ctx(), asha, 'hello', { sessionId: 'asha-only' });
      const theirs = await ctx().request({
        method: 'GET',
        url: '/api/saytrix/sessions/asha-only/messages',
        token: ravi.token,
      });
      // Ravi's own conversation of that name is empty: Asha's messages never show.
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.messages).toEqual([]);
      const del = await ctx().request({
        method: 'DELETE',
        url: '/api/saytrix/sessions/asha-only',
        token: ravi.token,
      });
      expect(del.statusCode).toBe(404);
    });

    it('keeps the history per session so a reload shows it, and clears it', async () => {
      await chat(ctx(), asha, 'hi', { sessionId: 'reload', source: 'voice' });
      await chat(ctx(), asha, 'How much cash do I have?', { sessionId: 'reload' });
      const res = await ctx().request({
        method: 'GET',
        url: '/api/saytrix/sessions/reload/messages',
        token: asha.token,
      });
      expect(res.statusCode).toBe(200);
      const messages = res.json().data.messages as Array<{
        role: string;
        content: string;
        source: string | null;
        reply: SaytrixReply | null;
      }>;
      expect(messages.map((m) => [m.role, m.content.slice(0, 10)])).toEqual([
        ['user', 'hi'],
        ['assistant', expect.any(String)],
        ['user', 'How much c'],
        ['assistant', expect.any(String)],
      ]);
      expect(messages[0]!.source).toBe('voice');
      expect(messages[3]!.reply?.intent).toBe('cash');
      const del = await ctx().request({
        method: 'DELETE',
        url: '/api/saytrix/sessions/reload',
        token: asha.token,
      });
      expect(del.statusCode).toBe(200);
      const gone = await ctx().request({
        method: 'GET',
        url: '/api/saytrix/sessions/reload/messages',
        token: asha.token,
      });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().data.messages).toEqual([]);
    });

    it('streams the same checked reply sentence by sentence over SSE', async () => {
      const account = await get<VirtualAccount>(ctx(), asha, '/api/virtual-money/account');
      const res = await ctx().request({
        method: 'POST',
        url: '/api/saytrix/chat/stream',
        token: asha.token,
        payload: { message: 'How much cash do I have?', sessionId: 'sse' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body
        .trim()
        .split('\n\n')
        .map((block) => ({
          event: /^event: (.*)$/m.exec(block)![1],
          data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>,
        }));
      expect(events.at(-1)!.event).toBe('done');
      const done = events.at(-1)!.data as SaytrixReply;
      expect(done.intent).toBe('cash');
      const sentences = events.filter((e) => e.event === 'sentence').map((e) => e.data.text as string);
      expect(sentences[0]).toBe(`You have **${formatInr(account.availableCash)}** available to trade.`);
      expect(sentences.join(' ')).toBe(done.response.replace(/\n+/g, ' '));
    });

    it('validates the request: 400 for bad input, 401 without a token', async () => {
      for (const payload of [
        { message: '   ' },
        { message: 'x'.repeat(501) },
        { message: 'a\u0000b' },
        { message: 'hi', mode: 'pro' },
        { message: 'hi', sessionId: '../x' },
        {},
      ]) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/saytrix/chat',
          token: asha.token,
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const anon = await ctx().request({
        method: 'POST',
        url: '/api/saytrix/chat',
        payload: { message: 'hi' },
      });
      expect(anon.statusCode).toBe(401);
    });
  },
  { now: () => NOW },
);
