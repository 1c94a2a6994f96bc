import { describe, expect, it } from 'vitest';
import { candleSchema, profileSchema, quoteSchema, searchResultSchema } from '@nivesh/shared';
import { failure, newYahoo, useUpstreams, yahoo } from './market-providers.fixtures.js';

useUpstreams();

describe('YahooProvider', () => {
  it('maps a chart meta to a quote for an NSE stock (RELIANCE → RELIANCE.NS)', async () => {
    const quote = await newYahoo().quote('RELIANCE');
    expect(yahoo.requests).toEqual([
      {
        path: '/v8/finance/chart/RELIANCE.NS',
        query: { range: '1d', interval: '1d', includePrePost: 'false' },
      },
    ]);
    expect(quote).toEqual({
      symbol: 'RELIANCE',
      name: 'Reliance Industries Ltd.',
      exchange: 'NSE',
      currency: 'INR',
      price: 1439.4,
      change: -8.7,
      changePercent: -0.6,
      changesPercentage: -0.6,
      open: 1430,
      dayHigh: 1445.9,
      dayLow: 1424,
      previousClose: 1448.1,
      volume: 8937113,
      avgVolume: null,
      yearHigh: 1608.8,
      yearLow: 1114.85,
      priceAvg50: null,
      priceAvg200: null,
      marketCap: null,
      pe: null,
      // RELIANCE is in the NIFTY 100: its operating range, ±10% of ₹1,448.10 on the ₹0.10 grid.
      bandClass: 'DYNAMIC',
      lowerCircuit: 1303.3,
      upperCircuit: 1592.9,
      circuitLock: null,
      lastUpdated: '2025-06-13T09:59:59.000Z',
    });
    expect(quoteSchema.parse(quote)).toEqual(quote);
  });

  it('maps indices to Yahoo tickers and US stocks as they are; a batch leaves out unknown symbols', async () => {
    const quotes = await newYahoo().quotes(['NIFTY50', 'AAPL', 'NOSUCH', 'NIFTY50']);
    expect(yahoo.requests.map((r) => r.path).sort()).toEqual([
      '/v8/finance/chart/AAPL',
      '/v8/finance/chart/^NSEI',
    ]);
    expect(quotes.map((q) => [q.symbol, q.exchange, q.currency, q.price, q.change, q.changePercent])).toEqual(
      [
        ['NIFTY50', 'INDEX', 'INR', 24718.6, -169.6, -0.68],
        ['AAPL', 'NASDAQ', 'USD', 196.45, -2.75, -1.38],
      ],
    );
  });

  it('maps minute bars ascending, skipping null minutes and keeping the fresher copy of a repeated bar', async () => {
    const candles = await newYahoo().history('RELIANCE', '1D');
    expect(yahoo.requests[0]?.query).toMatchObject({ range: '1d', interval: '1m' });
    expect(candles).toEqual([
      { time: 1749786300, open: 1430, high: 1432.3, low: 1428.1, close: 1431.5, volume: 215342 },
      { time: 1749786360, open: 1431.5, high: 1433, low: 1430.9, close: 1432.8, volume: 98231 },
      { time: 1749786480, open: 1433.2, high: 1435.5, low: 1432.5, close: 1435, volume: 71002 },
    ]);
    for (const c of candles) candleSchema.parse(c);
  });

  it('asks for the range and interval each period implies', async () => {
    const provider = newYahoo();
    for (const period of ['5D', '1M', '3M', '1Y', '5Y'] as const) await provider.history('RELIANCE', period);
    expect(yahoo.requests.map((r) => `${r.query.range}/${r.query.interval}`)).toEqual([
      '5d/5m',
      '1mo/1h',
      '3mo/1d',
      '1y/1d',
      '5y/1wk',
    ]);
  });

  it('searches, keeping catalog instruments once each and dropping funds and unknown listings', async () => {
    const results = await newYahoo().search('reli', 10);
    expect(yahoo.requests[0]).toMatchObject({
      path: '/v1/finance/search',
      query: { q: 'reli', newsCount: '0' },
    });
    expect(results).toEqual([
      {
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        exchange: 'NSE',
        currency: 'INR',
        type: 'EQUITY',
        sector: 'Energy',
        score: 1,
      },
      {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        exchange: 'NASDAQ',
        currency: 'USD',
        type: 'EQUITY',
        sector: 'Technology',
        score: 0.5,
      },
    ]);
    for (const r of results) searchResultSchema.parse(r);
    expect(await newYahoo().search('reli', 1)).toHaveLength(1);
  });

  it('builds a profile from quoteSummary, and from the catalog with null fundamentals when Yahoo refuses', async () => {
    const provider = newYahoo();
    const reliance = await provider.profile('RELIANCE');
    expect(reliance).toEqual({
      symbol: 'RELIANCE',
      name: 'Reliance Industries Ltd.',
      exchange: 'NSE',
      currency: 'INR',
      sector: 'Energy',
      industry: 'Refineries & Marketing',
      isin: 'INE002A01018',
      bseCode: '500325',
      description: expect.stringContaining('hydrocarbon exploration'),
      beta: 0.44,
      marketCap: 19478211264512,
      pe: 28.12,
      eps: 51.19,
      dividendYield: 0.38,
    });
    profileSchema.parse(reliance);
    expect(yahoo.requests[0]).toMatchObject({
      path: '/v10/finance/quoteSummary/RELIANCE.NS',
      query: { modules: 'assetProfile,summaryDetail,defaultKeyStatistics' },
    });

    const apple = await provider.profile('AAPL'); // the fake answers 401 Invalid Crumb
    expect(apple).toMatchObject({
      symbol: 'AAPL',
      sector: 'Technology',
      description: null,
      beta: null,
      marketCap: null,
      pe: null,
      eps: null,
      dividendYield: null,
    });

    yahoo.requests.length = 0;
    expect(await provider.profile('NIFTY50')).toMatchObject({
      symbol: 'NIFTY50',
      exchange: 'INDEX',
      marketCap: null,
    });
    expect(yahoo.requests).toEqual([]);
  });

  it('ranks movers over its universe', async () => {
    const provider = newYahoo({ moversUniverse: ['RELIANCE', 'AAPL', 'NIFTY50'] });
    expect((await provider.movers('losers', 5)).map((q) => q.symbol)).toEqual([
      'AAPL',
      'NIFTY50',
      'RELIANCE',
    ]);
    expect((await provider.movers('losers', 1)).map((q) => q.symbol)).toEqual(['AAPL']);
    expect(await provider.movers('gainers', 5)).toEqual([]);
    expect((await provider.movers('active', 2)).map((q) => q.symbol)).toEqual(['AAPL', 'RELIANCE']);
  });

  it('answers not-found for symbols outside the catalog (without asking) and for symbols Yahoo does not know', async () => {
    const provider = newYahoo();
    expect(await failure(provider.quote('NOSUCH'))).toMatchObject({
      kind: 'not-found',
      message: 'Stock not found',
    });
    expect(yahoo.requests).toEqual([]);
    expect(await failure(provider.quote('TCS'))).toMatchObject({
      kind: 'not-found',
      message: 'Stock not found',
    });
    expect(yahoo.requests[0]?.path).toBe('/v8/finance/chart/TCS.NS');
  });

  it('reports malformed JSON and unexpected shapes as Invalid response format', async () => {
    const provider = newYahoo();
    yahoo.override = () => ({ text: '<html>Will be right back…</html>' });
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Invalid response format',
    });
    yahoo.override = () => ({
      json: { chart: { result: [{ meta: { symbol: 'RELIANCE.NS' } }], error: null } },
    });
    expect(await failure(provider.history('RELIANCE', '1D'))).toMatchObject({
      kind: 'unavailable',
      message: 'Invalid response format',
    });
    yahoo.override = () => ({ json: { quotes: 'nope' } });
    expect(await failure(provider.search('reli', 5))).toMatchObject({
      kind: 'unavailable',
      message: 'Invalid response format',
    });
  });

  it('gives up on an upstream that never answers, and reports upstream failures as unavailable', async () => {
    const provider = newYahoo({ timeoutMs: 150 });
    yahoo.override = () => 'hang';
    const started = Date.now();
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Market data request timed out',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    yahoo.override = () => ({ status: 503, text: 'Service Unavailable' });
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Failed to fetch stock data',
    });
    expect(await failure(provider.search('reli', 5))).toMatchObject({
      kind: 'unavailable',
      message: 'Search failed',
    });
  });
});
