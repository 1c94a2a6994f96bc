import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import type { SaytrixReply } from '@nivesh/shared';
import { ActionCard } from './action-card';

const proposal = (params: Record<string, unknown>): SaytrixReply => ({
  response: 'Here is the order; review it before placing.',
  intent: 'buy',
  suggestions: [],
  action: 'buy_stock',
  params,
  confidence: 'high',
});

describe('Saytrix order proposal', () => {
  it('names the product and hands it to the order dialog', () => {
    const openOrder = vi.fn();
    render(
      <MemoryRouter>
        <ActionCard
          reply={proposal({ symbol: 'TCS', quantity: 3, product: 'MIS' })}
          handlers={{ openOrder }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('saytrix-action-card')).toHaveTextContent('Buy 3 TCS · market · Intraday');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(openOrder).toHaveBeenCalledWith(
      expect.objectContaining({ symbol: 'TCS', product: 'MIS', side: 'BUY' }),
    );
  });

  it('proposes Delivery when the request named no product', () => {
    render(
      <MemoryRouter>
        <ActionCard reply={proposal({ symbol: 'TCS', quantity: 3 })} handlers={{ openOrder: vi.fn() }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('saytrix-action-card')).toHaveTextContent('Buy 3 TCS · market · Delivery');
  });
});
