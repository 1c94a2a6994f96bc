import { expect, it } from 'vitest';
import { aggregateCandles, isMarketOpen, istDayBucket, quoteSchema, type Candle } from '@nivesh/shared';
import { testConfig, describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually, record, type ClientSocket } from '../support/socket.js';

type Ack = { ok: boolean; error?: string };
const emitAck = (socket: ClientSocket, event: 'quotes:subscribe' | 'quotes:unsubscribe', payload: unknown) =>
  new Promise<Ack>((resolve) =>
    (socket.emit as unknown as (e: string, p: unknown, ack: (r: Ack) => void) => void)(
      event,
      payload,
      resolve,
    ),
  );

describeEachDb(
  'market data API',
  (ctx) => {
    const get = (url: string) => ctx().request({ method: 'GET', url });

    it('resolves every spelling of a symbol to the same instrument', async () => {
      for (const spelling of ['RELIANCE', 'reliance', 'RELIANCE.NS', 'RELIANCE.BO', '500325']) {
        const res = await get(`/api/stocks/quote/${encodeURIComponent(spelling)}`);
        expect(res.statusCode, spelling).toBe(200);
        expect(res.json().data).toMatchObject({
          symbol: 'RELIANCE',
          name: 'Reliance Industries Ltd.',
          exchange: 'NSE',
          currency: 'INR',
        });
      }
      for (const [spelling, symbol] of [
        ['NIFTY50', 'NIFTY50'],
        ['NIFTY 50', 'NIFTY50'],
        ['^NSEI', 'NIFTY50'],
        ['SENSEX', 'SENSEX'],
        ['^BSESN', 'SENSEX'],
        ['NIFTYBANK', 'NIFTYBANK'],
        ['^NSEBANK', 'NIFTYBANK'],
        ['NIFTYIT', 'NIFTYIT'],
        ['^CNXIT', 'NIFTYIT'],
      ]) {
        const res = await get(`/api/stocks/quote/${encodeURIComponent(spelling!)}`);
        expect(res.json().data.symbol, spelling).toBe(symbol);
      }
    });

    it('answers 400 for a malformed symbol and 404 for an unknown one', async () => {
      const bad = await get(`/api/stocks/quote/${encodeURIComponent('$$$')}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Invalid stock symbol: $$$',
        errors: { symbol: 'Invalid stock symbol: $$$' },
      });
      const unknown = await get('/api/stocks/quote/NOSUCHCO');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Stock not found' });
      expect((await get('/api/stocks/NOSUCHCO/profile')).statusCode).toBe(404);
      expect((await get('/api/live-charts/latest/NOSUCHCO')).statusCode).toBe(404);
      expect((await get(`/api/live-charts/historical/${encodeURIComponent('a b')}`)).statusCode).toBe(400);
      expect((await get('/api/stocks/quote/AAPL.NS')).statusCode).toBe(404);
    });

    it('quotes with consistent fields', async () => {
      const res = await get('/api/stocks/quote/TCS');
      const q = quoteSchema.parse(res.json().data);
      expect(q.change).toBeCloseTo(q.price - q.previousClose, 2);
      expect(q.changesPercentage).toBe(q.changePercent);
      expect(q.dayLow).toBeLessThanOrEqual(q.price);
      expect(q.dayHigh).toBeGreaterThanOrEqual(q.price);
      expect(q.yearHigh).toBeGreaterThanOrEqual(q.dayHigh);
      expect(q.marketCap).toBeNull();
      expect(q.pe).toBeNull();
      const us = (await get('/api/stocks/quote/aapl')).json().data;
      expect(us).toMatchObject({ symbol: 'AAPL', exchange: 'NASDAQ', currency: 'USD' });
    });

    it('quotes several symbols, skipping unknown ones', async () => {
      const res = await get('/api/stocks/quotes?symbols=TCS,INFY.NS,NOSUCHCO,tcs');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((q: { symbol: string }) => q.symbol)).toEqual(['TCS', 'INFY']);
      expect((await get('/api/stocks/quotes?symbols=')).statusCode).toBe(400);
      expect((await get(`/api/stocks/quotes?symbols=TCS,${encodeURIComponent('$x')}`)).statusCode).toBe(400);
    });

    it('validates symbols', async () => {
      expect((await get('/api/stocks/validate/reliance.bo')).json()).toEqual({
        success: true,
        isValid: true,
        symbol: 'RELIANCE',
      });
      expect((await get('/api/stocks/validate/NOSUCHCO')).json()).toEqual({
        success: true,
        isValid: false,
        symbol: null,
      });
      expect((await get(`/api/stocks/validate/${encodeURIComponent('$$')}`)).json()).toEqual({
        success: true,
        isValid: false,
        symbol: null,
      });
    });

    it('searches by symbol and name score, Indian listings first', async () => {
      const res = await get('/api/stocks/search?query=reliance&limit=5');
      const data = res.json().data as { symbol: string; score: number; exchange: string }[];
      expect(data[0]).toMatchObject({ symbol: 'RELIANCE', exchange: 'NSE', score: 150 });
      expect(data.every((r, i) => i === 0 || r.score <= data[i - 1]!.score)).toBe(true);
      expect((await get('/api/stocks/search?query=500325')).json().data[0].symbol).toBe('RELIANCE');
      expect((await get('/api/stocks/search?query=apple')).json().data[0]).toMatchObject({
        symbol: 'AAPL',
        currency: 'USD',
      });
      const short = await get('/api/stocks/search?query=r');
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.query).toBe('Search query must be at least 2 characters');
      expect((await get('/api/stocks/search?query=zzzzqqq')).json().data).toEqual([]);
    });

    it('lists movers and indices', async () => {
      const gainers = (await get('/api/stocks/movers?type=gainers&limit=5')).json();
      expect(gainers.type).toBe('gainers');
      expect(gainers.data).toHaveLength(5);
      const pct = gainers.data.map((q: { changePercent: number }) => q.changePercent);
      expect(pct).toEqual([...pct].sort((a, b) => b - a));
      const losers = (await get('/api/stocks/movers?type=losers&limit=5')).json().data;
      expect(losers[0].changePercent).toBeLessThanOrEqual(gainers.data[4].changePercent);
      expect((await get('/api/stocks/movers?type=active&limit=3')).json().data).toHaveLength(3);
      expect((await get('/api/stocks/movers?type=sideways')).statusCode).toBe(400);
      const indices = (await get('/api/stocks/indices')).json().data.map((q: { symbol: string }) => q.symbol);
      expect(indices).toEqual(['NIFTY50', 'SENSEX', 'NIFTYBANK', 'NIFTYIT']);
    });

    it('profiles a company with a computed beta and no invented fundamentals', async () => {
      const res = await get('/api/stocks/RELIANCE.NS/profile');
      const p = res.json().data;
      expect(p).toMatchObject({
        symbol: 'RELIANCE',
        sector: 'Oil Gas & Consumable Fuels',
        isin: 'INE002A01018',
        bseCode: '500325',
        marketCap: null,
        pe: null,
        eps: null,
        dividendYield: null,
      });
      expect(p.description).toContain('Reliance Industries');
      expect(p.beta).toBeGreaterThan(0.3);
      expect(p.beta).toBeLessThan(2);
    });

    it('serves chart history per period, sorted, de-duplicated, at the fixed intervals', async () => {
      const expected = {
        '1D': '1m',
        '5D': '5m',
        '1M': '1h',
        '3M': '1d',
        '6M': '1d',
        '1Y': '1d',
        '5Y': '1wk',
      } as const;
      const got: Record<string, Candle[]> = {};
      const fetchAll = async () => {
        for (const [period, interval] of Object.entries(expected)) {
          const res = await get(`/api/live-charts/historical/RELIANCE.NS?period=${period}`);
          expect(res.statusCode, period).toBe(200);
          const body = res.json();
          expect(body).toMatchObject({
            success: true,
            symbol: 'RELIANCE',
            period,
            interval,
            exchange: 'NSE',
            marketOpen: true,
          });
          const times = (body.data as Candle[]).map((c) => c.time);
          expect(times.length, period).toBeGreaterThan(0);
          expect(
            times.every((t, i) => i === 0 || t > times[i - 1]!),
            `${period} ascending`,
          ).toBe(true);
          got[period] = body.data;
        }
      };
      await fetchAll();
      // Requests that straddle IST midnight see two different days; the next round sees one.
      if (got['3M']!.at(-1)!.time !== aggregateCandles(got['1D']!, istDayBucket).at(-1)!.time)
        await fetchAll();
      // The day so far is the same day in every resolution (the requests are a few ms apart, so
      // compare the finished part: the day's open and the high/low/volume up to the 1D request).
      // always-open: 1D is the last 24 hours, so today is its last IST day.
      const day = aggregateCandles(got['1D']!, istDayBucket).at(-1)!;
      expect(got['3M']!.at(-1)!.open).toBe(day.open);
      expect(got['3M']!.at(-1)!.time).toBe(day.time);
      expect(got['3M']!.at(-1)!.volume).toBeGreaterThanOrEqual(day.volume);
      expect(got['5Y']!.length).toBeGreaterThan(250);
      const bad = await get('/api/live-charts/historical/RELIANCE?period=2W');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.period).toBe('Period must be one of 1D, 5D, 1M, 3M, 6M, 1Y, 5Y');
    });

    it('serves the latest candle, market status and batches', async () => {
      const latest = (await get('/api/live-charts/latest/INFY')).json();
      expect(latest).toMatchObject({ success: true, symbol: 'INFY', marketOpen: true, exchange: 'NSE' });
      expect(latest.latest.close).toBe(latest.quote.price);
      const status = (await get('/api/live-charts/market-status/nse')).json();
      expect(status).toMatchObject({
        success: true,
        exchange: 'NSE',
        marketOpen: true,
        session: 'always-open',
        label: 'Simulated market · open 24×7',
        nextOpen: null,
        timezone: 'Asia/Kolkata',
      });
      expect((await get('/api/live-charts/market-status/NASDAQ')).json().exchange).toBe('NASDAQ');
      expect((await get('/api/live-charts/market-status/LSE')).statusCode).toBe(400);
      const batch = await ctx().request({
        method: 'POST',
        url: '/api/live-charts/batch',
        payload: { symbols: ['TCS', 'NOSUCHCO', '^NSEI'] },
      });
      expect(batch.statusCode).toBe(200);
      expect(
        batch.json().results.map((r: { symbol: string; error: string | null }) => [r.symbol, r.error]),
      ).toEqual([
        ['TCS', null],
        ['NOSUCHCO', 'Stock not found'],
        ['NIFTY50', null],
      ]);
      expect(
        (await ctx().request({ method: 'POST', url: '/api/live-charts/batch', payload: { symbols: [] } }))
          .statusCode,
      ).toBe(400);
    });

    it('streams quotes only for subscribed symbols, and stops after unsubscribing', async () => {
      const user = await signUp(ctx());
      const [a, b] = await Promise.all([connect(ctx().url, user.token), connect(ctx().url, user.token)]);
      const gotA = record(a, 'quote');
      const gotB = record(b, 'quote');
      expect(await emitAck(a, 'quotes:subscribe', { symbols: ['RELIANCE.NS', 'nifty 50'] })).toEqual({
        ok: true,
      });
      expect(await emitAck(b, 'quotes:subscribe', { symbols: ['TCS'] })).toEqual({ ok: true });
      expect(await emitAck(b, 'quotes:subscribe', { symbols: ['NOSUCHCO'] })).toEqual({
        ok: false,
        error: 'Stock not found: NOSUCHCO',
      });
      expect((await emitAck(b, 'quotes:subscribe', { symbols: [] })).ok).toBe(false);
      expect(
        (await emitAck(b, 'quotes:subscribe', { symbols: Array.from({ length: 101 }, () => 'TCS') })).ok,
      ).toBe(false);
      // A snapshot at once, then about one a second.
      await eventually(
        () => gotA.filter((q) => q.symbol === 'RELIANCE').length >= 2 && gotB.length >= 2,
        5000,
      );
      expect(new Set(gotA.map((q) => q.symbol))).toEqual(new Set(['RELIANCE', 'NIFTY50']));
      expect(new Set(gotB.map((q) => q.symbol))).toEqual(new Set(['TCS']));
      const q = gotA.find((e) => e.symbol === 'RELIANCE')!;
      expect(q.candle.close).toBe(q.price);
      expect(q.candle.time % 60).toBe(0);

      expect(await emitAck(a, 'quotes:unsubscribe', { symbols: ['RELIANCE'] })).toEqual({ ok: true });
      await new Promise((r) => setTimeout(r, 300));
      const relianceCount = gotA.filter((e) => e.symbol === 'RELIANCE').length;
      const niftyCount = gotA.filter((e) => e.symbol === 'NIFTY50').length;
      await eventually(() => gotA.filter((e) => e.symbol === 'NIFTY50').length > niftyCount + 1, 5000);
      expect(gotA.filter((e) => e.symbol === 'RELIANCE').length).toBe(relianceCount);
      a.close();
      b.close();
    });

    it('needs no sign-in for market data but does for the realtime channel', async () => {
      expect((await get('/api/stocks/indices')).statusCode).toBe(200);
      await expect(connect(ctx().url, undefined)).rejects.toThrow('unauthorized');
    });
  },
  { listen: true },
);

describeEachDb(
  'market data API on NSE hours',
  (ctx) => {
    it('reports the NSE session and serves the current or last session’s minutes', async () => {
      const status = (
        await ctx().request({ method: 'GET', url: '/api/live-charts/market-status/NSE' })
      ).json();
      const now = Date.now();
      expect(status.session).toBe('nse');
      expect(status.marketOpen).toBe(isMarketOpen('nse', now));
      expect(Date.parse(status.nextOpen)).toBeGreaterThan(now);
      expect(Date.parse(status.nextClose)).toBeGreaterThan(now);
      const day = (
        await ctx().request({ method: 'GET', url: '/api/live-charts/historical/TCS?period=1D' })
      ).json().data as Candle[];
      expect(day.length).toBeGreaterThan(0);
      expect(day.length).toBeLessThanOrEqual(375);
      for (const c of day) {
        const minute = Math.floor(((c.time + 19_800) % 86_400) / 60); // IST minute of the day
        expect(minute).toBeGreaterThanOrEqual(9 * 60 + 15);
        expect(minute).toBeLessThan(15 * 60 + 30);
      }
    });
  },
  { config: { market: { ...testConfig().market, session: 'nse' } } },
);
