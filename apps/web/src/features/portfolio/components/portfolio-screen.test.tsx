import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeHolding, makeOrder, makeSummary } from '../../../test/trading-fixtures';
import { openMarketStatus, shellStubs } from '../../market/test/market-fixtures';

const holdings = [
  makeHolding('TCS', { quantity: 1, avgPrice: 3000, currentPrice: 3100 }),
  makeHolding('RELIANCE', { quantity: 2, avgPrice: 1500.5, currentPrice: 1450 }),
  makeHolding('INFY', { quantity: 3, avgPrice: 1400, currentPrice: 1500 }),
];

function stubs(extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  return stubFetch({
    ...shellStubs,
    'GET /api/portfolio/summary': () => ({ body: { success: true, data: makeSummary(holdings, 4321.5) } }),
    'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    ...extra,
  });
}

const rowSymbols = () =>
  within(screen.getByTestId('holdings-table'))
    .getAllByRole('rowheader')
    .map((th) => th.querySelector('a')?.textContent);

describe('portfolio screen', () => {
  it('lists holdings by value with their P&L and filters gainers and losers', async () => {
    signedInAs();
    stubs();
    renderApp('/portfolio');
    expect(await screen.findByTestId('holdings-table')).toBeInTheDocument();
    expect(rowSymbols()).toEqual(['INFY', 'TCS', 'RELIANCE']);
    expect(screen.getByTestId('portfolio-cash')).toHaveTextContent('₹4,321.50');
    const reliance = screen.getByTestId('holding-RELIANCE');
    expect(within(reliance).getByTestId('holding-avg-price')).toHaveTextContent('₹1,500.50');
    expect(within(reliance).getByTestId('holding-pnl')).toHaveTextContent('−₹101.00');
    expect(within(reliance).getByRole('link', { name: 'Buy RELIANCE' })).toHaveAttribute(
      'href',
      '/trading?symbol=RELIANCE&type=BUY&product=CNC',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Gainers Only' }));
    expect(rowSymbols()).toEqual(['INFY', 'TCS']);
    fireEvent.click(screen.getByRole('button', { name: 'Losers Only' }));
    expect(rowSymbols()).toEqual(['RELIANCE']);
  });

  it('shows the empty states', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/portfolio/summary': () => ({
        body: { success: true, data: makeSummary([makeHolding('TCS', { currentPrice: 90 })]) },
      }),
      'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    });
    renderApp('/portfolio');
    expect(await screen.findByTestId('holdings-table')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Gainers Only' }));
    expect(screen.getByText('No Gainers Found')).toBeInTheDocument();
  });

  it('says No Holdings Yet for a new account', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/portfolio/summary': () => ({ body: { success: true, data: makeSummary([]) } }),
    });
    renderApp('/portfolio');
    expect(await screen.findByText('No Holdings Yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Losers Only' }));
    expect(screen.getByText('No Holdings Yet')).toBeInTheDocument();
  });

  it('sell: rejects bad input and over-holding, then sells at the shown price', async () => {
    signedInAs();
    const calls = stubs({
      'POST /api/virtual-money/sell': () => ({
        body: {
          success: true,
          message: 'Sold 1 RELIANCE at ₹1,450.00',
          data: { order: makeOrder({ type: 'SELL', symbol: 'RELIANCE', price: 1450 }) },
        },
      }),
    });
    renderApp('/portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Sell RELIANCE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell RELIANCE' });
    const input = within(dialog).getByLabelText('Number of shares');
    expect(input).toHaveValue('2');

    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(within(dialog).getByText('Please enter a valid number of shares')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(within(dialog).getByText('Please enter a valid number of shares')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(within(dialog).getByText('You only have 2 shares available')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/virtual-money/sell')).toBe(false);

    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Sold 1 RELIANCE at ₹1,450.00')).toBeInTheDocument();
    const sell = calls.find((c) => c.key === 'POST /api/virtual-money/sell');
    expect(sell?.body).toMatchObject({ stockSymbol: 'RELIANCE', quantity: 1, price: 1450, product: 'CNC' });
    expect((sell?.body as { clientOrderId: string }).clientOrderId).toHaveLength(36);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server refusal when a sell fails', async () => {
    signedInAs();
    stubs({
      'POST /api/virtual-money/sell': () => ({
        status: 422,
        body: { success: false, message: 'Price changed, please review', code: 'PRICE_CHANGED' },
      }),
    });
    renderApp('/portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Sell TCS' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Price changed, please review')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('moves value and P&L with live ticks', async () => {
    signedInAs();
    stubs();
    const { realtime } = renderApp('/portfolio');
    const row = await screen.findByTestId('holding-TCS');
    await realtime.accept();
    await push(() =>
      realtime.latest.emit('quote', {
        symbol: 'TCS',
        price: 3200,
        change: 50,
        changePercent: 1.6,
        volume: 1,
        lastUpdated: '2026-11-21T10:00:09.000Z',
        lowerCircuit: null,
        upperCircuit: null,
        circuitLock: null,
        candle: { time: 1, open: 3200, high: 3200, low: 3200, close: 3200, volume: 1 },
      }),
    );
    await waitFor(() => expect(within(row).getByTestId('holding-value')).toHaveTextContent('₹3,200.00'));
    expect(within(row).getByTestId('holding-pnl')).toHaveTextContent('+₹200.00');
  });

  it('highlights the holding just bought for five seconds', async () => {
    signedInAs();
    stubs();
    renderApp({ pathname: '/portfolio', state: { purchasedSymbol: 'TCS', showPurchaseSuccess: true } });
    expect(await screen.findByText(/Purchase successful! TCS is now in your portfolio/)).toBeInTheDocument();
    expect(await screen.findByTestId('holding-TCS')).toHaveAttribute('data-highlighted', 'true');
    await waitFor(() => expect(screen.queryByText(/Purchase successful!/)).not.toBeInTheDocument(), {
      timeout: 7000,
    });
    expect(screen.getByTestId('holding-TCS')).not.toHaveAttribute('data-highlighted');
  }, 10_000);
});

describe('holdings and intraday positions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const split = [
    makeHolding('TCS', { quantity: 2, avgPrice: 3000, currentPrice: 3100, product: 'CNC' }),
    makeHolding('TCS', { quantity: 5, avgPrice: 3050, currentPrice: 3100, product: 'MIS' }),
    makeHolding('INFY', { quantity: 1, avgPrice: 1400, currentPrice: 1500, product: 'CNC' }),
  ];

  it('shows delivery holdings and intraday positions apart, the same symbol in both, with the square-off time', async () => {
    // 11:30 IST in the simulated always-open session: its cut-off is 08:36 IST the next morning.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T06:00:00.000Z') });
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/portfolio/summary': () => ({ body: { success: true, data: makeSummary(split) } }),
      'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
      'GET /api/live-charts/market-status/NSE': () => ({ body: openMarketStatus }),
      'POST /api/virtual-money/sell': () => ({
        body: {
          success: true,
          message: 'Sold 5 TCS at ₹3,100.00',
          data: { order: makeOrder({ type: 'SELL', symbol: 'TCS', product: 'MIS' }) },
        },
      }),
    });
    renderApp('/portfolio');
    const holdings = within(await screen.findByRole('region', { name: /^Holdings Delivery/ }));
    const intraday = within(screen.getByRole('region', { name: /^Intraday positions Intraday/ }));
    expect(holdings.getAllByRole('rowheader').map((th) => th.querySelector('a')?.textContent)).toEqual([
      'TCS',
      'INFY',
    ]);
    expect(holdings.getByTestId('holding-TCS')).toHaveTextContent('2');
    expect(intraday.getAllByRole('rowheader')).toHaveLength(1);
    expect(within(intraday.getByTestId('holding-TCS')).getByTestId('holding-quantity')).toHaveTextContent(
      '5',
    );
    // Each row carries its own position's figures, not the other product's of the same symbol.
    expect(within(holdings.getByTestId('holding-TCS')).getByTestId('holding-pnl')).toHaveTextContent(
      '+₹200.00',
    );
    expect(within(intraday.getByTestId('holding-TCS')).getByTestId('holding-pnl')).toHaveTextContent(
      '+₹250.00',
    );
    expect(await intraday.findByTestId('intraday-squareoff')).toHaveTextContent(
      'Open intraday positions will be squared off at the market at 08:36 IST (15:20 of the simulated session).',
    );
    expect(intraday.getByRole('link', { name: 'Buy TCS' })).toHaveAttribute(
      'href',
      '/trading?symbol=TCS&type=BUY&product=MIS',
    );

    // Selling the intraday row sells the intraday position.
    fireEvent.click(intraday.getByRole('button', { name: 'Sell TCS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell TCS' });
    expect(within(dialog).getByLabelText('Number of shares')).toHaveValue('5');
    expect(within(dialog).queryByTestId('fee-dpCharge')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Sold 5 TCS at ₹3,100.00')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/virtual-money/sell')?.body).toMatchObject({
      stockSymbol: 'TCS',
      quantity: 5,
      product: 'MIS',
    });
  });

  it('says what each section is when it is empty, and a delivery sell shows its DP charge', async () => {
    signedInAs();
    stubs();
    renderApp('/portfolio');
    const intraday = within(await screen.findByRole('region', { name: /^Intraday positions Intraday/ }));
    expect(intraday.getByText('No Intraday Positions')).toBeInTheDocument();
    expect(intraday.getByText(/Intraday \(MIS\) buys are for closing the same day/)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell TCS' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell TCS' }));
    expect(dialog.getByTestId('fee-dpCharge')).toHaveTextContent('₹15.34');
    expect(dialog.getByTestId('fee-dpCharge')).toHaveTextContent(
      'per scrip per sell day, delivery sells only',
    );
  });
});

describe('portfolio on a phone', () => {
  it('shows one card per holding with the same figures and actions', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      signedInAs();
      stubs();
      renderApp('/portfolio');
      const list = await screen.findByTestId('holdings-list');
      expect(screen.queryByTestId('holdings-table')).not.toBeInTheDocument();
      const card = within(list).getByTestId('holding-RELIANCE');
      expect(within(card).getByTestId('holding-quantity')).toHaveTextContent('2');
      expect(within(card).getByTestId('holding-pnl')).toHaveTextContent('−₹101.00');
      fireEvent.click(within(card).getByRole('button', { name: 'Sell RELIANCE' }));
      expect(await screen.findByRole('dialog', { name: 'Sell RELIANCE' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
