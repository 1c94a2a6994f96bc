import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeQuote, openMarketStatus, shellStubs } from '../../market/test/market-fixtures';
import { makeAccount, makeHolding, makeOrder, makeSummary } from '../../../test/trading-fixtures';

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
  'GET /api/live-charts/market-status/NSE': () => ({ body: openMarketStatus }),
  'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
  'GET /api/virtual-money/account': () => ({ body: { success: true, data: makeAccount() } }),
};

describe('stock detail', () => {
  it('counts the shares held for delivery and intraday, and opens a sell on a product with free shares', async () => {
    signedInAs();
    stubFetch({
      ...stubs,
      'GET /api/portfolio/summary': () => ({
        body: {
          success: true,
          data: makeSummary([
            makeHolding('RELIANCE', { quantity: 3, product: 'CNC', reservedQuantity: 3 }),
            makeHolding('RELIANCE', { quantity: 2, product: 'MIS' }),
          ]),
        },
      }),
    });
    renderApp('/stock/reliance');
    const held = await screen.findByTestId('you-hold');
    await waitFor(() =>
      expect(held).toHaveTextContent('You hold 5 shares · 2 shares intraday · 3 shares in a resting sell'),
    );
    expect(screen.getByRole('link', { name: 'Sell RELIANCE' })).toHaveAttribute(
      'href',
      '/trading?symbol=RELIANCE&type=SELL&product=MIS',
    );
  });

  it('shows the operating range of a stock with derivatives, and no lock badge while it trades', async () => {
    signedInAs();
    stubFetch({
      ...stubs,
      'GET /api/stocks/quote/RELIANCE': () => ({
        body: {
          success: true,
          data: makeQuote('RELIANCE', {
            price: 1414.5,
            previousClose: 1400,
            bandClass: 'DYNAMIC',
            lowerCircuit: 1260,
            upperCircuit: 1540,
          }),
        },
      }),
    });
    renderApp('/stock/reliance');
    const range = await screen.findByTestId('circuit-range');
    expect(range).toHaveTextContent('₹1,260.00 – ₹1,540.00');
    expect(range.parentElement).toHaveTextContent('Operating range');
    expect(screen.queryByTestId('circuit-lock')).not.toBeInTheDocument();
  });

  it('marks a stock locked at its upper circuit and disables the buy with the reason', async () => {
    signedInAs();
    stubFetch({
      ...stubs,
      'GET /api/stocks/quote/RELIANCE': () => ({
        body: {
          success: true,
          data: makeQuote('RELIANCE', {
            price: 1050,
            previousClose: 1000,
            bandClass: '5%',
            lowerCircuit: 950,
            upperCircuit: 1050,
            circuitLock: 'UPPER',
          }),
        },
      }),
    });
    renderApp('/stock/reliance');
    expect(await screen.findByTestId('circuit-lock')).toHaveTextContent('Upper circuit');
    expect(screen.getByTestId('circuit-range').parentElement).toHaveTextContent('Circuit');
    expect(screen.getByTestId('circuit-range')).toHaveTextContent('₹950.00 – ₹1,050.00');
    expect(await screen.findByTestId('buy-disabled-reason')).toHaveTextContent(
      'Locked at upper circuit ₹1,050.00: no sellers',
    );
  });

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
    await waitFor(() => expect(screen.getByTestId('beta')).toHaveTextContent('0.94'));
    for (const id of ['eps', 'dividend-yield']) expect(screen.getByTestId(id)).toHaveTextContent('—');
    expect(screen.getByTestId('sector')).toHaveTextContent('Energy');
    expect(screen.getByTestId('industry')).toHaveTextContent('Refineries & Marketing');
    expect(screen.getByTestId('description')).toHaveTextContent(
      'Reliance Industries Limited is an Indian conglomerate.',
    );
    expect(screen.getByRole('heading', { name: 'Buy RELIANCE' })).toBeInTheDocument();
    // The chart loads on its own; an empty history says so and offers a refresh.
    expect(await screen.findByText('No chart data available')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('market-status')).toHaveTextContent('Simulated market · open 24×7'),
    );
    // What the clock is can be read by keyboard and screen readers, not only on hover.
    expect(screen.getByRole('button', { name: 'What is the market clock?' })).toHaveAccessibleDescription(
      /stretched over 24 hours \(busiest from 09:15 IST\)/,
    );

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

  describe('buy panel', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const slider = () => screen.getByRole('slider', { name: 'Slide to Buy' });

    it('sums price × quantity with the fees, reads a bad quantity as 1, and blocks a buy the cash cannot cover', async () => {
      // 11:30 IST: the simulated session's intraday window is open, so Intraday can be chosen.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T06:00:00.000Z') });
      signedInAs();
      stubFetch({
        ...stubs,
        'GET /api/virtual-money/account': () => ({
          body: { success: true, data: makeAccount({ availableCash: 5000 }) },
        }),
      });
      renderApp('/stock/RELIANCE');
      const panel = within(
        (await screen.findByRole('heading', { name: 'Buy RELIANCE' })).closest('section')!,
      );
      expect(await panel.findByTestId('buy-available-cash')).toHaveTextContent('₹5,000.00');
      // 2 × ₹1,414.50 = ₹2,829 plus ₹6.70 of delivery charges (STT 0.1%, stamp 0.015%).
      fireEvent.click(panel.getByRole('button', { name: 'Increase quantity' }));
      expect(panel.getByTestId('buy-total')).toHaveTextContent('₹2,835.70');
      // Intraday costs ₹3.53: no STT on the buy, stamp 0.003%.
      fireEvent.click(panel.getByRole('button', { name: 'Intraday (MIS)' }));
      expect(panel.getByTestId('buy-total')).toHaveTextContent('₹2,832.53');
      fireEvent.click(panel.getByRole('button', { name: 'Delivery (CNC)' }));
      expect(panel.getByTestId('buy-quantity')).toHaveTextContent('2');
      expect(panel.queryByText(/^Insufficient balance/)).not.toBeInTheDocument();

      const input = panel.getByLabelText('Quantity');
      fireEvent.change(input, { target: { value: '4' } });
      expect(panel.getByText(/^Insufficient balance\. Required: /)).toBeInTheDocument();
      expect(panel.getByTestId('buy-available-cash').className).toContain('text-red-700');
      expect(slider()).toHaveAttribute('aria-disabled', 'true');

      fireEvent.change(input, { target: { value: '' } });
      fireEvent.blur(input);
      expect(input).toHaveValue(1);
      expect(panel.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    });

    it('disables Intraday after the simulated cut-off, with the reason and the time', async () => {
      // 08:50 IST: always-open mode's cut-off (08:36 IST, 365/375 of the day after 09:15) has passed.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:20:00.000Z') });
      signedInAs();
      stubFetch(stubs);
      renderApp('/stock/RELIANCE');
      const panel = within(
        (await screen.findByRole('heading', { name: 'Buy RELIANCE' })).closest('section')!,
      );
      await waitFor(() => expect(panel.getByRole('button', { name: 'Intraday (MIS)' })).toBeDisabled());
      expect(panel.getByTestId('product-cutoff-note')).toHaveTextContent(
        'Intraday orders closed at 08:36 IST (15:20 of the simulated session); new orders today are Delivery',
      );
      expect(panel.getByRole('button', { name: 'Delivery (CNC)' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('buys at the price shown, toasts, and opens the portfolio 1.5 s later', async () => {
      signedInAs();
      const calls = stubFetch({
        ...stubs,
        'POST /api/virtual-money/buy': () => ({
          body: { success: true, message: 'Bought 1 RELIANCE', data: { order: makeOrder({ quantity: 1 }) } },
        }),
      });
      const { router } = renderApp('/stock/RELIANCE');
      await screen.findByRole('heading', { name: 'Buy RELIANCE' });
      await waitFor(() => expect(slider()).toHaveAttribute('aria-disabled', 'false'));
      fireEvent.keyDown(slider(), { key: 'Enter' });
      expect(await screen.findByText('Successfully bought 1 share of RELIANCE!')).toBeInTheDocument();
      const buy = calls.find((c) => c.key === 'POST /api/virtual-money/buy');
      expect(buy?.body).toMatchObject({
        stockSymbol: 'RELIANCE',
        quantity: 1,
        price: 1414.5,
        product: 'CNC',
      });
      expect(String((buy?.body as { clientOrderId: string }).clientOrderId).length).toBeGreaterThanOrEqual(8);
      expect(slider()).toHaveAttribute('aria-valuetext', 'Processing...');
      await waitFor(() => expect(router.state.location.pathname).toBe('/portfolio'), { timeout: 3000 });
      expect(router.state.location.state).toEqual({ purchasedSymbol: 'RELIANCE', showPurchaseSuccess: true });
    });

    it('shows the server reason when the buy fails and resets the slider', async () => {
      signedInAs();
      stubFetch({
        ...stubs,
        'POST /api/virtual-money/buy': () => ({
          status: 409,
          body: { success: false, message: 'Price changed, please review', code: 'PRICE_CHANGED' },
        }),
      });
      const { router } = renderApp('/stock/RELIANCE');
      await screen.findByRole('heading', { name: 'Buy RELIANCE' });
      await waitFor(() => expect(slider()).toHaveAttribute('aria-disabled', 'false'));
      fireEvent.keyDown(slider(), { key: 'Enter' });
      expect(await screen.findByText('Price changed, please review')).toBeInTheDocument();
      await waitFor(() => expect(slider()).toHaveAttribute('aria-valuenow', '0'));
      expect(slider()).toHaveAttribute('aria-valuetext', 'Slide to Buy');
      expect(router.state.location.pathname).toBe('/stock/RELIANCE');
    });
  });
});
