import { readFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Instrument } from '@nivesh/shared';
import { MarketDataError, type InstrumentCatalog } from '../../src/modules/market/market-provider.js';
import { FmpProvider } from '../../src/modules/market/providers/fmp.provider.js';
import { YahooProvider } from '../../src/modules/market/providers/yahoo.provider.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/market');
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** Friday 13 June 2025, 16:00 IST: NSE has closed for the day, New York is about to open. */
export const NOW = Date.parse('2025-06-13T10:30:00Z');

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

export const catalog: InstrumentCatalog = {
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

export interface Upstream {
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
export const keyBehaviour = new Map<string, number | string>();

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

export let yahoo: Upstream;
export let fmp: Upstream;

/** Starts the fake Yahoo and FMP for the file's tests (call at its top level), reset after each test. */
export function useUpstreams() {
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
}

export async function failure(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

export const newYahoo = (extra: Partial<ConstructorParameters<typeof YahooProvider>[0]> = {}) =>
  new YahooProvider({ catalog, baseUrl: yahoo.url, now: () => NOW, ...extra });
export const newFmp = (extra: Partial<ConstructorParameters<typeof FmpProvider>[0]> = {}) =>
  new FmpProvider({ catalog, apiKeys: ['k1', 'k2', 'k3'], baseUrl: fmp.url, now: () => NOW, ...extra });

export const ist = (date: string) => Date.parse(`${date}T03:45:00Z`) / 1000; // 09:15 IST
