import { priceBand, type Quote, type SearchResult, type Watchlist } from '@nivesh/shared';
import { testUser } from '../../../test/render';

/** Schema-valid payloads for fetch stubs at the network boundary. */
export function makeQuote(symbol: string, overrides: Partial<Quote> = {}): Quote {
  // A 20% stock's circuit on whatever previous close the test gives.
  const band = priceBand(overrides.previousClose ?? 990, overrides.currency ?? 'INR');
  return {
    symbol,
    name: `${symbol} Ltd.`,
    exchange: 'NSE',
    currency: 'INR',
    price: 1000,
    change: 10,
    changePercent: 1,
    changesPercentage: 1,
    open: 990,
    dayHigh: 1010,
    dayLow: 985,
    previousClose: 990,
    volume: 123456,
    avgVolume: null,
    yearHigh: null,
    yearLow: null,
    priceAvg50: null,
    priceAvg200: null,
    marketCap: null,
    pe: null,
    bandClass: '20%',
    lowerCircuit: band.lower,
    upperCircuit: band.upper,
    circuitLock: null,
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function makeResult(symbol: string, name = `${symbol} Ltd.`): SearchResult {
  return { symbol, name, exchange: 'NSE', currency: 'INR', type: 'EQUITY', sector: 'Energy', score: 100 };
}

export function makeWatchlist(id: string, name: string, symbols: string[], isDefault = false): Watchlist {
  return {
    id,
    _id: id,
    name,
    description: '',
    isDefault,
    createdAt: '2026-11-01T10:00:00.000Z',
    stocks: symbols.map((symbol) => ({
      symbol,
      name: `${symbol} Ltd.`,
      sector: 'Energy',
      addedAt: '2026-11-01T10:00:00.000Z',
    })),
  };
}

export const verifyStub = { 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) };
export const shellStubs = {
  ...verifyStub,
  'GET /api/notifications/unread-count': () => ({ body: { success: true, count: 0 } }),
};

/** The simulator's always-open session, as /live-charts/market-status/NSE reports it. */
export const openMarketStatus = {
  success: true,
  exchange: 'NSE',
  marketOpen: true,
  session: 'always-open',
  label: 'Simulated market · open 24×7',
  nextOpen: null,
  nextClose: null,
  timezone: 'Asia/Kolkata',
};
