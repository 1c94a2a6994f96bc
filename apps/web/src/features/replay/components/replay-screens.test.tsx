import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Drill, Quote, Replay } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

const verify = { 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) };
const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

function replay(o: Partial<Replay> = {}): Replay {
  return {
    id: ID,
    status: 'paused',
    blind: false,
    speed: 60,
    days: 1,
    clock: '2020-03-13T03:45:00.000Z',
    dates: ['2020-03-13'],
    endsAt: '2020-03-13T10:00:00.000Z',
    calendar: 'real',
    pricesNote: 'Prices are split-adjusted.',
    marketHalt: null,
    portfolioId: null,
    score: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    ...o,
  };
}

function quote(symbol: string, name: string, price: number, change: number): Quote {
  return {
    symbol,
    name,
    exchange: 'NSE',
    currency: 'INR',
    price,
    change,
    changePercent: (change / (price - change)) * 100,
    changesPercentage: (change / (price - change)) * 100,
    open: price,
    dayHigh: price,
    dayLow: price,
    previousClose: price - change,
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
    lastUpdated: '2020-03-13T03:45:00.000Z',
  };
}

const drill: Drill = {
  id: 'covid-crash',
  title: 'COVID crash',
  date: '2020-03-13',
  replayDate: '2020-03-13',
  days: 1,
  kind: 'event',
  briefing: 'The breaker tripped at 09:20.',
  watch: ['The halt'],
  nifty: { previousClose: 9590.15, open: 9107.6, high: 10159.4, low: 8555.15, close: 9955.2 },
  sources: ['Bundled daily history'],
};

const market = (clock: string) => ({
  [`GET /api/stocks/indices?replayId=${ID}`]: () => ({
    body: {
      success: true,
      data: [quote('NIFTY50', 'NIFTY 50', clock < '2020-03-13T03:50' ? 9107.6 : 8600, -500)],
    },
  }),
  [`GET /api/stocks/movers?type=gainers&limit=8&replayId=${ID}`]: () => ({
    body: {
      success: true,
      type: 'gainers',
      data: [quote('RELIANCE', 'Reliance Industries Ltd.', 456.25, -10)],
    },
  }),
  [`GET /api/live-charts/historical/NIFTY50?period=1D&replayId=${ID}`]: () => ({
    body: {
      success: true,
      symbol: 'NIFTY50',
      period: '1D',
      interval: '1m',
      data: [],
      latest: null,
      marketOpen: true,
      exchange: 'NSE',
    },
  }),
});

describe('Replay Lab', () => {
  it('starts a drill on its replay day and opens the replay', async () => {
    signedInAs();
    const calls = stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [drill] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [] } }),
      'POST /api/replays': () => ({ status: 201, body: { success: true, data: replay() } }),
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: replay() } }),
      ...market('2020-03-13T03:45'),
    });
    const { router } = renderApp('/replay');
    expect(
      await screen.findByText('No replays yet. Start one from a drill or pick a day above.'),
    ).toBeVisible();
    fireEvent.click(
      within(await screen.findByTestId('drill-covid-crash')).getByRole('button', { name: 'Replay this day' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/replay/${ID}`));
    expect(calls.find((c) => c.key === 'POST /api/replays')?.body).toEqual({
      date: '2020-03-13',
      days: 1,
      blind: false,
      speed: 60,
    });
    expect(await screen.findByTestId('replay-clock')).toHaveTextContent('Mar 13, 2020 09:15 IST');
  });

  it('refuses a form without a day, and shows the server’s reason for a day it cannot replay', async () => {
    signedInAs();
    stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [] } }),
      'POST /api/replays': () => ({
        status: 400,
        body: {
          success: false,
          message: '2020-03-14 is a Saturday: the bundled history has no session that day',
          code: 'VALIDATION_ERROR',
        },
      }),
    });
    renderApp('/replay');
    fireEvent.click(await screen.findByRole('button', { name: 'Start replay' }));
    expect(await screen.findByText('Date must be a day in the form YYYY-MM-DD')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Trading day'), { target: { value: '2020-03-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start replay' }));
    expect(
      await screen.findByText('2020-03-14 is a Saturday: the bundled history has no session that day'),
    ).toBeVisible();
  });

  it('steps the clock, shows the breaker halt the server reports, and finishes only after confirming', async () => {
    signedInAs();
    let current = replay();
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: current } }),
      [`POST /api/replays/${ID}/step`]: () => {
        current = replay({
          clock: '2020-03-13T03:55:00.000Z',
          marketHalt: {
            phase: 'halt',
            message: 'Trading is halted: the market-wide circuit breaker tripped at 09:20 IST.',
            reopensAt: '2020-03-13T04:50:00.000Z',
          },
        });
        return { body: { success: true, data: current } };
      },
      [`POST /api/replays/${ID}/finish`]: () => {
        current = { ...current, status: 'finished', finishedAt: '2026-11-27T10:05:00.000Z' };
        return { body: { success: true, data: current } };
      },
      ...market('2020-03-13T03:45'),
    });
    renderApp(`/replay/${ID}`);
    expect(await screen.findByTestId('replay-clock')).toHaveTextContent('09:15 IST');
    fireEvent.click(screen.getByRole('button', { name: '+10 min' }));
    await waitFor(() => expect(screen.getByTestId('replay-clock')).toHaveTextContent('09:25 IST'));
    expect(calls.find((c) => c.key === `POST /api/replays/${ID}/step`)?.body).toEqual({ minutes: 10 });
    expect(screen.getByRole('status')).toHaveTextContent('Market halted.');

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this replay?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    expect(calls.some((c) => c.key === `POST /api/replays/${ID}/finish`)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Finish this replay?' })).getByRole('button', {
        name: 'Finish replay',
      }),
    );
    expect(await screen.findByText('This replay covered Mar 13, 2020.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Play at/ })).toBeNull();
  });

  it('a blind replay shows no date, only the weekday and time, and jumps by time of day', async () => {
    signedInAs();
    const blind = replay({
      blind: true,
      dates: null,
      calendar: 'stand-in',
      clock: '2001-01-02T03:45:00.000Z',
    });
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: blind } }),
      [`POST /api/replays/${ID}/seek`]: () => ({ body: { success: true, data: blind } }),
      ...market('2001-01-02T03:45'),
    });
    renderApp(`/replay/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Blind replay · 1 day' })).toBeVisible();
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('Tuesday, 09:15 IST');
    expect(document.body.textContent).not.toMatch(/2001/);
    fireEvent.change(screen.getByLabelText('Jump forward to (IST, this session)'), {
      target: { value: '11:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/replays/${ID}/seek`)?.body).toEqual({
        time: '2001-01-02T11:30:00+05:30',
      }),
    );
  });
});
