import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeOrder, orderList } from '../../../test/trading-fixtures';
import { makeQuote, shellStubs } from '../../market/test/market-fixtures';

const ALL = 'status=all&type=all&orderType=all';
const resting = makeOrder({
  id: '11111111-1111-4111-8111-111111111111',
  orderType: 'LIMIT',
  status: 'PENDING',
  quantity: 2,
  price: 1400,
  limitPrice: 1400,
  executionPrice: null,
  tradeValue: null,
  fees: 0,
  feeBreakdown: null,
  total: null,
  reserved: 2803.5,
  executedAt: null,
});
const filled = makeOrder({
  id: '22222222-2222-4222-8222-222222222222',
  symbol: 'TCS',
  stockSymbol: 'TCS',
  stockName: 'Tata Consultancy Services',
});

afterEach(() => vi.restoreAllMocks());

describe('/orders', () => {
  it("shows each fill's receipt line and the order's product", async () => {
    signedInAs();
    const explained = makeOrder({
      ...filled,
      orderType: 'LIMIT',
      product: 'MIS',
      receipt: 'Your LIMIT ₹300 was above the last price ₹211.00, so it was marketable and filled at ₹211.05',
    });
    stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([explained, resting]) }),
    });
    renderApp('/orders');
    const row = within(await screen.findByTestId(`order-row-${explained.id}`));
    expect(row.getByTestId('order-receipt')).toHaveTextContent(
      'Your LIMIT ₹300 was above the last price ₹211.00, so it was marketable and filled at ₹211.05',
    );
    expect(row.getByTestId('order-product')).toHaveTextContent('Intraday');
    // A resting order has no fill, so no receipt.
    expect(within(screen.getByTestId(`order-row-${resting.id}`)).queryByTestId('order-receipt')).toBeNull();
  });

  it('lists the orders with their columns and reads ?search', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&search=REL&page=1&limit=20`]: () => ({ body: orderList([resting]) }),
    });
    renderApp('/orders?search=REL');
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Track and manage your trading orders')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('orders-heading')).toHaveTextContent('Order History (1)'));
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Order Details',
      'Type',
      'Quantity',
      'Price',
      'Total',
      'Status',
      'Time',
      'Actions',
    ]);
    const row = within(screen.getByTestId(`order-row-${resting.id}`));
    expect(row.getByText('RELIANCE')).toBeInTheDocument();
    expect(row.getByText('₹1,400.00')).toBeInTheDocument();
    expect(row.getByText('₹2,800.00')).toBeInTheDocument();
    expect(row.getByTestId('order-status')).toHaveTextContent('PENDING');
    expect(screen.getByRole('searchbox', { name: 'Search by symbol' })).toHaveValue('REL');
    expect(calls.some((c) => c.key.includes('search=REL'))).toBe(true);
  });

  it('filters by status, side and order type on the server, with the empty state', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([resting, filled]) }),
      'GET /api/orders/all?status=CANCELLED&type=all&orderType=all&page=1&limit=20': () => ({
        body: orderList([]),
      }),
      'GET /api/orders/all?status=CANCELLED&type=SELL&orderType=STOP&page=1&limit=20': () => ({
        body: orderList([]),
      }),
    });
    renderApp('/orders');
    await waitFor(() => expect(screen.getByTestId('orders-heading')).toHaveTextContent('Order History (2)'));
    // Only the resting order can be changed.
    expect(
      within(screen.getByTestId(`order-row-${filled.id}`)).queryByRole('button'),
    ).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'CANCELLED' } });
    expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
    expect(screen.getByText('There are no orders that match your current filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'SELL' } });
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: 'STOP' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.key.endsWith('status=CANCELLED&type=SELL&orderType=STOP&page=1&limit=20')),
      ).toBe(true),
    );
  });

  it('edits a resting order by PATCH and cancels one after asking', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([resting]) }),
      [`PATCH /api/orders/${resting.id}`]: () => ({
        body: {
          success: true,
          message: 'Order updated',
          data: { ...resting, price: 1395, limitPrice: 1395, quantity: 3 },
        },
      }),
      [`POST /api/orders/cancel/${resting.id}`]: (init) => {
        // The server's own notice of the cancel arrives before its answer, naming the tab that
        // asked; the user sees one toast.
        const tab = (init?.headers as Record<string, string> | undefined)?.['x-nivesh-tab'];
        expect(tab).toMatch(/^[A-Za-z0-9-]{8,64}$/);
        server!.latest.emit('notification', {
          tab,
          id: 'note-cancel',
          type: 'info',
          title: 'Order cancelled',
          message: 'Your limit buy order for 2 RELIANCE at ₹1,400.00 was cancelled: Cancelled by user',
          link: '/orders',
          read: false,
          readAt: null,
          createdAt: new Date().toISOString(),
          data: { orderId: resting.id },
        });
        return {
          body: { success: true, message: 'Order cancelled', data: { ...resting, status: 'CANCELLED' } },
        };
      },
    });
    const { realtime } = renderApp('/orders');
    const server = realtime;
    fireEvent.click(await screen.findByRole('button', { name: /^Edit order RELIANCE/ }));
    await realtime.accept();
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Buy Order · RELIANCE' }));
    expect(edit.getByLabelText('Limit Price (₹)')).toHaveValue('1400.00');
    fireEvent.change(edit.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.change(edit.getByLabelText('Limit Price (₹)'), { target: { value: '1395' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Order updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({ quantity: 3, price: 1395 });

    fireEvent.click(screen.getByRole('button', { name: /^Cancel order RELIANCE/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Order?' }));
    expect(dialog.getByText(/₹2,803.50 reserved for it returns to your available cash/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Order cancelled')).toHaveLength(1);
    expect(screen.queryByText(/was cancelled: Cancelled by user/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/orders/cancel/${resting.id}`)).toBe(true);
  });

  it('an F&O limit: the edit dialog states the lot and tick rules and asks for no stock quote', async () => {
    signedInAs();
    const option = { ...resting, id: 'fo-1', symbol: 'NIFTY26D0124000CE', stockSymbol: 'NIFTY26D0124000CE' };
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([option]) }),
    });
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit order NIFTY26D0124000CE/ }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Buy Order · NIFTY26D0124000CE' }));
    expect(edit.getByText(/F&O: quantity in whole lots, limit on the ₹0.05 tick/)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('GET /api/stocks/quote/'))).toBe(false);
  });

  it("shows the market's last price beside the limit price, not the order's own limit", async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([resting]) }),
      'GET /api/stocks/quote/RELIANCE': () => ({
        body: { success: true, data: makeQuote('RELIANCE', { price: 1412.35 }) },
      }),
    });
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit order RELIANCE/ }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Buy Order · RELIANCE' }));
    expect(await edit.findByText('Last price ₹1,412.35')).toBeInTheDocument();
    expect(edit.queryByText(/₹1,400\.00/)).not.toBeInTheDocument();
  });

  it('says why an edit is refused and leaves an unchanged edit unsent', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([resting]) }),
      [`PATCH /api/orders/${resting.id}`]: () => ({
        status: 422,
        body: {
          success: false,
          message: 'Insufficient balance. Required: ₹14,010.00, Available: ₹7,196.50',
          code: 'INSUFFICIENT_FUNDS',
        },
      }),
    });
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit order RELIANCE/ }));
    const edit = within(await screen.findByRole('dialog'));
    fireEvent.click(edit.getByRole('button', { name: 'Save Changes' }));
    expect(edit.getByText('Change the quantity, price or trigger price')).toBeInTheDocument();
    fireEvent.change(edit.getByLabelText('Quantity'), { target: { value: '10' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Insufficient balance. Required: ₹14,010.00, Available: ₹7,196.50'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('PATCH'))).toHaveLength(1);
  });

  it('exports the filtered orders as CSV from the server', async () => {
    signedInAs();
    const created = vi.fn(() => 'blob:orders');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubFetch({
      ...shellStubs,
      [`GET /api/orders/all?${ALL}&page=1&limit=20`]: () => ({ body: orderList([resting]) }),
      'GET /api/orders/all?status=PENDING&type=all&orderType=all&page=1&limit=20': () => ({
        body: orderList([resting]),
      }),
      'GET /api/orders/export?status=PENDING&type=all&orderType=all': () => ({ body: 'id,symbol' }),
    });
    renderApp('/orders');
    await screen.findByTestId(`order-row-${resting.id}`);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'PENDING' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(calls.some((c) => c.key === 'GET /api/orders/export?status=PENDING&type=all&orderType=all')).toBe(
      true,
    );
    expect(created).toHaveBeenCalled();
  });
});
