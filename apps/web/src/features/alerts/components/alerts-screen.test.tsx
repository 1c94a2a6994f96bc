import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alert } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeQuote, makeWatchlist, shellStubs } from '../../market/test/market-fixtures';

const ID = (n: number) => `${n}${n}${n}${n}${n}${n}${n}${n}-1111-4111-8111-111111111111`;
function makeAlert(n: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id: ID(n),
    symbol: 'ITC',
    name: 'ITC Ltd.',
    watch: 'price',
    condition: 'above',
    value: 450,
    frequency: 'once',
    cooldownSeconds: 60,
    note: null,
    status: 'ACTIVE',
    statusReason: null,
    expiresAt: '2027-11-26T05:00:00.000Z',
    createdAt: '2026-11-26T05:00:00.000Z',
    updatedAt: '2026-11-26T05:00:00.000Z',
    lastTriggeredAt: null,
    triggerCount: 0,
    history: [],
    ...overrides,
  };
}

describe('alerts screen', () => {
  it('sorts alerts into active, triggered and expired, and pauses one through the API', async () => {
    signedInAs();
    let alerts = [
      makeAlert(1, { note: 'trim here' }),
      makeAlert(2, { status: 'DISABLED', statusReason: 'Paused by you', condition: 'below', value: 400 }),
      makeAlert(3, {
        status: 'TRIGGERED',
        triggerCount: 1,
        lastTriggeredAt: '2026-11-26T05:01:00.000Z',
        history: [{ firedAt: '2026-11-26T05:01:00.000Z', value: 451.2, price: 451.2 }],
      }),
    ];
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/alerts': () => ({ body: { success: true, data: alerts, count: alerts.length, limit: 200 } }),
      [`PATCH /api/alerts/${ID(1)}`]: () => {
        alerts = alerts.map((a) =>
          a.id === ID(1) ? { ...a, status: 'DISABLED', statusReason: 'Paused by you' } : a,
        );
        return { body: { success: true, message: 'Alert updated', data: alerts[0] } };
      },
    });
    renderApp('/alerts');
    expect(await screen.findByRole('heading', { name: 'Price Alerts', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Triggered (1)' })).toBeInTheDocument();
    expect(screen.getByText('3 of 200 used', { exact: false })).toBeInTheDocument();
    const first = screen.getByTestId(`alert-row-${ID(1)}`);
    expect(within(first).getByText('ITC last price at or above ₹450.00')).toBeInTheDocument();
    expect(within(first).getByText('“trim here”')).toBeInTheDocument();
    expect(within(screen.getByTestId(`alert-row-${ID(2)}`)).getByTestId('alert-status')).toHaveTextContent(
      'Paused',
    );

    fireEvent.click(within(first).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.some((c) => c.key === `PATCH /api/alerts/${ID(1)}`)).toBe(true));
    expect(calls.find((c) => c.key === `PATCH /api/alerts/${ID(1)}`)!.body).toEqual({ status: 'DISABLED' });
    await waitFor(() =>
      expect(within(screen.getByTestId(`alert-row-${ID(1)}`)).getByTestId('alert-status')).toHaveTextContent(
        'Paused',
      ),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Triggered (1)' }));
    expect(await screen.findByText(/fired 1×/)).toBeInTheDocument();
  });

  it('"Set alert" on the stock page creates an alert with the level the user typed', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/stocks/quote/ITC': () => ({
        body: { success: true, data: makeQuote('ITC', { price: 412.35 }) },
      }),
      'POST /api/alerts': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Alert set: ITC last price at or below ₹400.00',
          data: makeAlert(9, { condition: 'below', value: 400 }),
        },
      }),
    });
    renderApp('/stock/ITC');
    fireEvent.click(await screen.findByRole('button', { name: 'Set alert' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/now ₹412\.35/);
    fireEvent.change(within(dialog).getByLabelText('Condition'), { target: { value: 'below' } });
    fireEvent.change(within(dialog).getByLabelText(/^Value/), { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/alerts')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/alerts')!.body).toEqual({
      symbol: 'ITC',
      watch: 'price',
      condition: 'below',
      value: 400,
      frequency: 'once',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('each watchlist row offers "Set alert" for its stock, without opening the stock page', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/watchlist': () => ({
        body: {
          success: true,
          data: [makeWatchlist('11111111-1111-4111-8111-111111111111', 'My Watchlist', ['TCS'], true)],
        },
      }),
      'GET /api/stocks/quotes?symbols=TCS': () => ({
        body: { success: true, data: [makeQuote('TCS', { price: 3000 })] },
      }),
      'GET /api/stocks/quote/TCS': () => ({
        body: { success: true, data: makeQuote('TCS', { price: 3000 }) },
      }),
      'GET /api/stocks/movers?type=gainers&limit=10': () => ({
        body: { success: true, type: 'gainers', data: [] },
      }),
      'GET /api/stocks/movers?type=losers&limit=10': () => ({
        body: { success: true, type: 'losers', data: [] },
      }),
      'GET /api/stocks/movers?type=active&limit=10': () => ({
        body: { success: true, type: 'active', data: [] },
      }),
    });
    renderApp('/watchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Set alert: TCS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set alert: TCS' });
    expect(await within(dialog).findByText(/now ₹3,000\.00/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Watchlists', level: 1 })).toBeInTheDocument();
  });
});
