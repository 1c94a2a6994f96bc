import { describe, expect, it } from 'vitest';
import { profileSchema, quoteSchema } from '@nivesh/shared';
import { failure, fmp, ist, keyBehaviour, newFmp, NOW, useUpstreams } from './market-providers.fixtures.js';

useUpstreams();

describe('FmpProvider', () => {
  it('maps a quote with its fundamentals (RELIANCE → RELIANCE.NS)', async () => {
    const quote = await newFmp().quote('RELIANCE');
    expect(fmp.requests).toEqual([{ path: '/api/v3/quote/RELIANCE.NS', query: { apikey: 'k1' } }]);
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
      avgVolume: 11234567,
      yearHigh: 1608.8,
      yearLow: 1114.85,
      priceAvg50: 1421.32,
      priceAvg200: 1343.76,
      marketCap: 19478211264512,
      pe: 28.12,
      // RELIANCE is in the NIFTY 100: its operating range, ±10% of ₹1,448.10 on the ₹0.10 grid.
      bandClass: 'DYNAMIC',
      lowerCircuit: 1303.3,
      upperCircuit: 1592.9,
      circuitLock: null,
      lastUpdated: '2025-06-13T09:59:59.000Z',
    });
    quoteSchema.parse(quote);
  });

  it('fetches a batch in one call, with the index ticker, and leaves out unknown symbols', async () => {
    const quotes = await newFmp().quotes(['RELIANCE', 'NIFTY50', 'AAPL', 'NOSUCH']);
    expect(fmp.requests.map((r) => r.path)).toEqual(['/api/v3/quote/RELIANCE.NS,^NSEI,AAPL']);
    expect(quotes.map((q) => q.symbol)).toEqual(['RELIANCE', 'NIFTY50', 'AAPL']);
    expect(quotes[1]).toMatchObject({
      exchange: 'INDEX',
      price: 24718.6,
      marketCap: null,
      pe: null,
      volume: 0,
    });
    expect(quotes[2]).toMatchObject({ currency: 'USD', change: -2.75, changePercent: -1.38 });
  });

  it('keeps the last session of minute bars, ascending, in UNIX seconds from New York wall-clock time', async () => {
    const candles = await newFmp().history('AAPL', '1D');
    expect(fmp.requests[0]).toEqual({
      path: '/api/v3/historical-chart/1min/AAPL',
      query: { from: '2025-06-07', to: '2025-06-13', apikey: 'k1' },
    });
    expect(candles).toEqual([
      {
        time: Date.parse('2025-06-13T13:30:00Z') / 1000,
        open: 199.73,
        high: 199,
        low: 198.92,
        close: 198.95,
        volume: 1962510,
      },
      {
        time: Date.parse('2025-06-13T19:58:00Z') / 1000,
        open: 196.22,
        high: 196.35,
        low: 196.15,
        close: 196.3,
        volume: 412880,
      },
      {
        time: Date.parse('2025-06-13T19:59:00Z') / 1000,
        open: 196.31,
        high: 196.52,
        low: 196.2,
        close: 196.45,
        volume: 1588113,
      },
    ]);
  });

  it('maps daily bars stamped at the NSE open, and aggregates them into weeks for 5Y', async () => {
    const provider = newFmp();
    const daily = await provider.history('RELIANCE', '3M');
    expect(fmp.requests[0]).toEqual({
      path: '/api/v3/historical-price-full/RELIANCE.NS',
      query: { from: '2025-03-13', to: '2025-06-13', apikey: 'k1' },
    });
    expect(daily).toHaveLength(10);
    expect(daily[0]).toEqual({
      time: ist('2025-06-02'),
      open: 1417,
      high: 1421.9,
      low: 1405.25,
      close: 1419.3,
      volume: 8877665,
    });
    expect(daily.at(-1)).toEqual({
      time: ist('2025-06-13'),
      open: 1430,
      high: 1445.9,
      low: 1424,
      close: 1439.4,
      volume: 8937113,
    });
    expect(daily.map((c) => c.time)).toEqual([...daily.map((c) => c.time)].sort((a, b) => a - b));

    const weekly = await provider.history('RELIANCE', '5Y');
    expect(fmp.requests[1]?.query.from).toBe('2020-06-13');
    expect(weekly).toEqual([
      { time: ist('2025-06-02'), open: 1417, high: 1432.5, low: 1402, close: 1430.9, volume: 49854094 },
      { time: ist('2025-06-09'), open: 1430.1, high: 1459.8, low: 1424, close: 1439.4, volume: 45003778 },
    ]);
    expect(await failure(provider.history('TCS', '1Y'))).toMatchObject({ kind: 'not-found' });
  });

  it('searches, keeping catalog instruments once each', async () => {
    const results = await newFmp().search('reli', 10);
    expect(fmp.requests[0]).toMatchObject({ path: '/api/v3/search', query: { query: 'reli', apikey: 'k1' } });
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
    ]);
  });

  it('builds a profile from the profile and quote endpoints', async () => {
    const profile = await newFmp().profile('AAPL');
    expect(fmp.requests.map((r) => r.path).sort()).toEqual(['/api/v3/profile/AAPL', '/api/v3/quote/AAPL']);
    expect(profile).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      currency: 'USD',
      sector: 'Technology',
      industry: 'Consumer Electronics',
      isin: 'US0378331005',
      bseCode: null,
      description: expect.stringContaining('smartphones'),
      beta: 1.21,
      marketCap: 2934165580000,
      pe: 30.6,
      eps: 6.42,
      dividendYield: 0.51,
    });
    profileSchema.parse(profile);
  });

  it('uses FMP movers lists where they hold catalog stocks, and ranks its universe otherwise', async () => {
    const provider = newFmp({ moversUniverse: ['RELIANCE', 'TCS', 'AAPL', 'NVDA'] });
    const gainers = await provider.movers('gainers', 5);
    expect(gainers.map((q) => [q.symbol, q.changePercent])).toEqual([['NVDA', 2.14]]);
    expect(fmp.requests.map((r) => r.path)).toEqual(['/api/v3/stock_market/gainers', '/api/v3/quote/NVDA']);

    fmp.requests.length = 0;
    expect((await provider.movers('losers', 5)).map((q) => q.symbol)).toEqual(['AAPL', 'RELIANCE']);
    expect(fmp.requests.map((r) => r.path)).toEqual([
      '/api/v3/stock_market/losers',
      '/api/v3/quote/RELIANCE.NS,TCS.NS,AAPL,NVDA',
    ]);
    expect((await provider.movers('active', 3)).map((q) => q.symbol)).toEqual(['NVDA', 'AAPL', 'RELIANCE']);
  });

  it('answers not-found for an empty quote list and for symbols outside the catalog', async () => {
    const provider = newFmp();
    expect(await failure(provider.quote('NOSUCH'))).toMatchObject({
      kind: 'not-found',
      message: 'Stock not found',
    });
    expect(fmp.requests).toEqual([]);
    fmp.override = () => ({ json: [] });
    expect(await failure(provider.quote('TCS'))).toMatchObject({
      kind: 'not-found',
      message: 'Stock not found',
    });
  });

  it('reports malformed JSON, unexpected shapes and timeouts as unavailable', async () => {
    const provider = newFmp({ timeoutMs: 150 });
    fmp.override = () => ({ text: '{"symbol": "RELIANCE.NS", "price": ' });
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Invalid response format',
    });
    fmp.override = () => ({ json: [{ symbol: 'RELIANCE.NS', price: '1439.40' }] });
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Invalid response format',
    });
    fmp.override = () => 'hang';
    expect(await failure(provider.quote('RELIANCE'))).toMatchObject({
      kind: 'unavailable',
      message: 'Market data request timed out',
    });
    // A timeout says nothing about the key: it is not rotated away.
    expect(fmp.requests.map((r) => r.query.apikey)).toEqual(['k1', 'k1', 'k1']);
  });

  describe('API key rotation', () => {
    it('moves to the next key when one answers 429', async () => {
      keyBehaviour.set('k1', 429);
      const quote = await newFmp().quote('AAPL');
      expect(quote.price).toBe(196.45);
      expect(fmp.requests.map((r) => r.query.apikey)).toEqual(['k1', 'k2']);
    });

    it('treats 401 and 403 the same way', async () => {
      keyBehaviour.set('k1', 401);
      keyBehaviour.set('k2', 403);
      await newFmp().quote('AAPL');
      expect(fmp.requests.map((r) => r.query.apikey)).toEqual(['k1', 'k2', 'k3']);
    });

    it("rotates on FMP's 'Limit Reach' envelope even when it comes with a 200", async () => {
      keyBehaviour.set('k1', 'fmp/limit-reached.json');
      await newFmp().quote('AAPL');
      expect(fmp.requests.map((r) => r.query.apikey)).toEqual(['k1', 'k2']);
    });

    it('does not retry an exhausted key within its cool-down, and does after it', async () => {
      let now = NOW;
      const provider = newFmp({ now: () => now, keyCooldownMs: 60_000 });
      keyBehaviour.set('k1', 429);
      await provider.quote('AAPL');
      keyBehaviour.delete('k1');
      await provider.quote('RELIANCE');
      await provider.search('reli', 5);
      expect(fmp.requests.map((r) => r.query.apikey)).toEqual(['k1', 'k2', 'k2', 'k2']);
      now += 60_001;
      await provider.quote('AAPL');
      expect(fmp.requests.at(-1)?.query.apikey).toBe('k1');
    });

    it('rests an exhausted key until the next UTC day by default', async () => {
      let now = NOW;
      const provider = newFmp({ apiKeys: ['k1', 'k2'], now: () => now });
      keyBehaviour.set('k1', 429);
      await provider.quote('AAPL');
      keyBehaviour.clear();
      now = Date.parse('2025-06-13T23:59:00Z');
      await provider.quote('AAPL');
      expect(fmp.requests.at(-1)?.query.apikey).toBe('k2');
      now = Date.parse('2025-06-14T00:00:01Z');
      await provider.quote('AAPL');
      expect(fmp.requests.at(-1)?.query.apikey).toBe('k1');
    });

    it("answers 'All API keys failed or exhausted' when every key is refused, then stops asking", async () => {
      keyBehaviour.set('k1', 429);
      keyBehaviour.set('k2', 401);
      keyBehaviour.set('k3', 403);
      const provider = newFmp();
      expect(await failure(provider.quote('AAPL'))).toMatchObject({
        kind: 'unavailable',
        message: 'All API keys failed or exhausted',
      });
      expect(fmp.requests).toHaveLength(3);
      expect(await failure(provider.search('reli', 5))).toMatchObject({
        message: 'All API keys failed or exhausted',
      });
      expect(await failure(provider.history('AAPL', '1D'))).toMatchObject({
        message: 'All API keys failed or exhausted',
      });
      expect(fmp.requests).toHaveLength(3);
    });

    it('never puts a key into an error message', async () => {
      fmp.override = () => ({ status: 500, json: { 'Error Message': 'boom' } });
      const error = await failure(newFmp({ apiKeys: ['secret-key-123'] }).quote('AAPL'));
      expect(error.message).toBe('Failed to fetch stock data');
      expect(JSON.stringify(error)).not.toContain('secret-key-123');
    });
  });
});
