import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeQuote, shellStubs } from '../../market/test/market-fixtures';
import { mergeCandles } from './stock-chart';

const history = (period: string) => () => ({
  body: {
    success: true,
    symbol: 'TCS',
    period,
    interval: '1m',
    data: [],
    latest: null,
    marketOpen: true,
    exchange: 'NSE',
    timestamp: '2026-11-21T10:00:00.000Z',
    message: 'ok',
  },
});

describe('charts screen', () => {
  it('reads ?symbol=, toggles live with its toasts (1D only) and marks indicator toggles pressed', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/stocks/quote/TCS': () => ({
        body: { success: true, data: makeQuote('TCS', { name: 'Tata Consultancy Services', price: 3012.4 }) },
      }),
      'GET /api/live-charts/historical/TCS?period=1D': history('1D'),
      'GET /api/live-charts/historical/TCS?period=5D': history('5D'),
      'GET /api/live-charts/market-status/NSE': () => ({
        body: {
          success: true,
          exchange: 'NSE',
          marketOpen: false,
          session: 'nse',
          label: 'NSE · closed',
          nextOpen: null,
          nextClose: null,
          timezone: 'Asia/Kolkata',
        },
      }),
      'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    });
    renderApp('/charts?symbol=tcs');
    expect(await screen.findByRole('heading', { name: 'Charts', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('₹3,012.40'));
    expect(screen.getByRole('button', { name: '1D', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Candlestick', pressed: true })).toBeInTheDocument();
    expect(await screen.findByText('No chart data available')).toBeInTheDocument();
    expect(screen.getByTestId('footer-market-cap')).toHaveTextContent('N/A');
    await waitFor(() =>
      expect(screen.getByTestId('market-status')).toHaveTextContent('Market closed: NSE · closed'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Go Live' }));
    expect(await screen.findByText('Live updates enabled')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pause Live' }));
    expect(await screen.findByText('Live updates paused')).toBeInTheDocument();

    const rsi = screen.getByRole('button', { name: 'RSI 14' });
    expect(rsi).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(rsi);
    expect(rsi).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: '5D' }));
    expect(screen.getByRole('button', { name: 'Go Live' })).toBeDisabled();
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'GET /api/live-charts/historical/TCS?period=5D')).toBe(true),
    );
  });
});

describe('mergeCandles', () => {
  const c = (time: number, close: number) => ({
    time,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  });
  it('replaces the candle a live tick updates, appends a new one, and keeps time order', () => {
    expect(mergeCandles([c(60, 1), c(120, 2)], [c(120, 3), c(180, 4)])).toEqual([
      c(60, 1),
      c(120, 3),
      c(180, 4),
    ]);
    const base = [c(60, 1)];
    expect(mergeCandles(base, [])).toBe(base);
  });
});
