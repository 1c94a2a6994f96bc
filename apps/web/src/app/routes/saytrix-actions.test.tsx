import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Alert, Gtt, JournalEntry, SaytrixAction, SaytrixReply } from '@nivesh/shared';
import { ActionCard } from '../../features/saytrix/components/action-card';
import { makeWatchlist } from '../../features/market/test/market-fixtures';
import { signedInAs, stubFetch } from '../../test/render';
import { makeOrder } from '../../test/trading-fixtures';
import { useSaytrixActions } from './saytrix-actions';

const ORDER = '11111111-1111-4111-8111-111111111111';
const ALERT = '22222222-2222-4222-8222-222222222222';
const GTT = '33333333-3333-4333-8333-333333333333';
const FILL = '44444444-4444-4444-8444-444444444444';
const AT = '2026-11-26T05:00:00.000Z';
const stamps = { createdAt: AT, updatedAt: AT, expiresAt: '2027-11-26T05:00:00.000Z' };

// Schema-valid bodies for the endpoints' answers, in a few lines each.
const active = { status: 'ACTIVE' as const, statusReason: null };
const alert: Alert = {
  ...{ ...stamps, ...active, id: ALERT, symbol: 'ITC', name: 'ITC Ltd.', watch: 'price' as const },
  ...{ condition: 'below' as const, value: 400, frequency: 'once' as const, cooldownSeconds: 60, note: null },
  ...{ lastTriggeredAt: null, triggerCount: 0, history: [] },
};
const gtt: Gtt = {
  ...{ ...stamps, ...active, id: GTT, symbol: 'TCS', name: 'TCS Ltd.', kind: 'single' as const },
  ...{ side: 'BUY' as const, product: 'CNC' as const, quantity: 2, referencePrice: 3412.5, orderId: null },
  legs: [{ triggerPrice: 3300, limitPrice: 3310, direction: 'down' }],
  ...{ triggeredLeg: null, triggeredAt: null, triggeredPrice: null },
};
const journal: JournalEntry = {
  ...{ ...stamps, id: 'j1', _id: 'j1', ticker: 'TCS', currency: 'INR' as const, quantity: 2, price: 3412.5 },
  ...{ type: 'BUY' as const, total: 6825, fillId: FILL, fill: null, tags: [], note: 'Bought the breakout' },
  ...{ setup: null, stop: null, target: null, confidence: null, review: '' },
};

const reply = (action: SaytrixAction, params: Record<string, unknown>, context?: string): SaytrixReply => ({
  response: 'Here is the change; confirm it on the card.',
  intent: 'orders',
  suggestions: [],
  action,
  params,
  confidence: 'high',
  ...(context ? { context } : {}),
});

function Harness({ r }: { r: SaytrixReply }) {
  const { handlers } = useSaytrixActions();
  return <ActionCard reply={r} handlers={handlers} />;
}

function show(r: SaytrixReply) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness r={r} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId('saytrix-action-card');
}

/** Confirms the card and waits for the API's own words; the button then stays disabled. */
async function confirm(button: string, success: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByRole('status')).toHaveTextContent(success);
  expect(screen.getByRole('button', { name: button })).toBeDisabled();
}

const ok = (message: string, data: unknown) => () => ({ body: { success: true, message, data } });
const mutations = (calls: Array<{ key: string; body: unknown }>) =>
  calls.filter((c) => !c.key.startsWith('GET'));

afterEach(() => vi.restoreAllMocks());

describe('Saytrix change cards', () => {
  it('cancels a pending order only once confirmed', async () => {
    signedInAs();
    const calls = stubFetch({
      [`POST /api/orders/cancel/${ORDER}`]: ok(
        'Order cancelled',
        makeOrder({ id: ORDER, status: 'CANCELLED' }),
      ),
    });
    const card = show(
      reply('cancel_order', { orderId: ORDER, symbol: 'RELIANCE', side: 'SELL', quantity: 5 }),
    );
    expect(card).toHaveTextContent('Cancel your pending sell order: 5 shares of RELIANCE');
    expect(mutations(calls)).toEqual([]);
    await confirm('Cancel order', 'Order cancelled');
    expect(mutations(calls)).toEqual([{ key: `POST /api/orders/cancel/${ORDER}`, body: {} }]);
  });

  it('modifies an order, showing from → to and the follow-up context', async () => {
    signedInAs();
    const calls = stubFetch({
      [`PATCH /api/orders/${ORDER}`]: ok('Order modified', makeOrder({ id: ORDER })),
    });
    const card = show(
      reply(
        'modify_order',
        {
          orderId: ORDER,
          symbol: 'TCS',
          side: 'BUY',
          quantity: 10,
          price: 3390,
          from: { quantity: 5, price: 3400 },
        },
        'Quantity 5 → 10',
      ),
    );
    expect(card).toHaveTextContent('Change your pending buy order for TCS');
    expect(card).toHaveTextContent('Quantity 5 → 10');
    expect(card).toHaveTextContent('Price ₹3,400.00 → ₹3,390.00');
    expect(screen.getByTestId('saytrix-context')).toHaveTextContent('Quantity 5 → 10');
    await confirm('Modify order', 'Order modified');
    expect(mutations(calls)).toEqual([
      { key: `PATCH /api/orders/${ORDER}`, body: { quantity: 10, price: 3390 } },
    ]);
  });

  it('removes a stock from every watchlist that holds it', async () => {
    signedInAs();
    const lists = [
      makeWatchlist('w1', 'My Watchlist', ['TCS', 'ITC'], true),
      makeWatchlist('w2', 'IT', ['TCS']),
    ];
    const calls = stubFetch({
      'GET /api/watchlist': () => ({ body: { success: true, data: lists } }),
      'DELETE /api/watchlist/remove/TCS/w1': ok(
        'Removed TCS from watchlist',
        makeWatchlist('w1', 'My Watchlist', ['ITC'], true),
      ),
      'DELETE /api/watchlist/remove/TCS/w2': ok('Removed TCS from watchlist', makeWatchlist('w2', 'IT', [])),
    });
    expect(show(reply('remove_watchlist', { symbol: 'TCS' }))).toHaveTextContent(
      'Remove TCS from your watchlist',
    );
    await confirm('Remove', 'Removed TCS from watchlist');
    expect(mutations(calls).map((c) => c.key)).toEqual([
      'DELETE /api/watchlist/remove/TCS/w1',
      'DELETE /api/watchlist/remove/TCS/w2',
    ]);
  });

  it('changes an alert from its old level to the new one', async () => {
    signedInAs();
    const calls = stubFetch({ [`PATCH /api/alerts/${ALERT}`]: ok('Alert updated', alert) });
    const card = show(
      reply('modify_alert', {
        alertId: ALERT,
        symbol: 'ITC',
        condition: 'below',
        price: 400,
        from: { condition: 'above', price: 450 },
      }),
    );
    expect(card).toHaveTextContent('above ₹450.00 → below ₹400.00');
    await confirm('Update alert', 'Alert updated');
    expect(mutations(calls)).toEqual([
      { key: `PATCH /api/alerts/${ALERT}`, body: { condition: 'below', value: 400 } },
    ]);
  });

  it('deletes an alert', async () => {
    signedInAs();
    const calls = stubFetch({
      [`DELETE /api/alerts/${ALERT}`]: () => ({ body: { success: true, message: 'Alert deleted' } }),
    });
    expect(
      show(reply('delete_alert', { alertId: ALERT, symbol: 'ITC', condition: 'below', price: 400 })),
    ).toHaveTextContent('Delete your alert: ITC below ₹400.00');
    await confirm('Delete alert', 'Alert deleted');
    expect(mutations(calls)).toEqual([{ key: `DELETE /api/alerts/${ALERT}`, body: undefined }]);
  });

  it('creates a single-leg GTT with its trigger and limit', async () => {
    signedInAs();
    const calls = stubFetch({
      'POST /api/gtt': () => ({
        status: 201,
        body: { success: true, message: 'GTT set: buy 2 TCS', data: gtt },
      }),
    });
    const card = show(
      reply('create_gtt', { symbol: 'TCS', side: 'BUY', quantity: 2, triggerPrice: 3300, limitPrice: 3310 }),
    );
    expect(card).toHaveTextContent('GTT: buy 2 shares of TCS when the price reaches ₹3,300.00');
    expect(card).toHaveTextContent('Limit ₹3,310.00 · Delivery');
    await confirm('Create GTT', 'GTT set: buy 2 TCS');
    expect(mutations(calls)).toEqual([
      {
        key: 'POST /api/gtt',
        body: {
          symbol: 'TCS',
          kind: 'single',
          side: 'BUY',
          quantity: 2,
          legs: [{ triggerPrice: 3300, limitPrice: 3310 }],
        },
      },
    ]);
  });

  it('modifies a GTT: the card shows what changes, the call sends the new quantity and leg', async () => {
    signedInAs();
    const legs = [{ triggerPrice: 3250, limitPrice: 3260, direction: 'down' as const }];
    const calls = stubFetch({
      [`PATCH /api/gtt/${GTT}`]: ok('GTT modified: BUY 3 TCS', { ...gtt, quantity: 3, legs }),
    });
    const card = show(
      reply('modify_gtt', {
        gttId: GTT,
        symbol: 'TCS',
        side: 'BUY',
        quantity: 3,
        triggerPrice: 3250,
        limitPrice: 3260,
        from: { quantity: 2, triggerPrice: 3300, limitPrice: 3310 },
      }),
    );
    expect(card).toHaveTextContent('Change your GTT to buy TCS');
    expect(card).toHaveTextContent('Quantity 2 → 3');
    expect(card).toHaveTextContent('Trigger ₹3,300.00 → ₹3,250.00');
    expect(card).toHaveTextContent('Limit ₹3,310.00 → ₹3,260.00');
    await confirm('Modify GTT', 'GTT modified: BUY 3 TCS');
    expect(mutations(calls)).toEqual([
      {
        key: `PATCH /api/gtt/${GTT}`,
        body: { quantity: 3, legs: [{ triggerPrice: 3250, limitPrice: 3260 }] },
      },
    ]);
  });

  it('deletes a GTT', async () => {
    signedInAs();
    const calls = stubFetch({
      [`DELETE /api/gtt/${GTT}`]: ok('GTT cancelled', { ...gtt, status: 'CANCELLED' }),
    });
    expect(
      show(reply('delete_gtt', { gttId: GTT, symbol: 'TCS', side: 'BUY', quantity: 1 })),
    ).toHaveTextContent('Delete your GTT to buy 1 share of TCS');
    await confirm('Delete GTT', 'GTT cancelled');
    expect(mutations(calls)).toEqual([{ key: `DELETE /api/gtt/${GTT}`, body: undefined }]);
  });

  it('adds a note to the journal from a fill', async () => {
    signedInAs();
    const calls = stubFetch({
      'POST /api/trades': () => ({
        status: 201,
        body: { success: true, message: 'Trade added', trade: journal },
      }),
    });
    const card = show(
      reply('add_journal_note', {
        fillId: FILL,
        symbol: 'TCS',
        side: 'BUY',
        quantity: 2,
        price: 3412.5,
        note: 'Bought the breakout',
      }),
    );
    expect(card).toHaveTextContent('Add a journal note to your buy of 2 shares of TCS at ₹3,412.50');
    expect(card).toHaveTextContent('Note: “Bought the breakout”');
    await confirm('Add note', 'Trade added');
    expect(mutations(calls)).toEqual([
      { key: 'POST /api/trades', body: { fillId: FILL, note: 'Bought the breakout' } },
    ]);
  });

  it("shows the API's refusal, no success, and stays ready to try again", async () => {
    signedInAs();
    stubFetch({
      [`PATCH /api/orders/${ORDER}`]: () => ({
        status: 409,
        body: { success: false, message: 'Only a pending order can be modified', code: 'CONFLICT' },
      }),
    });
    show(
      reply('modify_order', {
        orderId: ORDER,
        symbol: 'TCS',
        side: 'BUY',
        quantity: 10,
        from: { quantity: 5 },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Modify order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a pending order can be modified');
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modify order' })).toBeEnabled());
  });

  it('refuses to remove a stock that no watchlist holds, without calling remove', async () => {
    signedInAs();
    const calls = stubFetch({
      'GET /api/watchlist': () => ({
        body: { success: true, data: [makeWatchlist('w1', 'My Watchlist', ['ITC'], true)] },
      }),
    });
    show(reply('remove_watchlist', { symbol: 'TCS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TCS is not in your watchlist.');
    expect(mutations(calls)).toEqual([]);
  });

  it('adds to the default watchlist only once confirmed, and says so only after the API did', async () => {
    signedInAs();
    const lists = [makeWatchlist('w2', 'IT', ['INFY']), makeWatchlist('w1', 'My Watchlist', ['ITC'], true)];
    const calls = stubFetch({
      'GET /api/watchlist': () => ({ body: { success: true, data: lists } }),
      'POST /api/watchlist/add': ok(
        'Added TCS to watchlist',
        makeWatchlist('w1', 'My Watchlist', ['ITC', 'TCS'], true),
      ),
    });
    expect(show(reply('add_watchlist', { symbol: 'TCS' }, 'Same for TCS'))).toHaveTextContent(
      'Add TCS to your watchlist',
    );
    expect(screen.getByTestId('saytrix-context')).toHaveTextContent('Same for TCS');
    expect(mutations(calls)).toEqual([]);
    await confirm('Add', 'Added TCS to watchlist');
    expect(mutations(calls)).toEqual([
      { key: 'POST /api/watchlist/add', body: { symbol: 'TCS', watchlistId: 'w1' } },
    ]);
  });

  it('refuses to add a stock that is already watched, without calling add', async () => {
    signedInAs();
    const calls = stubFetch({
      'GET /api/watchlist': () => ({
        body: { success: true, data: [makeWatchlist('w1', 'My Watchlist', ['TCS'], true)] },
      }),
    });
    show(reply('add_watchlist', { symbol: 'TCS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TCS is already in your watchlist.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(mutations(calls)).toEqual([]);
  });
});
