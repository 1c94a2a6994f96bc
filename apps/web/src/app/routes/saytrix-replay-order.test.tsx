import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SaytrixReply } from '@nivesh/shared';
import { ActionCard } from '../../features/saytrix/components/action-card';
import { signedInAs, stubFetch } from '../../test/render';
import { makeOrder } from '../../test/trading-fixtures';
import { useSaytrixActions } from './saytrix-actions';

const REPLAY = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const PORTFOLIO = '6f1d2c3b-4a5e-4f60-8a7b-000000000099';
const ORDER = '11111111-1111-4111-8111-111111111111';

/** A proposal Saytrix made inside a replay: its params name the replay and its portfolio. */
const reply = (action: 'buy_stock' | 'cancel_order', params: Record<string, unknown>): SaytrixReply => ({
  response: 'In **Blind replay**: Ready to buy 2 STOCK-HP at market.',
  intent: action === 'buy_stock' ? 'buy' : 'orders',
  suggestions: [],
  action,
  params: { ...params, portfolioId: PORTFOLIO, replayId: REPLAY },
  confidence: 'high',
  scope: { portfolioId: PORTFOLIO, name: 'Blind replay', kind: 'replay', replayId: REPLAY, blind: true },
});

function Harness({ r }: { r: SaytrixReply }) {
  const { handlers, dialog } = useSaytrixActions();
  return (
    <>
      <ActionCard reply={r} handlers={handlers} />
      {dialog}
    </>
  );
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
}

afterEach(() => vi.restoreAllMocks());

describe('Saytrix proposals made inside a replay', () => {
  it('a buy is confirmed into the replay’s portfolio through the order route, with the quantity as proposed', async () => {
    signedInAs();
    const calls = stubFetch({
      'POST /api/orders/place': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Buy order filled: 2 STOCK-HP',
          data: { order: makeOrder({ symbol: 'STOCK-HP', quantity: 2 }) },
        },
      }),
    });
    show(reply('buy_stock', { symbol: 'STOCK-HP', quantity: 2, orderType: 'MARKET', product: 'CNC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByRole('dialog', { name: 'Buy STOCK-HP in this replay' })).toBeInTheDocument();
    // Nothing is placed until the user confirms.
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2 STOCK-HP' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Buy order filled: 2 STOCK-HP');
    const placed = calls.filter((c) => c.key === 'POST /api/orders/place');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({
      symbol: 'STOCK-HP',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
      product: 'CNC',
      portfolioId: PORTFOLIO,
      clientOrderId: expect.any(String),
    });
  });

  it('a cancel names the replay’s portfolio, not the active one', async () => {
    signedInAs();
    const calls = stubFetch({
      [`POST /api/orders/cancel/${ORDER}`]: () => ({
        body: {
          success: true,
          message: 'Order cancelled',
          data: { order: makeOrder({ id: ORDER, status: 'CANCELLED' }) },
        },
      }),
    });
    show(reply('cancel_order', { orderId: ORDER, symbol: 'STOCK-HP', side: 'BUY', quantity: 2 }));
    fireEvent.click(screen.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(calls.some((c) => c.key === `POST /api/orders/cancel/${ORDER}`)).toBe(true));
    expect(calls.find((c) => c.key === `POST /api/orders/cancel/${ORDER}`)!.body).toMatchObject({
      portfolioId: PORTFOLIO,
    });
  });
});
