import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';
import { makeStats } from '../../../test/trading-fixtures';

describe('profile', () => {
  it('shows the joined line, locked avatar upload and edits with Cancel/Save Changes', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'GET /api/portfolio/stats': () => ({ body: { success: true, data: makeStats() } }),
      'PUT /api/user/profile': () => ({ body: { success: true, message: 'ok', user: testUser({ location: 'Mumbai' }) } }),
    });
    renderApp('/profile');
    expect(await screen.findByText(/Joined November 2025/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avatar upload coming soon!' })).toBeDisabled();
    expect(await screen.findByText(/No trades yet/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Delhi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Location')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Mumbai')).toBeInTheDocument();
  });

  it('shows the four trading stats and all six achievements with earned state and progress', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'GET /api/portfolio/stats': () => ({
        body: {
          success: true,
          data: makeStats({
            totalTrades: 4,
            winRate: 66.7,
            realizedPnL: -12.5,
            bestTrade: { symbol: 'TCS', pnl: 40.25, date: '2026-11-20T05:00:00.000Z' },
            achievements: [
              { id: 'first-trade', title: 'First Trade', description: 'Complete your first transaction', earned: true, progress: '4 / 1 trades' },
              { id: 'portfolio-builder', title: 'Portfolio Builder', description: 'Hold 3 different stocks', earned: false, progress: '2 / 3 holdings' },
              { id: 'profit-maker', title: 'Profit Maker', description: 'Positive total gain', earned: false, progress: 'Total gain −₹12.50' },
              { id: 'active-trader', title: 'Active Trader', description: '10 transactions', earned: false, progress: '4 / 10 trades' },
              { id: 'market-expert', title: 'Market Expert', description: '80% of 10 closed trades profitable', earned: false, progress: '3 / 10 closed trades' },
              { id: 'long-term-investor', title: 'Long Term Investor', description: 'Hold 6 months', earned: false, progress: 'Longest hold 2 days' },
            ],
          }),
        },
      }),
    });
    renderApp('/profile');
    expect(await screen.findByTestId('stat-total-trades')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-win-rate')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('stat-realized-pnl')).toHaveTextContent('−₹12.50');
    expect(screen.getByTestId('stat-best-trade')).toHaveTextContent('+₹40.25');
    expect(screen.getByText(/TCS · 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByText('1 of 6 earned')).toBeInTheDocument();
    expect(screen.getByTestId('achievement-first-trade')).toHaveAttribute('data-earned', 'true');
    expect(screen.getByTestId('achievement-portfolio-builder')).toHaveTextContent('Locked');
    expect(screen.getByText('2 / 3 holdings')).toBeInTheDocument();
  });
});
