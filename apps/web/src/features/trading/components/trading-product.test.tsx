import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/render';
import { makeOrder, makePreview } from '../../../test/trading-fixtures';
import { insideMisWindow, panel, resetAfterEach, stubs } from './trading-screen.fixtures';

resetAfterEach();

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
