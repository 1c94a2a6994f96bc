import { expect, it } from 'vitest';
import {
  PERIODS,
  type Candle,
  type Quote,
  type Replay,
  type ReplayPortfolio,
  type SearchResult,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * No market route leaks the future of a replay: for replays of seeded random bundled days (the
 * breaker days among them) at seeded random clocks, every quote, bar, mover, index and search result
 * read with `?replayId=` is of the clock or before it, and the quote's day high and low are those
 * of the minutes so far, not of the whole real day.
 */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = [
  '2020-03-13',
  '2020-03-23',
  '2020-06-15',
  '2021-05-04',
  '2022-02-24',
  '2023-08-22',
  '2024-06-04',
  '2026-07-24',
];
const SYMBOLS = ['RELIANCE', 'TCS', 'HDFCBANK', 'NIFTY50', 'SENSEX', 'INFY', 'ETERNAL'];

describeEachDb('replays never show a bar after the clock', (context) => {
  it('holds over every market route at seeded random clocks', async () => {
    const ctx: TestContext = context();
    const user = await signUp(ctx);
    const random = seeded(ctx.kind === 'pglite' ? 25 : 52);
    const get = async (url: string) => {
      const res = await ctx.request({ method: 'GET', url, token: user.token });
      return res;
    };
    let checked = 0;
    for (let round = 0; round < 6; round += 1) {
      const date = DAYS[Math.floor(random() * DAYS.length)]!;
      const res = await ctx.request({
        method: 'POST',
        url: '/api/replays',
        token: user.token,
        payload: { date, days: 1 },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json().data as Replay).id;
      const minutes = 1 + Math.floor(random() * 374);
      const step = await ctx.request({
        method: 'POST',
        url: `/api/replays/${id}/step`,
        token: user.token,
        payload: { minutes },
      });
      const replay = step.json().data as Replay;
      const clock = Date.parse(replay.clock);
      const where = `${date} +${minutes} min (${replay.clock})`;

      for (const symbol of SYMBOLS) {
        const q = await get(`/api/stocks/quote/${symbol}?replayId=${id}`);
        if (q.statusCode === 404) continue; // not listed (or no SENSEX levels) on that day
        expect(q.statusCode, q.body).toBe(200);
        const quote = q.json().data as Quote;
        expect(Date.parse(quote.lastUpdated), `${symbol} quote at ${where}`).toBeLessThanOrEqual(clock);
        for (const period of PERIODS) {
          const h = await get(`/api/live-charts/historical/${symbol}?period=${period}&replayId=${id}`);
          expect(h.statusCode, h.body).toBe(200);
          const body = h.json() as { data: Candle[]; latest: Candle | null };
          for (const c of body.data) {
            expect(c.time * 1000, `${symbol} ${period} bar at ${where}`).toBeLessThanOrEqual(clock);
            checked += 1;
          }
          if (period === '1D' && !quote.marketHalt && replay.marketHalt === null && body.data.length) {
            // The day's high and low so far are the minutes' so far: nothing of the rest of the day.
            const today = body.data.filter((c) => c.time * 1000 > clock - 375 * 60_000);
            expect(quote.dayHigh, `${symbol} day high at ${where}`).toBe(
              Math.max(...today.map((c) => c.high)),
            );
            expect(quote.dayLow, `${symbol} day low at ${where}`).toBe(Math.min(...today.map((c) => c.low)));
            expect(body.latest!.close, `${symbol} last bar close at ${where}`).toBe(quote.price);
          }
        }
      }
      for (const type of ['gainers', 'losers', 'active']) {
        const m = await get(`/api/stocks/movers?type=${type}&limit=10&replayId=${id}`);
        expect(m.statusCode, m.body).toBe(200);
        for (const q of m.json().data as Quote[])
          expect(Date.parse(q.lastUpdated), `${type} ${q.symbol} at ${where}`).toBeLessThanOrEqual(clock);
      }
      const i = await get(`/api/stocks/indices?replayId=${id}`);
      expect(i.statusCode, i.body).toBe(200);
      const indices = i.json().data as Quote[];
      expect(indices.some((q) => q.symbol === 'NIFTY50')).toBe(true);
      for (const q of indices) expect(Date.parse(q.lastUpdated)).toBeLessThanOrEqual(clock);
      // Search knows only what was listed by then: each result has a quote at the clock.
      const s = await get(`/api/stocks/search?query=ban&limit=10&replayId=${id}`);
      expect(s.statusCode, s.body).toBe(200);
      for (const r of s.json().data as SearchResult[]) {
        const q = await get(`/api/stocks/quote/${r.symbol}?replayId=${id}`);
        expect(q.statusCode, `${r.symbol} found by search at ${where} but has no quote`).toBe(200);
      }
      // The replay's portfolio: a buy fills at the clock's price, is stamped no later than the clock,
      // and is valued at the price the quote route gives at the clock.
      const buy = await ctx.request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: {
          symbol: 'RELIANCE',
          type: 'BUY',
          orderType: 'MARKET',
          quantity: 1,
          validity: 'DAY',
          product: 'CNC',
          clientOrderId: `lookahead-${round}-${id}`,
          portfolioId: replay.portfolioId,
        },
      });
      if (buy.statusCode === 201) {
        const book = (await get(`/api/replays/${id}/portfolio`)).json().data as ReplayPortfolio;
        const price = ((await get(`/api/stocks/quote/RELIANCE?replayId=${id}`)).json().data as Quote).price;
        expect(book.positions.map((p) => p.price)).toEqual([price]);
        for (const o of book.orders)
          if (o.executedAt) expect(Date.parse(o.executedAt), `fill at ${where}`).toBeLessThanOrEqual(clock);
      } else {
        // Only the breaker halt or a closed session refuses a market buy here.
        expect(buy.json().code, buy.body).toBe('MARKET_HALTED');
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
