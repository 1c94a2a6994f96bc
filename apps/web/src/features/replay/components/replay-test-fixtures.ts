// Shared setup for the replay screens' tests: a replay, its quotes, a drill, its portfolio and the
// market the session screen reads, all as the server would send them.
import { screen, within } from '@testing-library/react';
import type { Drill, Quote, Replay, ReplayPortfolio } from '@nivesh/shared';
import { testUser } from '../../../test/render';

export const verify = { 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) };
export const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

export function replay(o: Partial<Replay> = {}): Replay {
  return {
    id: ID,
    status: 'paused',
    blind: false,
    speed: 60,
    days: 1,
    clock: '2020-03-13T03:45:00.000Z',
    dates: ['2020-03-13'],
    endsAt: '2020-03-13T10:00:00.000Z',
    calendar: 'real',
    pricesNote: 'Prices are split-adjusted.',
    marketHalt: null,
    portfolioId: null,
    score: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    ...o,
  };
}

export function quote(symbol: string, name: string, price: number, change: number): Quote {
  return {
    symbol,
    name,
    exchange: 'NSE',
    currency: 'INR',
    price,
    change,
    changePercent: (change / (price - change)) * 100,
    changesPercentage: (change / (price - change)) * 100,
    open: price,
    dayHigh: price,
    dayLow: price,
    previousClose: price - change,
    volume: 0,
    avgVolume: null,
    yearHigh: null,
    yearLow: null,
    priceAvg50: null,
    priceAvg200: null,
    marketCap: null,
    pe: null,
    bandClass: null,
    lowerCircuit: null,
    upperCircuit: null,
    circuitLock: null,
    lastUpdated: '2020-03-13T03:45:00.000Z',
  };
}

export const drill: Drill = {
  id: 'covid-crash',
  title: 'COVID crash',
  date: '2020-03-13',
  replayDate: '2020-03-13',
  days: 1,
  kind: 'event',
  briefing: 'The breaker tripped at 09:20.',
  watch: ['The halt'],
  nifty: { previousClose: 9590.15, open: 9107.6, high: 10159.4, low: 8555.15, close: 9955.2 },
  sources: ['Bundled daily history'],
};

export const market = (clock: string) => ({
  [`GET /api/stocks/indices?replayId=${ID}`]: () => ({
    body: {
      success: true,
      data: [quote('NIFTY50', 'NIFTY 50', clock < '2020-03-13T03:50' ? 9107.6 : 8600, -500)],
    },
  }),
  [`GET /api/stocks/movers?type=gainers&limit=8&replayId=${ID}`]: () => ({
    body: {
      success: true,
      type: 'gainers',
      data: [quote('RELIANCE', 'Reliance Industries Ltd.', 456.25, -10)],
    },
  }),
  [`GET /api/live-charts/historical/NIFTY50?period=1D&replayId=${ID}`]: () => ({
    body: {
      success: true,
      symbol: 'NIFTY50',
      period: '1D',
      interval: '1m',
      data: [],
      latest: null,
      marketOpen: true,
      exchange: 'NSE',
    },
  }),
});

export const PORTFOLIO_ID = '0b7e2a3c-1d4f-4e5a-9b6c-7d8e9f0a1b2c';

export function replayPortfolio(o: Partial<ReplayPortfolio> = {}): ReplayPortfolio {
  return {
    replayId: ID,
    portfolioId: PORTFOLIO_ID,
    clock: '2020-03-13T03:45:00.000Z',
    startingCash: 10_000,
    figures: {
      totalValue: 10_012.5,
      availableCash: 9_087.25,
      reserved: 0,
      invested: 912.75,
      holdingsValue: 925.25,
      unrealisedPnl: 12.5,
      unrealisedPnlPercent: 1.37,
      realisedPnl: 0,
      totalPnl: 12.5,
      daysPnl: 12.5,
      daysPnlPercent: 1.37,
      holdings: 1,
      positions: [],
    },
    chargesPaid: 0.75,
    positions: [
      {
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        sector: 'Energy',
        product: 'CNC',
        quantity: 2,
        averagePrice: 456.38,
        price: 462.63,
        unrealisedPnl: 12.5,
      },
    ],
    orders: [
      {
        id: 'ord-2',
        clientOrderId: 'client-ord-2',
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        side: 'SELL',
        orderType: 'LIMIT',
        product: 'CNC',
        quantity: 1,
        limitPrice: 480,
        triggerPrice: null,
        status: 'PENDING',
        statusReason: null,
        executionPrice: null,
        fees: 0,
        executedAt: null,
      },
      {
        id: 'ord-1',
        clientOrderId: 'client-ord-1',
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        side: 'BUY',
        orderType: 'MARKET',
        product: 'CNC',
        quantity: 2,
        limitPrice: null,
        triggerPrice: null,
        status: 'FILLED',
        statusReason: null,
        executionPrice: 456.25,
        fees: 0.75,
        executedAt: '2020-03-13T03:46:00.000Z',
      },
    ],
    ...o,
  };
}

export const tradingMarket = {
  [`GET /api/stocks/quote/RELIANCE?replayId=${ID}`]: () => ({
    body: { success: true, data: quote('RELIANCE', 'Reliance Industries Ltd.', 456.25, -10) },
  }),
  [`GET /api/live-charts/historical/RELIANCE?period=1D&replayId=${ID}`]: () => ({
    body: {
      success: true,
      symbol: 'RELIANCE',
      period: '1D',
      interval: '1m',
      data: [],
      latest: null,
      marketOpen: true,
      exchange: 'NSE',
    },
  }),
};

export const ticket = async () => within(await screen.findByRole('form', { name: 'Replay order' }));
