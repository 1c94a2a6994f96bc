import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JournalEntry } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const FILL = '33333333-3333-4333-8333-333333333333';
const ORDER = '44444444-4444-4444-8444-444444444444';

function entry(id: string, overrides: Partial<JournalEntry>): JournalEntry {
  return {
    id,
    _id: id,
    ticker: 'TCS',
    currency: 'INR',
    quantity: 2,
    price: 3412.5,
    type: 'BUY',
    total: 6825,
    fillId: null,
    fill: null,
    note: '',
    tags: [],
    setup: null,
    stop: null,
    target: null,
    confidence: null,
    review: '',
    createdAt: '2026-11-20T05:00:00.000Z',
    updatedAt: '2026-11-20T05:00:00.000Z',
    ...overrides,
  };
}

const page = (trades: JournalEntry[]) => ({
  body: { success: true, trades, pagination: { page: 1, limit: 24, total: trades.length, totalPages: 1 } },
});
const LIST = 'GET /api/trades?type=all&page=1&limit=24';

describe('trades screen', () => {
  it('shows the empty text for a new journal', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      [LIST]: () => page([]),
      'GET /api/trades/tags': () => ({ body: { success: true, tags: [] } }),
    });
    renderApp('/trades');
    expect(await screen.findByRole('heading', { name: 'My Trades', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Asha Rao's trade journal")).toBeInTheDocument();
    expect(await screen.findByText('No trades found. Create your first trade!')).toBeInTheDocument();
  });

  it('shows ₹ for Indian tickers, $ for US ones, the linked P&L and the per-tag summary', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      [LIST]: () =>
        page([
          entry(ID1, { ticker: 'AAPL', currency: 'USD', quantity: 1, price: 190.12, total: 190.12 }),
          entry(ID2, {
            ticker: 'ITC',
            type: 'SELL',
            quantity: 3,
            price: 410.25,
            total: 1230.75,
            fillId: FILL,
            fill: {
              id: FILL,
              orderId: ORDER,
              ticker: 'ITC',
              type: 'SELL',
              quantity: 3,
              price: 410.25,
              fees: 1.1,
              realizedPnl: 12.4,
              executedAt: '2026-11-20T05:00:00.000Z',
            },
            tags: ['exit'],
          }),
        ]),
      'GET /api/trades/tags': () => ({
        body: {
          success: true,
          tags: [{ tag: 'exit', entries: 1, closedTrades: 1, wins: 1, winRate: 100, realizedPnl: 12.4 }],
        },
      }),
    });
    renderApp('/trades');
    const cards = await screen.findAllByTestId('trade-card');
    expect(within(cards[0]!).getByTestId('trade-total')).toHaveTextContent('$190.12');
    expect(within(cards[1]!).getByTestId('trade-total')).toHaveTextContent('₹1,230.75');
    expect(within(cards[1]!).getByTestId('trade-fill')).toHaveTextContent('Realised +₹12.40');
    expect(
      within(screen.getByTestId('tag-summary')).getByRole('listitem', { name: 'Tag exit' }),
    ).toHaveTextContent('Win rate 100.0% of 1 closed');
  });

  it('opens the form pre-filled from a filled order and posts only the link and the notes', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [LIST]: () => page([]),
      'GET /api/trades/tags': () => ({ body: { success: true, tags: [] } }),
      [`GET /api/trades/link?orderId=${ORDER}`]: () => ({
        body: {
          success: true,
          fill: {
            id: FILL,
            orderId: ORDER,
            ticker: 'ITC',
            type: 'BUY',
            quantity: 4,
            price: 409.5,
            fees: 0.6,
            realizedPnl: null,
            executedAt: '2026-11-20T05:00:00.000Z',
          },
        },
      }),
      'POST /api/trades': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Trade created successfully',
          trade: entry(ID1, { ticker: 'ITC', quantity: 4, price: 409.5, total: 1638, fillId: FILL }),
        },
      }),
    });
    renderApp(`/trades?order=${ORDER}`);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Trade' });
    expect(within(dialog).getByTestId('linked-fill')).toHaveTextContent(
      'Linked to your BUY fill of 4 ITC at ₹409.50',
    );
    expect(within(dialog).getByLabelText('Ticker')).toHaveValue('ITC');
    expect(within(dialog).getByLabelText('Ticker')).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Tags'), { target: { value: 'Breakout, swing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/trades')).toBeDefined());
    expect(calls.find((c) => c.key === 'POST /api/trades')!.body).toEqual({
      orderId: ORDER,
      setup: null,
      tags: ['breakout', 'swing'],
      stop: null,
      target: null,
      confidence: null,
      note: '',
      review: '',
    });
    expect(await screen.findByText('Trade created successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New Trade' })).not.toBeInTheDocument(),
    );
  });

  it('shows field messages for bad input without calling the server', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [LIST]: () => page([]),
      'GET /api/trades/tags': () => ({ body: { success: true, tags: [] } }),
    });
    renderApp('/trades');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Trade' });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '10.005' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Ticker is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must have at most 2 decimals')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/trades')).toBe(false);
  });
});
