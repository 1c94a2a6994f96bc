import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@nivesh/shared';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, testUser } from '../../../test/render';
import { makeOrder } from '../../../test/trading-fixtures';
import { panel, resetAfterEach, stubs } from './trading-screen.fixtures';

resetAfterEach();

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
