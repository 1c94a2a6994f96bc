import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs } from '../../../test/render';
import { makeHolding, makeOrder, orderList } from '../../../test/trading-fixtures';
import { makeResult } from '../../market/test/market-fixtures';
import { panel, resetAfterEach, stubs, summary, tcs } from './trading-screen.fixtures';

resetAfterEach();

describe('/trading', () => {
  it('shows the account from the server, the most active stocks, and asks for a stock before ordering', async () => {
    signedInAs();
    stubs();
    renderApp('/trading');
    expect(await screen.findByRole('heading', { name: 'Trading', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-available-balance')).toHaveTextContent('₹9,500.00'));
    expect(
      screen
        .getByTestId('stat-available-balance')
        .closest('[data-stat-card]')
        ?.querySelector('[data-figure="reserved"]'),
    ).toHaveTextContent('₹500.00');
    // TCS: 4 × ₹3,100 live = ₹12,400 against ₹12,000 invested.
    await waitFor(() => expect(screen.getByTestId('stat-total-holdings')).toHaveTextContent('₹12,400.00'));
    expect(screen.getByTestId('stat-total-invested')).toHaveTextContent('₹12,000.00');
    expect(screen.getByTestId('stat-total-pnl')).toHaveTextContent('+₹400.00');
    expect(await screen.findByRole('heading', { name: 'Popular Stocks' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stock-row-RELIANCE')).toHaveTextContent('₹1,414.50'));
    expect(screen.getByText('Select a stock to place an order')).toBeInTheDocument();
    expect(screen.getByText('No orders yet. Pick a stock and place your first order.')).toBeInTheDocument();
  });

  it('moves the P&L with a live quote, without a reload', async () => {
    signedInAs();
    stubs();
    const { realtime } = renderApp('/trading');
    await waitFor(() => expect(screen.getByTestId('stat-total-pnl')).toHaveTextContent('+₹400.00'));
    await realtime.accept();
    await push(() =>
      realtime.latest.emit('quote', {
        symbol: 'TCS',
        price: 2950,
        change: -170,
        changePercent: -5.4,
        volume: 10,
        lastUpdated: '2026-11-21T10:05:00.000Z',
        lowerCircuit: null,
        upperCircuit: null,
        circuitLock: null,
        candle: { time: 1, open: 1, high: 1, low: 1, close: 1, volume: 1 },
      }),
    );
    expect(screen.getByTestId('stat-total-pnl')).toHaveTextContent('−₹200.00');
    expect(screen.getByTestId('row-price-TCS')).toHaveTextContent('₹2,950.00');
  });

  it('places a market buy with a clientOrderId, toasts the server message and lists the filled order', async () => {
    signedInAs();
    let placed = false;
    const filled = makeOrder({ quantity: 2 });
    const calls = stubs({
      'GET /api/orders/all?limit=8': () => ({ body: orderList(placed ? [filled] : []) }),
      'POST /api/orders/place': () => {
        placed = true;
        return {
          status: 201,
          body: { success: true, message: 'Buy order for 2 RELIANCE filled', data: { order: filled } },
        };
      },
    });
    renderApp('/trading');
    fireEvent.click(await screen.findByRole('button', { name: /^RELIANCE/ }));
    await waitFor(() => expect(screen.getByTestId('order-symbol')).toHaveTextContent('RELIANCE'));
    fireEvent.click(panel().getByRole('button', { name: 'Increase quantity' }));
    // 2 × ₹1,414.50 delivery + ₹6.70 of charges (STT 0.1% and stamp 0.015% on the buy).
    expect(panel().getByTestId('order-total')).toHaveTextContent('₹2,835.70');
    expect(panel().getByTestId('fee-stt')).toHaveTextContent('₹2.83');
    fireEvent.click(panel().getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Buy order for 2 RELIANCE filled')).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'POST /api/orders/place')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      symbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
      validity: 'DAY',
      product: 'CNC',
    });
    expect(typeof body.clientOrderId).toBe('string');
    const recent = within(await screen.findByRole('list', { name: 'Recent orders' }));
    expect(recent.getByTestId('recent-order-status')).toHaveTextContent('FILLED');
    // After submit the quantity goes back to 1.
    expect(panel().getByLabelText('Quantity')).toHaveValue('1');
  });

  it('keeps Place disabled without a quantity or a limit/trigger price, and sends the limit as a DAY order', async () => {
    signedInAs();
    const calls = stubs({
      'POST /api/orders/place': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Buy limit order for 1 RELIANCE placed',
          data: {
            order: makeOrder({
              orderType: 'LIMIT',
              status: 'PENDING',
              quantity: 1,
              limitPrice: 1400,
              price: 1400,
              executionPrice: null,
              total: null,
            }),
          },
        },
      }),
    });
    renderApp('/trading?symbol=RELIANCE');
    const submit = await screen.findByRole('button', { name: 'Place Buy Order' });
    fireEvent.change(panel().getByLabelText('Quantity'), { target: { value: '' } });
    expect(submit).toBeDisabled();
    fireEvent.change(panel().getByLabelText('Quantity'), { target: { value: '1' } });
    expect(submit).toBeEnabled();
    fireEvent.click(panel().getByRole('button', { name: 'Limit' }));
    expect(submit).toBeDisabled();
    fireEvent.change(panel().getByLabelText('Limit Price'), { target: { value: '1400' } });
    // No GTC: the validity is Day, and the standing order is named.
    expect(panel().getByTestId('order-validity')).toHaveTextContent('Validity: Day');
    expect(panel().getByTestId('order-validity')).toHaveTextContent('set a GTT (good-till-triggered)');
    expect(panel().queryByRole('option', { name: /good till cancelled/i })).not.toBeInTheDocument();
    fireEvent.click(panel().getByRole('button', { name: 'Stop' }));
    expect(submit).toBeDisabled();
    fireEvent.change(panel().getByLabelText('Trigger Price'), { target: { value: '1450' } });
    expect(submit).toBeEnabled();
    fireEvent.click(panel().getByRole('button', { name: 'Limit' }));
    fireEvent.click(submit);
    expect(await screen.findByText('Buy limit order for 1 RELIANCE placed')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({
      orderType: 'LIMIT',
      price: 1400,
      validity: 'DAY',
      quantity: 1,
    });
  });

  it('shows "Order failed" with the server reason, and reuses the clientOrderId when the same order is retried after a lost answer', async () => {
    signedInAs();
    let attempt = 0;
    const calls = stubs({
      'POST /api/orders/place': () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 503,
              body: {
                success: false,
                message: 'Service temporarily unavailable. Please try again later.',
                code: 'SERVICE_UNAVAILABLE',
              },
            }
          : {
              status: 422,
              body: {
                success: false,
                message: 'Insufficient balance. Required: ₹1,418.04, Available: ₹100.00',
                code: 'INSUFFICIENT_FUNDS',
              },
            };
      },
    });
    renderApp('/trading?symbol=RELIANCE&type=buy');
    fireEvent.click(await screen.findByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Order failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Buy Order' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(
      await screen.findByText('Insufficient balance. Required: ₹1,418.04, Available: ₹100.00'),
    ).toBeInTheDocument();
    const ids = calls
      .filter((c) => c.key === 'POST /api/orders/place')
      .map((c) => (c.body as { clientOrderId: string }).clientOrderId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('reads ?type=sell and offers what is held, not reserved', async () => {
    signedInAs();
    stubs({
      'GET /api/portfolio/summary': () => ({
        body: summary([
          makeHolding('TCS', { quantity: 4, reservedQuantity: 1, avgPrice: 3000, currentPrice: 3100 }),
        ]),
      }),
    });
    renderApp('/trading?symbol=TCS&type=sell');
    expect(await screen.findByRole('button', { name: 'Place Sell Order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
    // 4 held, 1 reserved by a resting sell.
    await waitFor(() => expect(panel().getByText('Shares available').nextSibling).toHaveTextContent('3'));
    fireEvent.change(panel().getByLabelText('Quantity'), { target: { value: '5' } });
    // The button is disabled with the server's own reason beside it.
    expect(panel().getByRole('button', { name: 'Place Sell Order' })).toBeDisabled();
    expect(panel().getByTestId('order-disabled-reason')).toHaveTextContent(
      'Insufficient holdings. You have 3 shares free to sell, trying to sell 5',
    );
  });

  it("offers the server's sellable quantity, right past 100 resting sells", async () => {
    signedInAs();
    // 150 held, 120 of them in one-share resting sells; an open-orders page holds only 100 of those.
    const page = Array.from({ length: 100 }, () =>
      makeOrder({
        symbol: 'TCS',
        type: 'SELL',
        orderType: 'LIMIT',
        status: 'PENDING',
        quantity: 1,
        executionPrice: null,
        total: null,
      }),
    );
    stubs({
      'GET /api/portfolio/summary': () => ({
        body: summary([
          makeHolding('TCS', { quantity: 150, reservedQuantity: 120, avgPrice: 3000, currentPrice: 3100 }),
        ]),
      }),
      'GET /api/orders/all?status=PENDING&type=SELL&limit=100': () => ({ body: orderList(page) }),
    });
    renderApp('/trading?symbol=TCS&type=sell');
    expect(await screen.findByRole('button', { name: 'Place Sell Order' })).toBeInTheDocument();
    await waitFor(() => expect(panel().getByText('Shares available').nextSibling).toHaveTextContent('30'));
  });

  it('double click opens the stock page; right click offers the actions, Quick Sell only for a holding', async () => {
    signedInAs();
    stubs();
    const { router } = renderApp('/trading');
    const row = await screen.findByRole('button', { name: /^RELIANCE/ });
    fireEvent.contextMenu(row, { clientX: 100, clientY: 100 });
    const menu = within(screen.getByRole('menu', { name: 'Actions for RELIANCE' }));
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Quick SellYou hold no RELIANCE shares to sell',
      'Enhanced Order',
      'View Chart',
      'Add to Watchlist',
      'View Details',
    ]);
    expect(menu.getByRole('menuitem', { name: /Quick Sell/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    fireEvent.contextMenu(screen.getByRole('button', { name: /^TCS/ }), { clientX: 100, clientY: 140 });
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Quick Sell' }),
    ).not.toHaveAttribute('aria-disabled');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'View Chart' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/charts?symbol=TCS');
  });

  it('double click opens /stock/{symbol}', async () => {
    signedInAs();
    stubs();
    const { router } = renderApp('/trading');
    fireEvent.doubleClick(await screen.findByRole('button', { name: /^RELIANCE/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/RELIANCE'));
  });

  it('searches the market from ?search, keeps the search in history, and says when nothing matches', async () => {
    signedInAs();
    stubs({
      'GET /api/stocks/search?query=tata&limit=20': () => ({
        body: { success: true, data: [makeResult('TCS', 'Tata Consultancy Services')] },
      }),
      'GET /api/stocks/quotes?symbols=TCS': () => ({ body: { success: true, data: [tcs] } }),
      'GET /api/stocks/search?query=zzzz&limit=20': () => ({ body: { success: true, data: [] } }),
    });
    renderApp('/trading?search=tata');
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /^TCS/ }));
    await waitFor(() => expect(screen.getByTestId('order-symbol')).toHaveTextContent('TCS'));
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')[0]).toMatchObject({
      query: 'tata',
      resultsCount: 1,
      hasResults: true,
    });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stocks' }), { target: { value: 'zzzz' } });
    expect(await screen.findByText('No stocks found for "zzzz"')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stocks' }), { target: { value: '' } });
    expect(await screen.findByRole('group', { name: 'Recent searches' })).toHaveTextContent('tata');
  });
});
