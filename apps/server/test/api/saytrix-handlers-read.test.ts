import { expect, it } from 'vitest';
import {
  describeGtt,
  formatInr,
  roundToTick,
  type Alert,
  type Gtt,
  type Habits,
  type Leaderboard,
  type Order,
  type PortfolioSummary,
  type Quote,
  type Watchlist,
} from '@nivesh/shared';
import { hhmmIst, signedInr, signedPct } from '../../src/modules/saytrix/saytrix.format.js';
import { describeEachDb, signUp } from '../support/test-app.js';
import {
  answer,
  expectNoProposal,
  get,
  NOW,
  parsed,
  place,
  send,
  servicesOf,
  type User,
} from './saytrix-handlers.support.js';

// Every figure a read handler states equals the app's own endpoint at that moment.
describeEachDb(
  'saytrix handlers: reading the whole app',
  (ctx) => {
    let asha: User;
    let ravi: User;
    let itc: Quote;

    it('sets up a trader with fills, a sale, a resting order, an alert, a GTT, a watchlist and a journal', async () => {
      asha = await signUp(ctx());
      ravi = await signUp(ctx());
      itc = await get<Quote>(ctx(), undefined, '/api/stocks/quote/ITC');
      await place(ctx(), asha, { type: 'BUY', symbol: 'TCS', orderType: 'MARKET', quantity: 2 });
      await place(ctx(), asha, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 10 });
      await place(ctx(), asha, { type: 'SELL', symbol: 'ITC', orderType: 'MARKET', quantity: 4 });
      const limit = { type: 'BUY', symbol: 'ITC', orderType: 'LIMIT', quantity: 3 };
      await place(ctx(), asha, { ...limit, price: roundToTick(itc.price * 0.95) });
      const alert = { symbol: 'ITC', condition: 'below', value: roundToTick(itc.price * 0.8) };
      await send(ctx(), asha, 'POST', '/api/alerts', alert, 201);
      await send(ctx(), ravi, 'POST', '/api/alerts', { ...alert, value: roundToTick(itc.price * 0.85) }, 201);
      const leg = { triggerPrice: roundToTick(itc.price * 0.9), limitPrice: roundToTick(itc.price * 0.9) };
      const gtt = { symbol: 'ITC', kind: 'single', side: 'BUY', quantity: 5, legs: [leg] };
      await send(ctx(), asha, 'POST', '/api/gtt', gtt, 201);
      const lists = await get<Watchlist[]>(ctx(), asha, '/api/watchlist');
      await send(ctx(), asha, 'POST', '/api/watchlist/add', { symbol: 'LT', watchlistId: lists[0]!.id }, 200);
      const entry = {
        ticker: 'TCS',
        quantity: 2,
        price: 100,
        type: 'BUY',
        note: '**bold** plan',
        tags: ['breakout'],
      };
      await send(ctx(), asha, 'POST', '/api/trades', entry, 201);
    });

    it('orders by name: the latest order of the stock with its status words (resting = pending)', async () => {
      const orders = await get<Order[]>(ctx(), asha, '/api/orders/all?limit=100');
      const latest = orders.find((o) => o.symbol === 'ITC')!;
      expect(latest.status).toBe('PENDING');
      const reply = await answer(ctx(), asha, parsed('orders', { symbols: ['ITC'], op: 'status' }));
      expect(reply.response).toContain('Your latest **ITC** order is **pending (not filled yet)**.');
      expect(reply.response).toContain(`LIMIT at ${formatInr(latest.limitPrice!)}`);
      expect(reply.response).toMatch(/SELL 4 shares of \*\*ITC\*\* MARKET — \*\*filled at ₹/);
      // Asked "is it filled?", the answer is still about the latest order, which is pending.
      const filled = await answer(
        ctx(),
        asha,
        parsed('orders', { symbols: ['ITC'], op: 'status', orderStatus: 'filled' }),
      );
      expect(filled.response).toContain('Your latest **ITC** order is **pending (not filled yet)**.');
      expectNoProposal(filled);
    });

    it("alerts, GTTs and the watchlist list what their screens list, and only the asker's", async () => {
      const alerts = await get<Alert[]>(ctx(), asha, '/api/alerts');
      const a = await answer(ctx(), asha, parsed('alert', { op: 'list' }));
      expect(a.response).toContain(`You have 1 alert (1 active):`);
      expect(a.response).toContain(`**ITC** goes below ${formatInr(alerts[0]!.value)}`);
      expect(a.response).not.toContain(formatInr(roundToTick(itc.price * 0.85)));
      expectNoProposal(a);

      const gtts = await get<Gtt[]>(ctx(), asha, '/api/gtt?status=ACTIVE');
      const g = await answer(ctx(), asha, parsed('gtt', { op: 'list' }));
      expect(g.response).toContain(describeGtt(gtts[0]!));
      expect((await answer(ctx(), ravi, parsed('gtt', {}))).response).toBe('You have no active GTTs.');

      const lt = await get<Quote>(ctx(), undefined, '/api/stocks/quote/LT');
      const w = await answer(ctx(), asha, parsed('watchlist', { op: 'list' }));
      expect(w.response).toContain(`**LT** ${formatInr(lt.price)} (${signedPct(lt.changePercent)})`);
      const on = await answer(ctx(), asha, parsed('watchlist', { symbols: ['LT'], op: 'status' }));
      expect(on.response).toContain('Yes, **LT** is on your watchlist');
      expectNoProposal(on);
    });

    it('journal, habits and leaderboard equal their screens', async () => {
      const j = await answer(ctx(), asha, parsed('journal', { op: 'list' }));
      expect(j.response).toContain('BUY 2 shares of **TCS** at ₹100.00');
      // The note is the user's text, shown as literal text: its markdown escaped, never rendered.
      expect(j.response).toContain('[breakout] — “\\*\\*bold\\*\\* plan”');

      const habits = await get<Habits>(ctx(), asha, '/api/insights/habits');
      const h = await answer(ctx(), asha, parsed('habits'));
      const costs = habits.costs.result;
      expect(costs.status).toBe('ready');
      if (costs.status === 'ready')
        expect(h.response).toContain(`charges paid ${formatInr(costs.chargesPaid)}`);
      const d = habits.disposition.result;
      if (d.status === 'insufficient')
        expect(h.response).toContain(`needs ${d.needed} ${d.unit}, you have ${d.have}`);

      const before = await answer(ctx(), asha, parsed('leaderboard'));
      expect(before.response).toContain('you have not joined it');
      await send(ctx(), asha, 'POST', '/api/leaderboard/join', { displayName: 'Asha K' }, 200);
      await place(ctx(), asha, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 1 });
      const board = await get<Leaderboard>(ctx(), asha, '/api/leaderboard');
      const lb = await answer(ctx(), asha, parsed('leaderboard'));
      if (board.you.row)
        expect(lb.response).toContain(
          `rank **#${board.you.row.rank} of ${board.totalPlayers}** this week, on a time-weighted return of **${signedPct(board.you.row.returnPercent)}**`,
        );
      else expect(lb.response).toContain('not ranked yet');
    });

    it('portfolio: Total P&L includes realised, a realised question gets Realised P&L, contribution per holding', async () => {
      const summary = await get<PortfolioSummary>(ctx(), asha, '/api/portfolio/summary');
      const f = summary.figures;
      expect(f.realisedPnl).not.toBe(0);
      const all = await answer(ctx(), asha, parsed('portfolio'));
      expect(all.response).toContain(`Total P&L **${signedInr(f.totalPnl)}**`);
      expect(all.response).toContain(`Realised P&L ${signedInr(f.realisedPnl)}`);
      const realised = await answer(ctx(), asha, parsed('portfolio', { pnl: 'realised' }));
      expect(realised.response).toContain(`Realised P&L **${signedInr(f.realisedPnl)}**`);
      const moved = await answer(ctx(), asha, parsed('portfolio', { focus: 'contribution' }));
      expect(moved.response).toContain(`Day's P&L **${signedInr(f.daysPnl)}**`);
      for (const p of f.positions)
        expect(moved.response).toContain(`**${p.symbol}** ${signedInr(p.daysPnl)}`);
      // "As of" is the time of the prices used.
      const tcs = await get<Quote>(ctx(), undefined, '/api/stocks/quote/TCS');
      expect(all.response).toContain(`_As of ${hhmmIst(tcs.lastUpdated)} IST, simulated market._`);
    });

    it('52-week and 50/200-day figures in casual mode equal the quote endpoint', async () => {
      const q = await get<Quote>(ctx(), undefined, '/api/stocks/quote/TCS');
      const w = await answer(ctx(), asha, parsed('quote', { symbols: ['TCS'], metric: '52w' }));
      expect(w.response).toContain(
        `52-week high **${formatInr(q.yearHigh!)}**, low **${formatInr(q.yearLow!)}**`,
      );
      // The quote's averages (what GET /api/stocks/quote returns), not a second computation.
      for (const days of [50, 200] as const) {
        const avg = days === 50 ? q.priceAvg50 : q.priceAvg200;
        expect(avg).not.toBeNull();
        const r = await answer(
          ctx(),
          asha,
          parsed('quote', { symbols: ['TCS'], metric: days === 50 ? 'dma50' : 'dma200' }),
        );
        expect(r.response).toContain(`${days}-day average close **${formatInr(avg!)}**`);
      }
    });

    it('a comparison states each quote and names the better day in words that follow its sign', async () => {
      const r = await answer(ctx(), asha, parsed('compare', { symbols: ['TCS', 'INFY'] }));
      const [tcs, infy] = await Promise.all(
        ['TCS', 'INFY'].map((s) => get<Quote>(ctx(), undefined, `/api/stocks/quote/${s}`)),
      );
      const best = tcs!.changePercent >= infy!.changePercent ? tcs! : infy!;
      expect(r.response).toContain(formatInr(tcs!.price));
      expect(r.response).toContain(formatInr(infy!.price));
      const words =
        best.changePercent > 0 ? 'is up the most' : best.changePercent < 0 ? 'fell the least' : 'is flat';
      expect(r.response).toContain(`**${best.symbol}** ${words}`);
      expect(r.response).toContain(`(${signedPct(best.changePercent)})`);
      expectNoProposal(r);
    });

    it('sectors and "why did X move": sector averages from the universe, against NIFTY 50, never a cause', async () => {
      const services = await servicesOf(ctx());
      const sector = services.market.catalog.all().find((i) => i.symbol === 'TCS')!.sector!;
      const members = services.market.catalog
        .all()
        .filter((i) => i.sector === sector && i.type === 'EQUITY' && i.currency === 'INR');
      const quotes: Quote[] = [];
      for (let i = 0; i < members.length; i += 50) {
        const symbols = members
          .slice(i, i + 50)
          .map((m) => m.symbol)
          .join(',');
        quotes.push(...(await get<Quote[]>(ctx(), undefined, `/api/stocks/quotes?symbols=${symbols}`)));
      }
      const average =
        Math.round((quotes.reduce((s, q) => s + q.changePercent, 0) / quotes.length) * 100) / 100;
      const s = await answer(ctx(), asha, parsed('sectors', { sector }));
      expect(s.response).toContain(`**${sector}** today: average ${signedPct(average)}`);
      expect(s.response).toContain(`across ${quotes.length} stocks`);

      const [tcs, nifty] = await get<Quote[]>(ctx(), undefined, '/api/stocks/quotes?symbols=TCS,NIFTY50');
      const why = await answer(ctx(), asha, parsed('why', { symbols: ['TCS'] }));
      expect(why.response).toContain(`is ${signedPct(tcs!.changePercent)} today`);
      expect(why.response).toContain(`NIFTY 50 is ${signedPct(nifty!.changePercent)}`);
      const vs = Math.round((tcs!.changePercent - nifty!.changePercent) * 100) / 100;
      expect(why.response).toContain(`TCS is ${signedPct(vs)} against the market`);
      expect(why.response).toContain(`averages ${signedPct(average)}`);
      expect(why.response).not.toMatch(/because|investors|likely|probably/i);
      // The day's headlines tagged with TCS (market-desk notes first), as data, never in the text:
      // one arrives through the news store's own intake, as a feed item would, with a hostile title.
      const hostile =
        '![x](https://evil.example/p.png) TCS: [Verify your Nivesh account](https://evil.example)';
      const stored = await (
        await servicesOf(ctx())
      ).news.store([
        {
          origin: 'feed',
          dedupeKey: `saytrix-why-${ctx().kind}`,
          title: hostile,
          summary: 'Tata Consultancy Services',
          source: 'Feed',
          author: null,
          url: 'https://example.com/a',
          imageUrl: null,
          publishedAt: new Date(NOW - 60_000),
        },
      ]);
      expect(stored[0]?.symbols).toContain('TCS');
      const told = await answer(ctx(), asha, parsed('why', { symbols: ['TCS'] }));
      expect(told.headlines?.map((h) => h.title)).toContain(hostile);
      expect(told.response).not.toContain('evil.example');
      expect(told.response).toMatch(/\d+ headlines? about TCS today:/);
      const day = new Date(NOW + 5.5 * 3600_000).toISOString().slice(0, 10);
      const news = async (extra: string) =>
        (await get<{ title: string }[]>(ctx(), asha, `/api/news?symbol=TCS&from=${day}${extra}`)).map(
          (n) => n.title,
        );
      const titles = [...new Set([...(await news('&origin=desk&limit=3')), ...(await news('&limit=5'))])];
      expect(titles).toContain(hostile);
      expect((told.headlines ?? []).map((h) => h.title)).toEqual(titles);
      for (const t of titles) expect(told.response).not.toContain(t);
      expectNoProposal(why);
    });

    it("a 52-week-high screen is not passed off: the reply says so before the day's movers", async () => {
      const reply = await answer(
        ctx(),
        asha,
        parsed('movers', { metric: '52w', movers: 'gainers', scope: 'market' }),
      );
      expect(reply.intent).toBe('movers');
      expect(reply.response).toMatch(/^I can't screen the market by 52-week high yet/);
      expect(reply.response).toContain('**Top gainers today:**');
      expectNoProposal(reply);
    });

    it('navigation covers every route; clarify offers choices without data or action', async () => {
      const names: Record<string, string> = {
        '/leaderboard': 'the leaderboard',
        '/alerts': 'your alerts',
        '/trades': 'your trade journal',
        '/insights': 'your trading habits',
        '/reports': 'your reports',
        '/stocks': 'Charts',
      };
      for (const [path, name] of Object.entries(names)) {
        const r = await answer(ctx(), asha, parsed('navigate', { path }));
        expect(r).toMatchObject({ response: `Opening ${name}.`, action: 'navigate', params: { path } });
      }
      const options = ['Price of ITC', 'My ITC holding'];
      const c = await answer(
        ctx(),
        asha,
        parsed('clarify', { clarify: { question: 'Do you mean the price or your holding?', options } }),
      );
      expect(c).toMatchObject({
        intent: 'clarify',
        response: 'Do you mean the price or your holding?',
        suggestions: options,
        confidence: 'low',
      });
      expect(c.action).toBeUndefined();
    });

    it('a follow-up shows what it took from the last turn on the card', async () => {
      const last = { intent: 'buy' as const, symbols: ['ITC'], quantity: 5 };
      const buy = await answer(
        ctx(),
        asha,
        parsed('buy', {
          symbols: ['ITC'],
          quantity: 10,
          imperative: true,
          followUp: { edited: ['quantity'] },
        }),
        { last },
      );
      expect(buy).toMatchObject({
        action: 'buy_stock',
        params: { quantity: 10 },
        context: 'Quantity 5 → 10 from your last request',
      });
      const again = await answer(
        ctx(),
        asha,
        parsed('orders', { symbols: ['TCS'], followUp: { edited: ['symbol'] } }),
        {
          last: { intent: 'orders', symbols: ['ITC'] },
        },
      );
      expect(again.context).toBe('Same question for TCS');
      const week = await answer(
        ctx(),
        asha,
        parsed('transactions', {
          period: '5D',
          from: new Date(NOW - 7 * 86_400_000),
          followUp: { edited: ['period'] },
        }),
        {
          last: { intent: 'transactions', symbols: [] },
        },
      );
      expect(week.context).toBe('Period: the last 5 days');
      expect((await answer(ctx(), asha, parsed('quote', { symbols: ['TCS'] }))).context).toBeUndefined();
    });
  },
  { now: () => NOW },
);
