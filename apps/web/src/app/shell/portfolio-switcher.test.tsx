import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { push } from '../../test/fake-socket';
import { renderApp, signedInAs, stubFetch } from '../../test/render';
import { makeHolding, makeOrder, makeSummary, orderList } from '../../test/trading-fixtures';
import { MAIN_ID, portfoliosStub, SWING_ID } from '../../test/portfolio-fixtures';
import { shellStubs } from '../../features/market/test/market-fixtures';

const mainSummary = makeSummary(
  [makeHolding('TCS', { quantity: 1, avgPrice: 3000, currentPrice: 3100 })],
  4321.5,
);
const swingSummary = makeSummary(
  [makeHolding('INFY', { quantity: 2, avgPrice: 1400, currentPrice: 1500 })],
  9000,
);
const swingKey = `GET /api/portfolio/summary?portfolioId=${SWING_ID}`;

function stubs(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...shellStubs,
    ...portfoliosStub(),
    'GET /api/portfolio/summary': () => ({ body: { success: true, data: mainSummary } }),
    [swingKey]: () => ({ body: { success: true, data: swingSummary } }),
    ...extra,
  });
}

const switcher = () => screen.findByRole('button', { name: /^Portfolio: / });

describe('portfolio switcher', () => {
  it('switching refetches with the new portfolioId and shows its figures under its name', async () => {
    signedInAs();
    const calls = stubs();
    renderApp('/portfolio');
    expect(await screen.findByTestId('holding-TCS')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Main portfolio');
    expect(screen.getByTestId('portfolio-cash')).toHaveTextContent('₹4,321.50');

    const button = await switcher();
    expect(button).toHaveAccessibleName('Portfolio: Main (main). Switch portfolio');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Portfolios' });
    const items = within(menu).getAllByRole('menuitemradio');
    // Main first whatever order the server lists them in; the active one is checked and focused.
    expect(items.map((i) => i.textContent)).toEqual(['Mainmain', 'Swing ideascustom']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[0]).toHaveFocus();
    expect(within(menu).getByRole('menuitem', { name: 'New portfolio…' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Manage portfolios' })).toBeInTheDocument();

    fireEvent.click(items[1]!);
    expect(await screen.findByTestId('holding-INFY')).toBeInTheDocument();
    expect(screen.queryByTestId('holding-TCS')).not.toBeInTheDocument();
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    expect(screen.getByTestId('portfolio-cash')).toHaveTextContent('₹9,000.00');
    expect(calls.some((c) => c.key === swingKey)).toBe(true);
    expect(localStorage.getItem('activePortfolio:u1')).toBe(SWING_ID);
    expect(await switcher()).toHaveFocus();

    // Back to main: its figures again, and main is not remembered (it is the default).
    fireEvent.click(await switcher());
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /^Main/ }));
    expect(await screen.findByTestId('holding-TCS')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Main portfolio');
    expect(localStorage.getItem('activePortfolio:u1')).toBeNull();
  });

  it('works from the keyboard: arrows move, Escape closes and returns focus', async () => {
    signedInAs();
    stubs();
    renderApp('/portfolio');
    const button = await switcher();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Portfolios' });
    expect(within(menu).getByRole('menuitemradio', { name: /^Main/ })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitemradio', { name: /^Swing ideas/ })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(within(menu).getByRole('menuitem', { name: 'Manage portfolios' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitemradio', { name: /^Main/ })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('remembers the choice per user, and falls back to main when the stored portfolio is gone', async () => {
    signedInAs();
    localStorage.setItem('activePortfolio:u1', SWING_ID);
    stubs();
    const first = renderApp('/portfolio');
    expect(await screen.findByTestId('holding-INFY')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    first.unmount();

    localStorage.setItem('activePortfolio:u1', '0b9c5f7e-1a2b-4c3d-8e9f-0000000000ff');
    stubs();
    renderApp('/portfolio');
    expect(await screen.findByTestId('holding-TCS')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Main portfolio');
  });

  it('a sell in a custom portfolio carries its portfolioId in the body', async () => {
    signedInAs();
    localStorage.setItem('activePortfolio:u1', SWING_ID);
    const calls = stubs({
      'POST /api/virtual-money/sell': () => ({
        body: {
          success: true,
          message: 'Sold 1 INFY at ₹1,500.00',
          data: { order: makeOrder({ type: 'SELL', symbol: 'INFY', price: 1500 }) },
        },
      }),
    });
    renderApp('/portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Sell INFY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell INFY' });
    fireEvent.change(within(dialog).getByLabelText('Number of shares'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Sold 1 INFY at ₹1,500.00')).toBeInTheDocument();
    const sell = calls.find((c) => c.key === 'POST /api/virtual-money/sell');
    expect(sell?.body).toMatchObject({ stockSymbol: 'INFY', quantity: 1, portfolioId: SWING_ID });
  });

  it('on /orders a custom portfolio reads its own orders, and edits and cancels carry its portfolioId', async () => {
    signedInAs();
    localStorage.setItem('activePortfolio:u1', SWING_ID);
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
    const list = 'GET /api/orders/all?status=all&type=all&orderType=all&page=1&limit=20';
    const calls = stubs({
      [`${list}&portfolioId=${SWING_ID}`]: () => ({ body: orderList([resting]) }),
      [`PATCH /api/orders/${resting.id}`]: () => ({
        body: { success: true, message: 'Order updated', data: { ...resting, quantity: 3 } },
      }),
      [`POST /api/orders/cancel/${resting.id}`]: () => ({
        body: { success: true, message: 'Order cancelled', data: { ...resting, status: 'CANCELLED' } },
      }),
    });
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit order RELIANCE/ }));
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Buy Order · RELIANCE' }));
    fireEvent.change(edit.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Order updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
      quantity: 3,
      portfolioId: SWING_ID,
    });

    fireEvent.click(screen.getByRole('button', { name: /^Cancel order RELIANCE/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Order?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `POST /api/orders/cancel/${resting.id}`)?.body).toMatchObject({
      portfolioId: SWING_ID,
    });
    // Main's orders were never asked for under this portfolio's name.
    expect(calls.some((c) => c.key === list)).toBe(false);
  });

  it('a realtime event about another portfolio does not refetch the one on screen; its own does', async () => {
    signedInAs();
    localStorage.setItem('activePortfolio:u1', SWING_ID);
    const calls = stubs();
    const { realtime } = renderApp('/portfolio');
    expect(await screen.findByTestId('holding-INFY')).toBeInTheDocument();
    await realtime.accept();
    const swingFetches = () => calls.filter((c) => c.key === swingKey).length;
    const before = swingFetches();

    const balance = { balance: 5000, availableCash: 5000, reserved: 0 };
    await push(() => realtime.latest.emit('balance-updated', { ...balance, portfolioId: MAIN_ID }));
    await push(() => realtime.latest.emit('balance-updated', { ...balance, portfolioId: SWING_ID }));
    await waitFor(() => expect(swingFetches()).toBeGreaterThan(before));
    // One refetch: the second event's. The first, about main, left this portfolio alone.
    expect(swingFetches()).toBe(before + 1);
    expect(calls.filter((c) => c.key === 'GET /api/portfolio/summary')).toHaveLength(0);
  });
});
