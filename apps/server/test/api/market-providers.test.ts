import { readFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  candleSchema,
  profileSchema,
  quoteSchema,
  searchResultSchema,
  type Instrument,
} from '@nivesh/shared';
import { MarketDataError, type InstrumentCatalog } from '../../src/modules/market/market-provider.js';
import { CachedMarketDataProvider } from '../../src/modules/market/providers/cached.provider.js';
import { FmpProvider } from '../../src/modules/market/providers/fmp.provider.js';
import { createRealProvider } from '../../src/modules/market/providers/real-provider.factory.js';
import { zonedToUnix } from '../../src/modules/market/providers/common.mapper.js';
import { YahooProvider } from '../../src/modules/market/providers/yahoo.provider.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/market');
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** Friday 13 June 2025, 16:00 IST: NSE has closed for the day, New York is about to open. */
const NOW = Date.parse('2025-06-13T10:30:00Z');

// ---------------------------------------------------------------- a tiny catalog

function instrument(
  partial: Partial<Instrument> & Pick<Instrument, 'symbol' | 'name' | 'exchange'>,
): Instrument {
  return {
    currency: partial.exchange === 'NASDAQ' || partial.exchange === 'NYSE' ? 'USD' : 'INR',
    type: partial.exchange === 'INDEX' ? 'INDEX' : 'EQUITY',
    sector: null,
    industry: null,
    isin: null,
    bseCode: null,
    ...partial,
  };
}

const INSTRUMENTS: Instrument[] = [
  instrument({
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd.',
    exchange: 'NSE',
    sector: 'Energy',
    industry: 'Refineries & Marketing',
    isin: 'INE002A01018',
    bseCode: '500325',
  }),
  instrument({
    symbol: 'TCS',
    name: 'Tata Consultancy Services Ltd.',
    exchange: 'NSE',
    sector: 'Information Technology',
    industry: 'Computers - Software & Consulting',
    isin: 'INE467B01029',
    bseCode: '532540',
  }),
  instrument({ symbol: 'NIFTY50', name: 'NIFTY 50', exchange: 'INDEX' }),
  instrument({ symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ', sector: 'Technology' }),
  instrument({ symbol: 'NVDA', name: 'NVIDIA Corporation', exchange: 'NASDAQ', sector: 'Technology' }),
];

const catalog: InstrumentCatalog = {
  all: () => INSTRUMENTS,
  resolve(input) {
    const s = input.trim().toUpperCase();
    if (s === '^NSEI') return INSTRUMENTS.find((i) => i.symbol === 'NIFTY50');
    const bare = s.replace(/\.(NS|BO)$/, '');
    return INSTRUMENTS.find((i) => i.symbol === bare || i.bseCode === bare);
  },
};

// ---------------------------------------------------------------- a local upstream

type Reply = { status?: number; json?: unknown; text?: string } | 'hang';
type Seen = { path: string; query: Record<string, string> };
type Handler = (req: Seen) => Reply;

interface Upstream {
  url: string;
  requests: Seen[];
  /** Replaces the route table for the next requests (reset after each test). */
  override: Handler | undefined;
  close(): Promise<void>;
}

async function startUpstream(routes: Handler): Promise<Upstream> {
  const upstream: Upstream = { url: '', requests: [], override: undefined, close: async () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const seen: Seen = {
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
    };
    upstream.requests.push(seen);
    const reply = (upstream.override ?? routes)(seen);
    if (reply === 'hang') return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(reply.text ?? JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

const yahooRoutes: Handler = ({ path: p, query }) => {
  const chart = /^\/v8\/finance\/chart\/(.+)$/.exec(p);
  if (chart) {
    const ticker = chart[1]!.replace('^', 'idx-');
    const exact = `yahoo/chart-${ticker}-${query.range}-${query.interval}.json`;
    // Any other RELIANCE range answers with the minute bars: these tests look at the request, not the data.
    const fallback = `yahoo/chart-${ticker}-1d-1m.json`;
    if (existsSync(path.join(FIXTURES, exact))) return { json: fixture(exact) };
    if (existsSync(path.join(FIXTURES, fallback))) return { json: fixture(fallback) };
    return { status: 404, json: fixture('yahoo/chart-not-found.json') };
  }
  if (p === '/v1/finance/search') return { json: fixture('yahoo/search-reli.json') };
  const summary = /^\/v10\/finance\/quoteSummary\/(.+)$/.exec(p);
  if (summary) {
    const name = `yahoo/quote-summary-${summary[1]}.json`;
    if (existsSync(path.join(FIXTURES, name))) return { json: fixture(name) };
    return { status: 401, json: fixture('yahoo/quote-summary-unauthorized.json') };
  }
  return { status: 404, text: 'Not Found' };
};

/** Per-key behaviour of the fake FMP: a status, or a 200 carrying FMP's error envelope. */
const keyBehaviour = new Map<string, number | string>();

const fmpRoutes: Handler = ({ path: p, query }) => {
  const behaviour = keyBehaviour.get(query.apikey ?? '');
  if (typeof behaviour === 'number') {
    const body =
      behaviour === 401
        ? 'fmp/invalid-key.json'
        : behaviour === 403
          ? 'fmp/exclusive-endpoint.json'
          : 'fmp/limit-reached.json';
    return { status: behaviour, json: fixture(body) };
  }
  if (typeof behaviour === 'string') return { json: fixture(behaviour) };
  const quote = /^\/api\/v3\/quote\/(.+)$/.exec(p);
  if (quote) {
    const wanted = new Set(quote[1]!.split(','));
    return { json: (fixture('fmp/quotes.json') as { symbol: string }[]).filter((q) => wanted.has(q.symbol)) };
  }
  if (p === '/api/v3/search') return { json: fixture('fmp/search-reli.json') };
  if (p === '/api/v3/historical-chart/1min/AAPL')
    return { json: fixture('fmp/historical-chart-1min-AAPL.json') };
  if (p.startsWith('/api/v3/historical-chart/')) return { json: [] };
  if (p === '/api/v3/historical-price-full/RELIANCE.NS')
    return { json: fixture('fmp/historical-price-full-RELIANCE.NS.json') };
  if (p.startsWith('/api/v3/historical-price-full/')) return { json: {} };
  if (p === '/api/v3/profile/AAPL') return { json: fixture('fmp/profile-AAPL.json') };
  if (p.startsWith('/api/v3/profile/')) return { json: [] };
  if (p === '/api/v3/stock_market/gainers') return { json: fixture('fmp/gainers.json') };
  if (p === '/api/v3/stock_market/losers') return { json: fixture('fmp/losers.json') };
  if (p === '/api/v3/stock_market/actives') return { json: [] };
  return { status: 404, json: { 'Error Message': 'Not found' } };
};

let yahoo: Upstream;
let fmp: Upstream;

beforeAll(async () => {
  [yahoo, fmp] = await Promise.all([startUpstream(yahooRoutes), startUpstream(fmpRoutes)]);
});
afterAll(async () => {
  await Promise.all([yahoo.close(), fmp.close()]);
});
afterEach(() => {
  for (const u of [yahoo, fmp]) {
    u.requests.length = 0;
    u.override = undefined;
  }
  keyBehaviour.clear();
});

async function failure(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

const newYahoo = (extra: Partial<ConstructorParameters<typeof YahooProvider>[0]> = {}) =>
  new YahooProvider({ catalog, baseUrl: yahoo.url, now: () => NOW, ...extra });
const newFmp = (extra: Partial<ConstructorParameters<typeof FmpProvider>[0]> = {}) =>
  new FmpProvider({ catalog, apiKeys: ['k1', 'k2', 'k3'], baseUrl: fmp.url, now: () => NOW, ...extra });

const ist = (date: string) => Date.parse(`${date}T03:45:00Z`) / 1000; // 09:15 IST

// ================================================================ Yahoo

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

// ================================================================ FMP

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

// ================================================================ cache

describe('CachedMarketDataProvider', () => {
  const quoteCalls = () => fmp.requests.filter((r) => r.path.startsWith('/api/v3/quote/')).map((r) => r.path);

  it('answers a repeated quote from memory within its TTL', async () => {
    let now = NOW;
    const provider = new CachedMarketDataProvider(newFmp({ now: () => now }), {
      now: () => now,
      quoteTtlMs: 15_000,
    });
    const first = await provider.quote('RELIANCE');
    now += 14_000;
    expect(await provider.quote('RELIANCE')).toEqual(first);
    expect(quoteCalls()).toHaveLength(1);
    now += 2_000;
    await provider.quote('RELIANCE');
    expect(quoteCalls()).toHaveLength(2);
  });

  it('shares one upstream call between concurrent requests for a symbol', async () => {
    const provider = new CachedMarketDataProvider(newFmp(), { now: () => NOW });
    const [a, b, batch] = await Promise.all([
      provider.quote('AAPL'),
      provider.quote('AAPL'),
      provider.quotes(['AAPL']),
    ]);
    expect(a).toEqual(b);
    expect(batch).toEqual([a]);
    expect(quoteCalls()).toEqual(['/api/v3/quote/AAPL']);
  });

  it('is batch-aware: only symbols neither cached nor in flight go upstream, in one batch', async () => {
    const provider = new CachedMarketDataProvider(newFmp(), { now: () => NOW });
    await provider.quote('RELIANCE');
    const [batch, single] = await Promise.all([
      provider.quotes(['RELIANCE', 'AAPL', 'NIFTY50', 'NOSUCH']),
      provider.quote('NIFTY50'),
    ]);
    expect(batch.map((q) => q.symbol)).toEqual(['RELIANCE', 'AAPL', 'NIFTY50']);
    expect(single.symbol).toBe('NIFTY50');
    expect(quoteCalls()).toEqual(['/api/v3/quote/RELIANCE.NS', '/api/v3/quote/AAPL,^NSEI']);
    expect(await failure(provider.quote('NOSUCH'))).toMatchObject({ kind: 'not-found' });
  });

  it('caches history per symbol and period, and does not cache failures', async () => {
    const provider = new CachedMarketDataProvider(newYahoo(), { now: () => NOW });
    await Promise.all([provider.history('RELIANCE', '1D'), provider.history('RELIANCE', '1D')]);
    await provider.history('RELIANCE', '1D');
    await provider.history('RELIANCE', '5D');
    expect(yahoo.requests).toHaveLength(2);

    yahoo.override = () => ({ status: 503, text: 'down' });
    await failure(provider.quote('AAPL'));
    yahoo.override = undefined;
    expect((await provider.quote('AAPL')).price).toBe(196.45);
  });
});

describe('exchange wall-clock times', () => {
  it('converts New York times across DST and Indian times at a fixed offset', () => {
    const utc = (iso: string) => Date.parse(iso) / 1000;
    expect(zonedToUnix('2025-01-10 09:30:00', 'America/New_York')).toBe(utc('2025-01-10T14:30:00Z'));
    expect(zonedToUnix('2025-03-10 09:30:00', 'America/New_York')).toBe(utc('2025-03-10T13:30:00Z'));
    expect(zonedToUnix('2025-11-03 09:30:00', 'America/New_York')).toBe(utc('2025-11-03T14:30:00Z'));
    expect(zonedToUnix('2025-06-13 09:15:00', 'Asia/Kolkata')).toBe(utc('2025-06-13T03:45:00Z'));
    expect(zonedToUnix('13/06/2025', 'Asia/Kolkata')).toBeUndefined();
  });
});

describe('createRealProvider', () => {
  it('builds a cached Yahoo or FMP provider from configuration', async () => {
    const y = createRealProvider('yahoo', { catalog, baseUrls: { yahoo: yahoo.url }, now: () => NOW });
    expect(y.name).toBe('yahoo');
    await y.quote('AAPL');
    await y.quote('AAPL');
    expect(yahoo.requests).toHaveLength(1);

    const f = createRealProvider('fmp', {
      catalog,
      fmpKeys: [' k9 ', ''],
      baseUrls: { fmp: fmp.url },
      now: () => NOW,
    });
    expect(f.name).toBe('fmp');
    await f.quote('AAPL');
    expect(fmp.requests[0]?.query.apikey).toBe('k9');
  });

  it('refuses FMP without keys', () => {
    expect(() => createRealProvider('fmp', { catalog, fmpKeys: [] })).toThrow(/FMP_API_KEYS/);
  });
});
