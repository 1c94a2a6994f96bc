import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReplayScore } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeOrder } from '../../../test/trading-fixtures';
import {
  ID,
  market,
  PORTFOLIO_ID,
  replay,
  replayPortfolio,
  ticket,
  tradingMarket,
  verify,
} from './replay-test-fixtures';

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
