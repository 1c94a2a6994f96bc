import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@nivesh/shared';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';
import {
  makeAccount,
  makeHolding,
  makeOrder,
  makePreview,
  makeSummary,
  orderList,
} from '../../../test/trading-fixtures';
import { makeQuote, makeResult, openMarketStatus, shellStubs } from '../../market/test/market-fixtures';

const reliance = makeQuote('RELIANCE', {
  name: 'Reliance Industries Ltd.',
  price: 1414.5,
  previousClose: 1402.2,
  change: 12.3,
  changePercent: 0.88,
});
const tcs = makeQuote('TCS', {
  name: 'Tata Consultancy Services',
  price: 3100,
  previousClose: 3120,
  change: -20,
  changePercent: -0.64,
});
const summary = (positions = [makeHolding('TCS', { quantity: 4, avgPrice: 3000, currentPrice: 3100 })]) => ({
  success: true,
  data: makeSummary(positions, 9500, 500),
});

function stubs(overrides: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
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

const panel = () => within(screen.getByRole('form', { name: /^Order / }));

// sonner keeps its toasts in module state; a toast left by one test must not crowd out the next one's.
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

/**
 * The ticket checks the intraday cut-off on its own clock before the server answers. In the
 * simulated session MIS closes 08:36–09:15 IST every day, so a test that chooses Intraday pins the
 * date inside the window (11:30 IST on a Thursday); only Date is faked, timers run as usual.
 */
const insideMisWindow = () =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00.000Z') });

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

describe('fill toasts', () => {
  /** The tab name an order command carries; every command this tab sends names it. */
  const askingTab = (init: RequestInit | undefined) => {
    const tab = (init?.headers as Record<string, string> | undefined)?.['x-nivesh-tab'];
    expect(tab).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    return tab;
  };
  const fillNote = (orderId: string, message: string): Notification => ({
    id: `note-${orderId}`,
    type: 'success',
    title: 'Order filled',
    message,
    link: '/orders',
    read: false,
    readAt: null,
    createdAt: new Date().toISOString(),
    data: { orderId },
  });

  it('shows one toast for a market order this tab placed, and the notification toast for a matcher fill', async () => {
    signedInAs();
    const mine = makeOrder({ quantity: 2 });
    let server: ReturnType<typeof renderApp>['realtime'] | null = null;
    stubs({
      'POST /api/orders/place': (init) => {
        const { clientOrderId } = JSON.parse(String(init?.body)) as { clientOrderId: string };
        const order = { ...mine, clientOrderId };
        // The server announces the fill before it answers the request, naming the tab that asked.
        const tab = askingTab(init);
        server!.latest.emit('order-update', { order, tab });
        server!.latest.emit('notification', { ...fillNote(order.id, 'Bought 2 RELIANCE at ₹1,414.50'), tab });
        return {
          status: 201,
          body: { success: true, message: 'Buy order for 2 RELIANCE filled', data: { order } },
        };
      },
    });
    const { realtime } = renderApp('/trading?symbol=RELIANCE');
    server = realtime;
    await screen.findByRole('button', { name: 'Place Buy Order' });
    await realtime.accept();
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Buy order for 2 RELIANCE filled')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Order filled')).not.toBeInTheDocument();

    const resting = makeOrder({ orderType: 'LIMIT', quantity: 1, executionPrice: 1399.9 });
    await push(() => {
      realtime.latest.emit('order-update', { order: resting });
      realtime.latest.emit('notification', fillNote(resting.id, 'Bought 1 RELIANCE at ₹1,399.90'));
    });
    expect(await screen.findAllByText('Order filled')).toHaveLength(1);
    expect(screen.getByText('Bought 1 RELIANCE at ₹1,399.90')).toBeInTheDocument();
  });

  it('toasts the matcher fill of a limit order this tab placed, even seconds after placing it', async () => {
    signedInAs();
    let server: ReturnType<typeof renderApp>['realtime'] | null = null;
    let resting = makeOrder();
    stubs({
      'POST /api/orders/place': (init) => {
        const { clientOrderId } = JSON.parse(String(init?.body)) as { clientOrderId: string };
        resting = makeOrder({
          clientOrderId,
          orderType: 'LIMIT',
          status: 'PENDING',
          quantity: 1,
          limitPrice: 1400,
          executionPrice: null,
          total: null,
        });
        server!.latest.emit('order-update', { order: resting, tab: askingTab(init) });
        return {
          status: 201,
          body: { success: true, message: 'Buy limit order for 1 RELIANCE placed', data: { order: resting } },
        };
      },
    });
    const { realtime } = renderApp('/trading?symbol=RELIANCE');
    server = realtime;
    await screen.findByRole('button', { name: 'Place Buy Order' });
    await realtime.accept();
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(panel().getByLabelText('Limit Price'), { target: { value: '1400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Buy limit order for 1 RELIANCE placed')).toBeInTheDocument();
    const filled = { ...resting, status: 'FILLED' as const, executionPrice: 1400, total: 1401.72 };
    await push(() => {
      realtime.latest.emit('order-update', { order: filled });
      realtime.latest.emit('notification', fillNote(filled.id, 'Bought 1 RELIANCE at ₹1,400.00'));
    });
    expect(await screen.findByText('Order filled')).toBeInTheDocument();
    expect(screen.getByText('Bought 1 RELIANCE at ₹1,400.00')).toBeInTheDocument();
  });

  it('toasts a fill another tab of the same user asked for', async () => {
    signedInAs();
    const { realtime } = renderApp('/trading');
    await screen.findByTestId('stat-available-balance');
    await realtime.accept();
    const theirs = makeOrder({ quantity: 5, executionPrice: 1414.5 });
    await push(() => {
      realtime.latest.emit('order-update', { order: theirs, tab: 'another-tab-1234' });
      realtime.latest.emit('notification', {
        ...fillNote(theirs.id, 'Bought 5 RELIANCE at ₹1,414.50'),
        tab: 'another-tab-1234',
      });
    });
    expect(await screen.findAllByText('Order filled')).toHaveLength(1);
    expect(screen.getByText('Bought 5 RELIANCE at ₹1,414.50')).toBeInTheDocument();
  });

  it('toasts a fill from the matcher once, when push notifications are off', async () => {
    const quiet = signedInAs(
      testUser({ notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS, pushNotifications: false } }),
    );
    stubs({ 'GET /api/auth/verify': () => ({ body: { success: true, user: quiet } }) });
    const { realtime } = renderApp('/trading');
    // Settled: the account has loaded, so the shell (and its toasts) is mounted for the quiet user.
    await waitFor(() => expect(screen.getByTestId('stat-available-balance')).toHaveTextContent('₹9,500.00'));
    await realtime.accept();
    await push(() =>
      realtime.latest.emit('order-update', {
        order: makeOrder({ orderType: 'LIMIT', quantity: 3, executionPrice: 1399.9 }),
      }),
    );
    expect(await screen.findByText('Order filled')).toBeInTheDocument();
    expect(screen.getByText('Bought 3 shares of RELIANCE at ₹1,399.90')).toBeInTheDocument();
  });
});

describe('Enhanced Order modal', () => {
  const preview = { success: true, data: makePreview() };

  it('shows the server fee breakdown and quick quantities, needs the tick, then confirms by sliding', async () => {
    signedInAs();
    const calls = stubs({
      'POST /api/orders/preview': () => ({ body: preview }),
      'POST /api/orders/place': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Buy order for 1 RELIANCE filled',
          data: { order: makeOrder({ quantity: 1 }) },
        },
      }),
    });
    renderApp('/trading?symbol=RELIANCE');
    fireEvent.click(await screen.findByRole('button', { name: 'Enhanced Order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy RELIANCE' }));
    expect(await dialog.findByTestId('modal-fees')).toHaveTextContent('₹1.76');
    expect(dialog.getByText('Brokerage').nextSibling).toHaveTextContent('₹1.41');
    expect(dialog.getByTestId('modal-total')).toHaveTextContent('₹1,416.26');
    expect(calls.find((c) => c.key === 'POST /api/orders/preview')?.body).toMatchObject({
      symbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 1,
    });
    // ₹9,500 cash at ₹1,414.50: 25/50/75% and Max give 1, 3, 5 and 6 shares.
    expect(dialog.getAllByRole('button', { name: /· \d+$/ }).map((b) => b.textContent)).toEqual([
      '25% cash · 1',
      '50% cash · 3',
      '75% cash · 5',
      'Max · 6',
    ]);

    const place = dialog.getByRole('button', { name: 'Place Buy Order' });
    expect(place).toBeDisabled();
    fireEvent.click(dialog.getByRole('checkbox'));
    expect(place).toBeEnabled();
    fireEvent.click(place);

    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm Buy Order' }));
    expect(confirm.getByTestId('confirm-total')).toHaveTextContent('₹1,416.26');
    fireEvent.keyDown(confirm.getByRole('slider', { name: 'Slide to Buy' }), { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/orders/place')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('places the product chosen in the dialog and names it on the confirmation', async () => {
    insideMisWindow();
    signedInAs();
    const calls = stubs({
      'POST /api/orders/preview': (init) => ({
        body: { success: true, data: makePreview({ product: JSON.parse(String(init?.body)).product }) },
      }),
      'POST /api/orders/place': () => ({
        status: 201,
        body: { success: true, message: 'Buy order for 1 RELIANCE filled', data: { order: makeOrder() } },
      }),
    });
    renderApp('/trading?symbol=RELIANCE');
    fireEvent.click(await screen.findByRole('button', { name: 'Enhanced Order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy RELIANCE' }));
    // The preview has answered (its cut-off is open), so the choice is the server's to allow.
    expect(
      await dialog.findByText(
        'Intraday positions are squared off at 15:20 IST (15:20 of the simulated session)',
      ),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Intraday (MIS)' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/orders/preview').at(-1)?.body).toMatchObject({
        product: 'MIS',
      }),
    );
    fireEvent.click(dialog.getByRole('checkbox'));
    fireEvent.click(dialog.getByRole('button', { name: 'Place Buy Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm Buy Order' }));
    expect(confirm.getByText('Product').nextSibling).toHaveTextContent('Intraday (MIS)');
    fireEvent.keyDown(confirm.getByRole('slider', { name: 'Slide to Buy' }), { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({ product: 'MIS' });
  });

  it('validates the quantity and a sell against the shares held, with the estimated P&L', async () => {
    signedInAs();
    stubs({
      'POST /api/orders/preview': () => ({
        body: {
          ...preview,
          data: {
            ...preview.data,
            symbol: 'TCS',
            type: 'SELL',
            quantity: 1,
            price: 3100,
            estimatedPnL: 96.3,
            availableQuantity: 4,
          },
        },
      }),
    });
    renderApp('/trading');
    fireEvent.contextMenu(await screen.findByRole('button', { name: /^TCS/ }), { clientX: 50, clientY: 50 });
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Quick Sell' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell TCS' }));
    // The local estimate shows first; the server's preview replaces it when it arrives.
    await waitFor(() => expect(dialog.getByTestId('modal-estimated-pnl')).toHaveTextContent('+₹96.30'));
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '9' } });
    expect(
      await dialog.findByText('Insufficient holdings. You have 4 shares free to sell, trying to sell 9'),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('checkbox'));
    expect(dialog.getByRole('button', { name: 'Place Sell Order' })).toBeDisabled();
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '0' } });
    expect(await dialog.findByText('Quantity must be a whole number greater than 0')).toBeInTheDocument();
  });
});

describe('product on the ticket', () => {
  /** The preview answers with the product it was asked for, under the given cut-off. */
  const previewStub =
    (cutoff: { passed: boolean }, fees: Partial<ReturnType<typeof makePreview>['fees']> = {}) =>
    (init: RequestInit | undefined) => {
      const asked = JSON.parse(String(init?.body)) as { product: 'CNC' | 'MIS'; type: 'BUY' | 'SELL' };
      const base = makePreview();
      return {
        body: {
          success: true,
          data: makePreview({
            product: asked.product,
            type: asked.type,
            fees: { ...base.fees, ...fees },
            intradayCutoff: {
              at: '2026-11-21T09:50:00.000Z',
              passed: cutoff.passed,
              reopensAt: cutoff.passed ? '2026-11-24T03:45:00.000Z' : null,
            },
          }),
        },
      };
    };

  it('sends Delivery by default and Intraday when chosen, saying when intraday positions are squared off', async () => {
    insideMisWindow();
    signedInAs();
    const calls = stubs({
      'POST /api/orders/preview': previewStub({ passed: false }),
      'POST /api/orders/place': () => ({
        status: 201,
        body: { success: true, message: 'Buy order for 1 RELIANCE filled', data: { order: makeOrder() } },
      }),
    });
    renderApp('/trading?symbol=RELIANCE');
    const product = within(await screen.findByRole('group', { name: 'Product' }));
    expect(product.getByRole('button', { name: 'Delivery (CNC)' })).toHaveAttribute('aria-pressed', 'true');
    // 15:20 IST from the preview's cut-off (09:50 UTC); the stubbed status is the simulated session.
    expect(
      await panel().findByText(
        'Intraday positions are squared off at 15:20 IST (15:20 of the simulated session)',
      ),
    ).toBeInTheDocument();
    fireEvent.click(product.getByRole('button', { name: 'Intraday (MIS)' }));
    // Intraday: no STT on the buy, so the local estimate is ₹1,414.50 + ₹1.76.
    expect(panel().queryByTestId('fee-stt')).not.toBeInTheDocument();
    fireEvent.click(panel().getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Buy order for 1 RELIANCE filled')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({
      symbol: 'RELIANCE',
      product: 'MIS',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/orders/preview').at(-1)?.body).toMatchObject({
        product: 'MIS',
      }),
    );
  });

  it('disables Intraday after the cut-off, with the reason and the time, and places Delivery', async () => {
    signedInAs();
    const calls = stubs({
      'POST /api/orders/preview': previewStub({ passed: true }),
      'POST /api/orders/place': () => ({
        status: 201,
        body: { success: true, message: 'Buy order for 1 RELIANCE filled', data: { order: makeOrder() } },
      }),
    });
    renderApp('/trading?symbol=RELIANCE&product=MIS');
    const intraday = within(await screen.findByRole('group', { name: 'Product' })).getByRole('button', {
      name: 'Intraday (MIS)',
    });
    await waitFor(() => expect(intraday).toBeDisabled());
    expect(panel().getByTestId('product-cutoff-note')).toHaveTextContent(
      'Intraday orders closed at 15:20 IST (15:20 of the simulated session); new orders today are Delivery',
    );
    expect(screen.getByRole('group', { name: 'Product' })).toHaveAccessibleDescription(
      'Intraday orders closed at 15:20 IST (15:20 of the simulated session); new orders today are Delivery',
    );
    // The link asked for Intraday; after the cut-off the ticket is Delivery, as the server would have it.
    expect(
      within(screen.getByRole('group', { name: 'Product' })).getByRole('button', { name: 'Delivery (CNC)' }),
    ).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(panel().getByRole('button', { name: 'Place Buy Order' }));
    await screen.findByText('Buy order for 1 RELIANCE filled');
    expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({ product: 'CNC' });
  });

  it("shows every fee line of the server's preview on a sell, the DP charge with its hint", async () => {
    signedInAs();
    stubs({ 'POST /api/orders/preview': previewStub({ passed: false }, { dpCharge: 15.34, total: 17.1 }) });
    renderApp('/trading?symbol=TCS&type=SELL');
    await screen.findByRole('form', { name: 'Order TCS' });
    const dp = await panel().findByTestId('fee-dpCharge');
    expect(dp).toHaveTextContent('DP charge');
    expect(dp).toHaveTextContent('₹15.34');
    expect(dp).toHaveTextContent('₹15.34 per scrip per sell day, delivery sells only');
    expect(panel().getByTestId('order-fees')).toHaveTextContent('₹17.10');
    // A line that is zero is not shown: no square-off charge on a sell the user places.
    expect(panel().queryByTestId('fee-squareOffCharge')).not.toBeInTheDocument();
  });
});
