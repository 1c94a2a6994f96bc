import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alert, Gtt, Quote, Replay } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const PORTFOLIO_ID = '0b6d4c1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e';
const verify = { 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) };

function replay(o: Partial<Replay> = {}): Replay {
  return {
    id: ID,
    status: 'paused',
    blind: false,
    speed: 60,
    days: 1,
    clock: '2020-03-13T04:30:00.000Z',
    dates: ['2020-03-13'],
    endsAt: '2020-03-13T10:00:00.000Z',
    calendar: 'real',
    pricesNote: 'Prices are split-adjusted.',
    marketHalt: null,
    portfolioId: PORTFOLIO_ID,
    score: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    ...o,
  };
}

function quote(symbol: string, name: string, price: number): Quote {
  return {
    symbol,
    name,
    exchange: symbol === 'NIFTY50' ? 'INDEX' : 'NSE',
    currency: 'INR',
    price,
    change: -10,
    changePercent: -2,
    changesPercentage: -2,
    open: price,
    dayHigh: price,
    dayLow: price,
    previousClose: price + 10,
    volume: 0,
    avgVolume: null,
    yearHigh: null,
    yearLow: null,
    priceAvg50: null,
    priceAvg200: null,
    marketCap: null,
    pe: null,
    bandClass: null,
    lowerCircuit: null,
    upperCircuit: null,
    circuitLock: null,
    lastUpdated: '2020-03-13T04:30:00.000Z',
  };
}

const bars = (symbol: string) => ({
  body: {
    success: true,
    symbol,
    period: '1D',
    interval: '1m',
    data: [],
    latest: null,
    marketOpen: true,
    exchange: 'NSE',
  },
});

const market = {
  [`GET /api/stocks/indices?replayId=${ID}`]: () => ({
    body: { success: true, data: [quote('NIFTY50', 'NIFTY 50', 8600)] },
  }),
  [`GET /api/stocks/movers?type=gainers&limit=8&replayId=${ID}`]: () => ({
    body: { success: true, type: 'gainers', data: [quote('RELIANCE', 'Reliance Industries Ltd.', 456.25)] },
  }),
  [`GET /api/stocks/quote/RELIANCE?replayId=${ID}`]: () => ({
    body: { success: true, data: quote('RELIANCE', 'Reliance Industries Ltd.', 456.25) },
  }),
  [`GET /api/live-charts/historical/NIFTY50?period=1D&replayId=${ID}`]: () => bars('NIFTY50'),
  [`GET /api/live-charts/historical/RELIANCE?period=1D&replayId=${ID}`]: () => bars('RELIANCE'),
};

const alert = (o: Partial<Alert> = {}): Alert => ({
  id: 'alert-1',
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd.',
  watch: 'price',
  condition: 'below',
  value: 440,
  frequency: 'once',
  cooldownSeconds: 60,
  note: null,
  status: 'ACTIVE',
  statusReason: null,
  expiresAt: '2021-03-13T03:45:00.000Z',
  createdAt: '2020-03-13T03:45:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  lastTriggeredAt: null,
  triggerCount: 0,
  history: [],
  ...o,
});

const gtt = (o: Partial<Gtt> = {}): Gtt => ({
  id: 'gtt-1',
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd.',
  kind: 'single',
  side: 'BUY',
  product: 'CNC',
  quantity: 2,
  legs: [{ triggerPrice: 430, limitPrice: 432, direction: 'down' }],
  referencePrice: 456.05,
  status: 'ACTIVE',
  statusReason: null,
  triggeredLeg: null,
  triggeredAt: null,
  triggeredPrice: null,
  orderId: null,
  expiresAt: '2021-03-13T03:45:00.000Z',
  createdAt: '2020-03-13T03:45:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...o,
});

const lists = (alerts: () => Alert[], gtts: () => Gtt[]) => ({
  [`GET /api/alerts?portfolioId=${PORTFOLIO_ID}`]: () => ({
    body: { success: true, data: alerts(), count: alerts().length, limit: 200 },
  }),
  [`GET /api/gtt?status=all&portfolioId=${PORTFOLIO_ID}`]: () => ({
    body: { success: true, data: gtts(), active: 1, maxActive: 100 },
  }),
});

const panel = async () => within(await screen.findByRole('form', { name: 'Set an alert or GTT' }));

describe('Replay alerts and GTTs panel', () => {
  it('sets an alert for the picked stock in the replay’s portfolio, and shows a fired GTT at its replay time', async () => {
    signedInAs();
    let alerts: Alert[] = [];
    const fired = gtt({
      status: 'TRIGGERED',
      triggeredLeg: 0,
      triggeredAt: '2020-03-13T04:10:00.000Z',
      triggeredPrice: 429.9,
      orderId: 'ord-9',
    });
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: replay() } }),
      ...market,
      ...lists(
        () => alerts,
        () => [fired],
      ),
      'POST /api/alerts': () => {
        alerts = [alert()];
        return {
          status: 201,
          body: { success: true, message: 'Alert set', data: alert() },
        };
      },
    });
    renderApp(`/replay/${ID}`);
    const row = await screen.findByTestId('replay-gtt-gtt-1');
    expect(row).toHaveTextContent('Buy 2 RELIANCE: trigger ₹430.00 → limit ₹432.00');
    expect(row).toHaveTextContent('Fired');
    expect(row).toHaveTextContent('Fired at Mar 13, 2020 09:40 IST at ₹429.90');
    expect(within(row).queryByRole('button', { name: 'Cancel GTT' })).toBeNull();
    expect(await screen.findByText('No alerts in this replay.')).toBeVisible();

    const form = await panel();
    fireEvent.click(form.getByRole('button', { name: 'Set alert' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Pick a stock first');
    expect(calls.some((c) => c.key === 'POST /api/alerts')).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: /Reliance Industries Ltd\./ }));
    await waitFor(() =>
      expect(form.getByText(/For/)).toHaveTextContent('For Reliance Industries Ltd. (RELIANCE)'),
    );
    fireEvent.change(form.getByLabelText('Alert price (₹)'), { target: { value: '440' } });
    fireEvent.click(form.getByRole('button', { name: 'Set alert' }));
    expect(await form.findByRole('status')).toHaveTextContent('Alert set: RELIANCE at or below ₹440.00');
    expect(calls.find((c) => c.key === 'POST /api/alerts')?.body).toEqual({
      symbol: 'RELIANCE',
      condition: 'below',
      value: 440,
      portfolioId: PORTFOLIO_ID,
    });
    // Read again after the change: the new alert is listed, watching.
    const listed = await screen.findByTestId('replay-alert-alert-1');
    expect(listed).toHaveTextContent('RELIANCE at or below ₹440.00');
    expect(listed).toHaveTextContent('Watching');
  });

  it('sets a GTT, shows the server’s refusal as it said it, and cancels an active one', async () => {
    signedInAs();
    let cancelled = false;
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: replay() } }),
      ...market,
      ...lists(
        () => [],
        () => [gtt(cancelled ? { status: 'CANCELLED', statusReason: 'Cancelled by you' } : {})],
      ),
      'POST /api/gtt': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Limit price must be within 10% of its trigger (₹430.00)',
        },
      }),
      'DELETE /api/gtt/gtt-1': () => {
        cancelled = true;
        return { body: { success: true, message: 'GTT cancelled', data: gtt({ status: 'CANCELLED' }) } };
      },
    });
    renderApp(`/replay/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /Reliance Industries Ltd\./ }));
    const form = await panel();
    fireEvent.click(within(form.getByRole('group', { name: 'Set a' })).getByRole('button', { name: 'GTT' }));
    fireEvent.change(form.getByLabelText('GTT quantity'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Trigger (₹)'), { target: { value: '430' } });
    fireEvent.change(form.getByLabelText('Limit (₹)'), { target: { value: '500' } });
    fireEvent.click(form.getByRole('button', { name: 'Set GTT' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Limit price must be within 10% of its trigger (₹430.00)',
    );
    expect(form.queryByRole('status')).toBeNull();
    expect(calls.find((c) => c.key === 'POST /api/gtt')?.body).toEqual({
      symbol: 'RELIANCE',
      kind: 'single',
      side: 'BUY',
      quantity: 2,
      legs: [{ triggerPrice: 430, limitPrice: 500 }],
      portfolioId: PORTFOLIO_ID,
    });

    const row = await screen.findByTestId('replay-gtt-gtt-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel GTT' }));
    await waitFor(() => expect(screen.getByTestId('replay-gtt-gtt-1')).toHaveTextContent('Cancelled by you'));
    expect(calls.find((c) => c.key === 'DELETE /api/gtt/gtt-1')?.body).toEqual({ portfolioId: PORTFOLIO_ID });
  });

  it('a finished replay’s panel is off with its reason, and lists what ended', async () => {
    signedInAs();
    stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: replay({ status: 'finished' }) } }),
      ...market,
      ...lists(
        () => [alert({ status: 'EXPIRED', statusReason: 'Ended when the replay finished' })],
        () => [],
      ),
    });
    renderApp(`/replay/${ID}`);
    const form = await panel();
    expect(form.getByTestId('watch-blocked')).toHaveTextContent('This replay is finished');
    expect(form.getByRole('button', { name: 'Set alert' })).toBeDisabled();
    const row = await screen.findByTestId('replay-alert-alert-1');
    expect(row).toHaveTextContent('Ended when the replay finished');
    expect(within(row).queryByRole('button', { name: 'Delete alert' })).toBeNull();
  });
});
