import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeQuote, shellStubs } from '../../market/test/market-fixtures';

const profile = {
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd.',
  exchange: 'NSE',
  currency: 'INR',
  sector: 'Energy',
  industry: 'Refineries & Marketing',
  isin: 'INE002A01018',
  bseCode: '500325',
  description: 'Reliance Industries Limited is an Indian conglomerate.',
  beta: 0.94,
  marketCap: null,
  pe: null,
  eps: null,
  dividendYield: null,
};
const emptyHistory = {
  success: true,
  symbol: 'RELIANCE',
  period: '1D',
  interval: '1m',
  data: [],
  latest: null,
  marketOpen: true,
  exchange: 'NSE',
  timestamp: '2026-11-21T10:00:00.000Z',
  message: 'ok',
};

const stubs = {
  ...shellStubs,
  'GET /api/stocks/quote/RELIANCE': () => ({
    body: {
      success: true,
      data: makeQuote('RELIANCE', {
        name: 'Reliance Industries Ltd.',
        price: 1414.5,
        change: 12.3,
        changePercent: 0.88,
        dayLow: 1400,
        dayHigh: 1420,
      }),
    },
  }),
  'GET /api/stocks/RELIANCE/profile': () => ({ body: { success: true, data: profile } }),
  'GET /api/live-charts/historical/RELIANCE?period=1D': () => ({ body: emptyHistory }),
  'GET /api/live-charts/market-status/NSE': () => ({
    body: {
      success: true,
      exchange: 'NSE',
      marketOpen: true,
      session: 'always-open',
      label: 'Simulated market · open 24×7',
      nextOpen: null,
      nextClose: null,
      timezone: 'Asia/Kolkata',
    },
  }),
  'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
};

describe('stock detail', () => {
  it('shows the live price, ranges, and "—" for fundamentals no source provides', async () => {
    signedInAs();
    stubFetch(stubs);
    renderApp('/stock/reliance');
    expect(await screen.findByText('Loading stock details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'RELIANCE', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('live-price')).toHaveTextContent('₹1,414.50');
    expect(screen.getByTestId('day-range')).toHaveTextContent('₹1,400.00 – ₹1,420.00');
    for (const id of ['year-range', 'avg-volume', 'market-cap', 'pe'])
      expect(screen.getByTestId(id)).toHaveTextContent('—');
    expect(await screen.findByTestId('beta')).toHaveTextContent('0.94');
    for (const id of ['eps', 'dividend-yield']) expect(screen.getByTestId(id)).toHaveTextContent('—');
    expect(screen.getByTestId('sector')).toHaveTextContent('Energy');
    expect(screen.getByTestId('industry')).toHaveTextContent('Refineries & Marketing');
    expect(screen.getByTestId('description')).toHaveTextContent(
      'Reliance Industries Limited is an Indian conglomerate.',
    );
    // No fake buy panel: the control is there, disabled, with its reason.
    expect(screen.getByRole('button', { name: 'Buy RELIANCE' })).toBeDisabled();
    expect(screen.getByText('Trading opens in a later release')).toBeInTheDocument();
    // The chart loads on its own; an empty history says so and offers a refresh.
    expect(await screen.findByText('No chart data available')).toBeInTheDocument();
    expect(await screen.findByTestId('market-status')).toHaveTextContent('Simulated market · open 24×7');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Stock data refreshed')).toBeInTheDocument();
  });

  it('shows "Error Loading Stock" with "Stock not found" for an unknown symbol', async () => {
    signedInAs();
    stubFetch({
      ...stubs,
      'GET /api/stocks/quote/NOPE': () => ({
        status: 404,
        body: { success: false, message: 'Stock not found', code: 'NOT_FOUND' },
      }),
      'GET /api/stocks/NOPE/profile': () => ({
        status: 404,
        body: { success: false, message: 'Company profile not found', code: 'NOT_FOUND' },
      }),
    });
    renderApp('/stock/NOPE');
    expect(await screen.findByRole('heading', { name: 'Error Loading Stock' })).toBeInTheDocument();
    expect(screen.getByText('Stock not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
