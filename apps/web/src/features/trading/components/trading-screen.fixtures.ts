import { afterEach, vi } from 'vitest';
import { toast } from 'sonner';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../../../test/render';
import { makeAccount, makeHolding, makeSummary, orderList } from '../../../test/trading-fixtures';
import { makeQuote, openMarketStatus, shellStubs } from '../../market/test/market-fixtures';

// The /trading screen's tests share these quotes, this account and these stubs.
export const reliance = makeQuote('RELIANCE', {
  name: 'Reliance Industries Ltd.',
  price: 1414.5,
  previousClose: 1402.2,
  change: 12.3,
  changePercent: 0.88,
});
export const tcs = makeQuote('TCS', {
  name: 'Tata Consultancy Services',
  price: 3100,
  previousClose: 3120,
  change: -20,
  changePercent: -0.64,
});
export const summary = (
  positions = [makeHolding('TCS', { quantity: 4, avgPrice: 3000, currentPrice: 3100 })],
) => ({
  success: true,
  data: makeSummary(positions, 9500, 500),
});

export function stubs(overrides: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  return stubFetch({
    ...shellStubs,
    'GET /api/virtual-money/account': () => ({
      body: { success: true, data: makeAccount({ availableCash: 9500, reserved: 500 }) },
    }),
    'GET /api/portfolio/summary': () => ({ body: summary() }),
    'GET /api/orders/all?status=PENDING&type=SELL&limit=100': () => ({ body: orderList([]) }),
    'GET /api/orders/all?limit=8': () => ({ body: orderList([]) }),
    'GET /api/stocks/movers?type=active&limit=12': () => ({
      body: { success: true, type: 'active', data: [reliance, tcs] },
    }),
    'GET /api/stocks/quote/RELIANCE': () => ({ body: { success: true, data: reliance } }),
    'GET /api/stocks/quote/TCS': () => ({ body: { success: true, data: tcs } }),
    'GET /api/live-charts/market-status/NSE': () => ({ body: openMarketStatus }),
    'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    ...overrides,
  });
}

export const panel = () => within(screen.getByRole('form', { name: /^Order / }));

/**
 * sonner keeps its toasts in module state; a toast left by one test must not crowd out the next
 * one's. Each test file calls this once.
 */
export function resetAfterEach() {
  afterEach(() => {
    toast.dismiss();
    vi.useRealTimers();
  });
}

/**
 * The ticket checks the intraday cut-off on its own clock before the server answers. In the
 * simulated session MIS closes 08:36–09:15 IST every day, so a test that chooses Intraday pins the
 * date inside the window (11:30 IST on a Thursday); only Date is faked, timers run as usual.
 */
export const insideMisWindow = () =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00.000Z') });
