import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Gtt } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeHolding } from '../../../test/trading-fixtures';
import { makeQuote, shellStubs } from '../../market/test/market-fixtures';

const ID = (n: number) => `${n}${n}${n}${n}${n}${n}${n}${n}-1111-4111-8111-111111111111`;
function makeGtt(n: number, overrides: Partial<Gtt> = {}): Gtt {
  return {
    id: ID(n),
    symbol: 'ITC',
    name: 'ITC Ltd.',
    kind: 'single',
    side: 'BUY',
    product: 'CNC',
    quantity: 2,
    legs: [{ triggerPrice: 400, limitPrice: 401, direction: 'down' }],
    referencePrice: 412.35,
    status: 'ACTIVE',
    statusReason: null,
    triggeredLeg: null,
    triggeredAt: null,
    triggeredPrice: null,
    orderId: null,
    expiresAt: '2027-11-26T05:00:00.000Z',
    createdAt: '2026-11-26T05:00:00.000Z',
    updatedAt: '2026-11-26T05:00:00.000Z',
    ...overrides,
  };
}
const listOf = (data: Gtt[]) => ({
  body: { success: true, data, active: data.filter((g) => g.status === 'ACTIVE').length, maxActive: 100 },
});

describe('GTT tab on /orders', () => {
  it('explains GTT in its empty state', async () => {
    signedInAs();
    stubFetch({ ...shellStubs, 'GET /api/gtt': () => listOf([]) });
    renderApp('/orders?tab=gtt');
    expect(await screen.findByRole('tab', { name: 'GTT', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No GTTs yet')).toBeInTheDocument();
    expect(screen.getByTestId('gtt-empty')).toHaveTextContent(/watches the price for up to a year/);
    expect(screen.getByText(/0 of 100 active/)).toBeInTheDocument();
  });

  it('lists legs, status and the placed order, and cancels an active GTT through the API', async () => {
    signedInAs();
    let gtts = [
      makeGtt(1),
      makeGtt(2, {
        kind: 'oco',
        side: 'SELL',
        legs: [
          { triggerPrice: 390, limitPrice: 389, direction: 'down' },
          { triggerPrice: 450, limitPrice: 450, direction: 'up' },
        ],
        status: 'TRIGGERED',
        triggeredLeg: 1,
        triggeredAt: '2026-11-26T06:00:00.000Z',
        triggeredPrice: 450.1,
        orderId: '99999999-1111-4111-8111-111111111111',
      }),
    ];
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/gtt': () => listOf(gtts),
      [`DELETE /api/gtt/${ID(1)}`]: () => {
        gtts = gtts.map((g) =>
          g.id === ID(1) ? { ...g, status: 'CANCELLED', statusReason: 'Cancelled by you' } : g,
        );
        return { body: { success: true, message: 'GTT cancelled', data: gtts[0] } };
      },
    });
    renderApp('/orders?tab=gtt');
    const oco = within(await screen.findByTestId(`gtt-${ID(2)}`));
    expect(oco.getByTestId('gtt-status')).toHaveTextContent('Triggered');
    expect(oco.getByTestId(`gtt-${ID(2)}-leg-0`)).toHaveTextContent(
      'Stop-loss ₹390.00 → limit ₹389.00Fires when the price falls to it · Cancelled (the other leg fired)',
    );
    expect(oco.getByTestId(`gtt-${ID(2)}-leg-1`)).toHaveTextContent('Target ₹450.00 → limit ₹450.00');
    expect(oco.getByTestId(`gtt-${ID(2)}-leg-1`)).toHaveTextContent('· Fired');
    expect(oco.getByRole('link', { name: 'Order #99999999' })).toHaveAttribute('href', '/orders?search=ITC');
    expect(oco.queryByRole('button', { name: /Cancel GTT/ })).toBeNull();

    const single = within(screen.getByTestId(`gtt-${ID(1)}`));
    expect(single.getByText(/Expires/)).toBeInTheDocument();
    fireEvent.click(single.getByRole('button', { name: 'Cancel GTT ITC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel GTT?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel GTT' }));
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE /api/gtt/${ID(1)}`)).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByTestId(`gtt-${ID(1)}`)).getByTestId('gtt-status')).toHaveTextContent(
        'Cancelled',
      ),
    );
  });
});

describe('"Set GTT" on the stock page', () => {
  const quoteStub = {
    'GET /api/stocks/quote/ITC': () => ({
      body: { success: true, data: makeQuote('ITC', { price: 412.35 }) },
    }),
  };

  it('shows the last price and each leg’s direction, and sends the GTT the user typed', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      ...quoteStub,
      'GET /api/portfolio/holdings': () => ({
        body: { success: true, data: [makeHolding('ITC', { quantity: 5 })] },
      }),
      'POST /api/gtt': () => ({
        status: 201,
        body: {
          success: true,
          message: 'GTT set: SELL 5 ITC',
          data: makeGtt(3, { side: 'SELL', kind: 'oco' }),
        },
      }),
    });
    renderApp('/stock/ITC');
    fireEvent.click(await screen.findByRole('button', { name: 'Set GTT' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set GTT: ITC' }));
    await waitFor(() => expect(dialog.getByTestId('gtt-last-price')).toHaveTextContent('₹412.35'));
    fireEvent.click(dialog.getByRole('button', { name: 'OCO (stop-loss + target)' }));
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '5' } });
    const [stopTrigger, target] = dialog.getAllByLabelText('Trigger price (₹)');
    fireEvent.change(stopTrigger!, { target: { value: '400' } });
    expect(dialog.getByText('Fires when the price falls to ₹400.00')).toBeInTheDocument();
    // Both legs below the price: refused here with the server's words, before any request.
    fireEvent.change(target!, { target: { value: '405' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set GTT' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      /stop-loss trigger below and a target trigger above/,
    );
    fireEvent.change(target!, { target: { value: '450' } });
    expect(dialog.getByText('Fires when the price rises to ₹450.00')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Set GTT' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/gtt')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/gtt')!.body).toEqual({
      symbol: 'ITC',
      kind: 'oco',
      side: 'SELL',
      product: 'CNC',
      quantity: 5,
      legs: [
        { triggerPrice: 400, limitPrice: 400 },
        { triggerPrice: 450, limitPrice: 450 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables a sell GTT with its reason when no shares are held, and shows a server refusal inline', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      ...quoteStub,
      'GET /api/portfolio/holdings': () => ({ body: { success: true, data: [] } }),
      'POST /api/gtt': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Limit price must be within 10% of its trigger (₹400.00)',
          errors: { 'legs.0.limitPrice': 'Limit price must be within 10% of its trigger (₹400.00)' },
        },
      }),
    });
    renderApp('/stock/ITC');
    fireEvent.click(await screen.findByRole('button', { name: 'Set GTT' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set GTT: ITC' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Sell' }));
    expect(await dialog.findByText(/You hold no ITC shares/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Set GTT' })).toBeDisabled();
    fireEvent.click(dialog.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(dialog.getByTestId('gtt-last-price')).toHaveTextContent('₹412.35'));
    fireEvent.change(dialog.getByLabelText('Trigger price (₹)'), { target: { value: '400' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set GTT' }));
    expect(
      await dialog.findByText('Limit price must be within 10% of its trigger (₹400.00)'),
    ).toBeInTheDocument();
  });
});
