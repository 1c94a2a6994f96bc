import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/render';
import { makeOrder, makePreview } from '../../../test/trading-fixtures';
import { insideMisWindow, resetAfterEach, stubs } from './trading-screen.fixtures';

resetAfterEach();

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
