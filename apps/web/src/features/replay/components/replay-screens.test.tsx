import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Drill, Quote, Replay, ReplayPortfolio, ReplayScore } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';
import { makeOrder } from '../../../test/trading-fixtures';

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

  it('lists a finished replay with its return', async () => {
    signedInAs();
    const finished = replay({
      status: 'finished',
      finishedAt: '2026-11-27T11:00:00.000Z',
      score: {
        returnPercent: -1.56,
        buyAndHoldPercent: -6.23,
        niftyPercent: -2.42,
        chargesPaid: 27.2,
        maxDrawdownPercent: 1.9,
        startingCash: 10000,
        finalValue: 9844.25,
        trades: [],
      },
    });
    stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [finished] } }),
    });
    renderApp('/replay');
    expect(await screen.findByText('return −1.56%')).toBeVisible();
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
    // An index level is points, not rupees.
    const nifty = await screen.findByRole('button', { name: /NIFTY 50/ });
    expect(nifty).toHaveTextContent('9,107.60');
    expect(nifty).not.toHaveTextContent('₹');
    fireEvent.click(screen.getByRole('button', { name: '+10 min' }));
    await waitFor(() => expect(screen.getByTestId('replay-clock')).toHaveTextContent('09:25 IST'));
    expect(calls.find((c) => c.key === `POST /api/replays/${ID}/step`)?.body).toEqual({ minutes: 10 });
    expect(screen.getByRole('status')).toHaveTextContent('Market halted.');

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this replay?' });
    expect(dialog).toHaveTextContent(
      'Finish closes every open position at the last price and reveals the dates',
    );
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

const PORTFOLIO_ID = '0b7e2a3c-1d4f-4e5a-9b6c-7d8e9f0a1b2c';

function replayPortfolio(o: Partial<ReplayPortfolio> = {}): ReplayPortfolio {
  return {
    replayId: ID,
    portfolioId: PORTFOLIO_ID,
    clock: '2020-03-13T03:45:00.000Z',
    startingCash: 10_000,
    figures: {
      totalValue: 10_012.5,
      availableCash: 9_087.25,
      reserved: 0,
      invested: 912.75,
      holdingsValue: 925.25,
      unrealisedPnl: 12.5,
      unrealisedPnlPercent: 1.37,
      realisedPnl: 0,
      totalPnl: 12.5,
      daysPnl: 12.5,
      daysPnlPercent: 1.37,
      holdings: 1,
      positions: [],
    },
    chargesPaid: 0.75,
    positions: [
      {
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        sector: 'Energy',
        product: 'CNC',
        quantity: 2,
        averagePrice: 456.38,
        price: 462.63,
        unrealisedPnl: 12.5,
      },
    ],
    orders: [
      {
        id: 'ord-2',
        clientOrderId: 'client-ord-2',
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        side: 'SELL',
        orderType: 'LIMIT',
        product: 'CNC',
        quantity: 1,
        limitPrice: 480,
        triggerPrice: null,
        status: 'PENDING',
        statusReason: null,
        executionPrice: null,
        fees: 0,
        executedAt: null,
      },
      {
        id: 'ord-1',
        clientOrderId: 'client-ord-1',
        symbol: 'RELIANCE',
        name: 'Reliance Industries Ltd.',
        side: 'BUY',
        orderType: 'MARKET',
        product: 'CNC',
        quantity: 2,
        limitPrice: null,
        triggerPrice: null,
        status: 'FILLED',
        statusReason: null,
        executionPrice: 456.25,
        fees: 0.75,
        executedAt: '2020-03-13T03:46:00.000Z',
      },
    ],
    ...o,
  };
}

const tradingMarket = {
  [`GET /api/stocks/quote/RELIANCE?replayId=${ID}`]: () => ({
    body: { success: true, data: quote('RELIANCE', 'Reliance Industries Ltd.', 456.25, -10) },
  }),
  [`GET /api/live-charts/historical/RELIANCE?period=1D&replayId=${ID}`]: () => ({
    body: {
      success: true,
      symbol: 'RELIANCE',
      period: '1D',
      interval: '1m',
      data: [],
      latest: null,
      marketOpen: true,
      exchange: 'NSE',
    },
  }),
};

const ticket = async () => within(await screen.findByRole('form', { name: 'Replay order' }));

describe('Replay Lab trading', () => {
  it.each([
    ['finished', replay({ status: 'finished', portfolioId: PORTFOLIO_ID }), 'This replay is finished'],
    [
      'halted',
      replay({
        portfolioId: PORTFOLIO_ID,
        marketHalt: {
          phase: 'halt',
          message: 'Trading is halted: the market-wide circuit breaker tripped at 09:20 IST.',
          reopensAt: '2020-03-13T04:50:00.000Z',
        },
      }),
      'Trading is off: Trading is halted: the market-wide circuit breaker tripped at 09:20 IST.',
    ],
    ['without a portfolio', replay({ portfolioId: null }), 'started before replays had their own portfolio'],
  ])('the ticket is off, with its reason, when the replay is %s', async (_, current, reason) => {
    signedInAs();
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: current } }),
      [`GET /api/replays/${ID}/portfolio`]: () => ({ body: { success: true, data: replayPortfolio() } }),
      ...market('2020-03-13T03:45'),
    });
    renderApp(`/replay/${ID}`);
    const form = await ticket();
    expect(form.getByTestId('ticket-blocked')).toHaveTextContent(reason);
    expect(form.getByRole('button', { name: 'Place buy order' })).toBeDisabled();
    expect(form.getByLabelText('Quantity')).toBeDisabled();
    expect(calls.some((c) => c.key === 'POST /api/orders/place')).toBe(false);
  });

  it('places an order in the replay’s portfolio and says what the server did with it', async () => {
    signedInAs();
    let placed = false;
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({
        body: { success: true, data: replay({ portfolioId: PORTFOLIO_ID }) },
      }),
      [`GET /api/replays/${ID}/portfolio`]: () => ({
        body: { success: true, data: replayPortfolio(placed ? {} : { positions: [], orders: [] }) },
      }),
      'POST /api/orders/place': () => {
        placed = true;
        return {
          status: 201,
          body: {
            success: true,
            message: 'Buy order for 2 RELIANCE filled',
            data: { order: makeOrder({ quantity: 2, executionPrice: 456.25, price: 456.25 }) },
          },
        };
      },
      ...market('2020-03-13T03:45'),
      ...tradingMarket,
    });
    renderApp(`/replay/${ID}`);
    expect(await screen.findByText('No orders yet.')).toBeVisible();
    fireEvent.click(await screen.findByRole('button', { name: /Reliance Industries Ltd\./ }));
    const form = await ticket();
    await waitFor(() => expect(form.getByTestId('ticket-stock')).toHaveTextContent('Last price ₹456.25'));
    fireEvent.change(form.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: 'Place buy order' }));
    expect(await form.findByRole('status')).toHaveTextContent('Buy 2 RELIANCE: filled at ₹456.25.');
    const body = calls.find((c) => c.key === 'POST /api/orders/place')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      symbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
      product: 'CNC',
      validity: 'DAY',
      portfolioId: PORTFOLIO_ID,
    });
    expect(typeof body.clientOrderId).toBe('string');
    // The portfolio is read again after the order: the fill is in its orders.
    expect(await screen.findByTestId('replay-order-ord-1')).toHaveTextContent('₹456.25');
  });

  it('shows the server’s refusal and no success', async () => {
    signedInAs();
    stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({
        body: { success: true, data: replay({ portfolioId: PORTFOLIO_ID }) },
      }),
      [`GET /api/replays/${ID}/portfolio`]: () => ({ body: { success: true, data: replayPortfolio() } }),
      'POST /api/orders/place': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Insufficient funds: this order needs ₹45,625.00 and ₹9,087.25 is available',
          code: 'INSUFFICIENT_FUNDS',
        },
      }),
      ...market('2020-03-13T03:45'),
      ...tradingMarket,
    });
    renderApp(`/replay/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /Reliance Industries Ltd\./ }));
    const form = await ticket();
    fireEvent.change(form.getByLabelText('Quantity'), { target: { value: '100' } });
    fireEvent.click(form.getByRole('button', { name: 'Place buy order' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Insufficient funds: this order needs ₹45,625.00 and ₹9,087.25 is available',
    );
    expect(form.queryByRole('status')).toBeNull();
  });

  it('the portfolio panel shows the glossary’s figures, positions and orders, and cancels a resting one', async () => {
    signedInAs();
    let cancelled = false;
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({
        body: { success: true, data: replay({ portfolioId: PORTFOLIO_ID }) },
      }),
      [`GET /api/replays/${ID}/portfolio`]: () => {
        const data = replayPortfolio();
        if (cancelled)
          data.orders[0] = { ...data.orders[0]!, status: 'CANCELLED', statusReason: 'Cancelled by you' };
        return { body: { success: true, data } };
      },
      'POST /api/orders/cancel/ord-2': () => {
        cancelled = true;
        return {
          body: { success: true, message: 'Order cancelled', data: makeOrder({ status: 'CANCELLED' }) },
        };
      },
      ...market('2020-03-13T03:45'),
    });
    renderApp(`/replay/${ID}`);
    const figures = within(await screen.findByRole('group', { name: 'Replay portfolio figures' }));
    const figure = (name: string) => figures.getByText(name).closest('[data-stat-card]');
    expect(figure('Total Value')).toHaveTextContent('₹10,012.50');
    expect(figure('Available Cash')).toHaveTextContent('₹9,087.25');
    expect(figure('Holdings Value')).toHaveTextContent('₹925.25');
    expect(figure('Unrealised P&L')).toHaveTextContent('+₹12.50');
    expect(figure('Realised P&L')).toHaveTextContent('₹0.00');
    expect(figure('Charges paid')).toHaveTextContent('₹0.75');
    const position = screen.getByTestId('replay-position-RELIANCE');
    expect(position).toHaveTextContent('Delivery');
    expect(position).toHaveTextContent('+₹12.50');
    expect(screen.getByTestId('replay-order-ord-1')).toHaveTextContent('Mar 13, 2020 09:16 IST');
    fireEvent.click(screen.getByRole('button', { name: /Cancel sell limit ₹480.00 order/ }));
    await waitFor(() => expect(screen.getByTestId('replay-order-ord-2')).toHaveTextContent('CANCELLED'));
    expect(calls.find((c) => c.key === 'POST /api/orders/cancel/ord-2')?.body).toEqual({
      portfolioId: PORTFOLIO_ID,
    });
  });

  it('a finished replay shows its score card: five figures, a dash with its reason for a missing one, and its trades', async () => {
    signedInAs();
    const score: ReplayScore = {
      returnPercent: 1.25,
      buyAndHoldPercent: null,
      niftyPercent: -4.1,
      chargesPaid: 1.52,
      maxDrawdownPercent: 2.3,
      startingCash: 10_000,
      finalValue: 10_125,
      trades: [
        {
          time: '2020-03-13T03:46:00.000Z',
          symbol: 'RELIANCE',
          name: 'Reliance Industries Ltd.',
          side: 'BUY',
          quantity: 2,
          price: 456.25,
          closing: false,
        },
        {
          time: '2020-03-13T10:00:00.000Z',
          symbol: 'RELIANCE',
          name: 'Reliance Industries Ltd.',
          side: 'SELL',
          quantity: 2,
          price: 519.5,
          closing: true,
        },
      ],
    };
    stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({
        body: {
          success: true,
          data: replay({
            status: 'finished',
            portfolioId: PORTFOLIO_ID,
            score,
            finishedAt: '2026-11-27T10:05:00Z',
          }),
        },
      }),
      [`GET /api/replays/${ID}/portfolio`]: () => ({
        body: { success: true, data: replayPortfolio({ positions: [] }) },
      }),
      ...market('2020-03-13T03:45'),
    });
    renderApp(`/replay/${ID}`);
    const card = within(await screen.findByRole('region', { name: 'Replay score' }));
    expect(card.getByTestId('score-return')).toHaveTextContent('Your return+1.25%');
    expect(card.getByTestId('score-buy-and-hold')).toHaveTextContent(
      'Buy & hold (same stocks)—Nothing was traded, so there are no stocks to hold.',
    );
    expect(card.getByTestId('score-nifty')).toHaveTextContent('NIFTY 50−4.10%');
    expect(card.getByTestId('score-charges')).toHaveTextContent('Charges paid₹1.52');
    expect(card.getByTestId('score-drawdown')).toHaveTextContent('Max drawdown−2.30%');
    expect(card.getByTestId('score-value-change')).toHaveTextContent(
      'Starting cash ₹10,000.00 → final value ₹10,125.00',
    );
    const trades = within(card.getByRole('list', { name: 'Trades' })).getAllByRole('listitem');
    expect(trades[0]).toHaveTextContent('Bought 2 Reliance Industries Ltd. (RELIANCE)');
    expect(trades[1]).toHaveTextContent('Sold 2 Reliance Industries Ltd. (RELIANCE) · closed at the finish');
    expect(card.getByText('This replay covered Mar 13, 2020.')).toBeVisible();
  });
});
