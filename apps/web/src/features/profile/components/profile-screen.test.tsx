import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';
import { makeHolding, makeStats, makeSummary } from '../../../test/trading-fixtures';

/** Signed in, holding 1 TCS bought at ₹100 and now at ₹110 (Unrealised +₹10.00), with this Realised P&L. */
const withHolding = (realisedPnl: number) => ({
  'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
  'GET /api/portfolio/summary': () => ({
    body: {
      success: true,
      data: makeSummary(
        [makeHolding('TCS', { quantity: 1, avgPrice: 100, currentPrice: 110 })],
        9_000,
        0,
        realisedPnl,
      ),
    },
  }),
});

describe('profile', () => {
  it('shows the joined line, locked avatar upload and edits with Cancel/Save Changes', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'GET /api/portfolio/stats': () => ({ body: { success: true, data: makeStats() } }),
      'PUT /api/user/profile': () => ({
        body: { success: true, message: 'ok', user: testUser({ location: 'Mumbai' }) },
      }),
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

  it('shows the trading stats with the glossary P&L figures and all six achievements with earned state and progress', async () => {
    signedInAs();
    stubFetch({
      ...withHolding(-12.5),
      'GET /api/portfolio/stats': () => ({
        body: {
          success: true,
          data: makeStats({
            totalTrades: 4,
            winRate: 66.7,
            realizedPnL: -12.5,
            bestTrade: { symbol: 'TCS', pnl: 40.25, date: '2026-11-20T05:00:00.000Z' },
            achievements: [
              {
                id: 'first-trade',
                title: 'First Trade',
                description: 'Complete your first transaction',
                earned: true,
                progress: '4 / 1 trades',
              },
              {
                id: 'portfolio-builder',
                title: 'Portfolio Builder',
                description: 'Hold 3 different stocks',
                earned: false,
                progress: '2 / 3 holdings',
              },
              {
                id: 'profit-maker',
                title: 'Profit Maker',
                description: 'Positive total gain',
                earned: false,
                progress: 'Total P&L −₹2.50',
              },
              {
                id: 'active-trader',
                title: 'Active Trader',
                description: '10 transactions',
                earned: false,
                progress: '4 / 10 trades',
              },
              {
                id: 'market-expert',
                title: 'Market Expert',
                description: '80% of 10 closed trades profitable',
                earned: false,
                progress: '3 / 10 closed trades',
              },
              {
                id: 'long-term-investor',
                title: 'Long Term Investor',
                description: 'Hold 6 months',
                earned: false,
                progress: 'Longest hold 2 days',
              },
            ],
          }),
        },
      }),
    });
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('stat-total-trades')).toHaveTextContent('4'));
    // The glossary's figures: Realised −₹12.50 + Unrealised +₹10.00 (1 TCS bought at ₹100, now ₹110).
    await waitFor(() => expect(screen.getByTestId('stat-total-pnl')).toHaveTextContent('−₹2.50'));
    expect(screen.getByTestId('stat-win-rate')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('stat-realized-pnl')).toHaveTextContent('−₹12.50');
    expect(screen.getByTestId('stat-best-trade')).toHaveTextContent('+₹40.25');
    expect(screen.getByText('TCS · Nov 20, 2026 10:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What is Realised P&L?' })).toHaveAccessibleDescription(
      /locked in by your sells/,
    );
    expect(screen.getByText('1 of 6 earned')).toBeInTheDocument();
    expect(screen.getByTestId('achievement-first-trade')).toHaveAttribute('data-earned', 'true');
    expect(screen.getByTestId('achievement-portfolio-builder')).toHaveTextContent('Locked');
    expect(screen.getByText('2 / 3 holdings')).toBeInTheDocument();
  });

  it('shows one Total P&L: Profit Maker follows the live card, and a losing sale is not the best trade', async () => {
    signedInAs();
    stubFetch({
      // Live figures: Realised −₹11.06 + Unrealised +₹10.00 = −₹1.06.
      ...withHolding(-11.06),
      // The stats were computed earlier, when Total P&L was +₹1.90; every sale so far lost money.
      'GET /api/portfolio/stats': () => ({
        body: {
          success: true,
          data: makeStats({
            totalTrades: 3,
            winRate: 0,
            realizedPnL: -11.06,
            bestTrade: null,
            achievements: [
              {
                id: 'profit-maker',
                title: 'Profit Maker',
                description: 'Have a positive Total P&L (realised + unrealised)',
                earned: true,
                progress: 'Total P&L ₹1.90',
              },
            ],
          }),
        },
      }),
    });
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('stat-total-pnl')).toHaveTextContent('−₹1.06'));
    const maker = screen.getByTestId('achievement-profit-maker');
    expect(maker).toHaveTextContent('Total P&L −₹1.06');
    expect(maker).toHaveAttribute('data-earned', 'false');
    expect(screen.queryByText(/₹1\.90/)).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-best-trade')).toHaveTextContent('—');
    expect(screen.getByText('No profitable sale yet')).toBeInTheDocument();
  });

  it('asks for the current password only when the email changes, and sends it with the change', async () => {
    signedInAs();
    const calls = stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'GET /api/portfolio/stats': () => ({ body: { success: true, data: makeStats() } }),
      'PUT /api/user/profile': () => ({
        body: { success: true, message: 'ok', user: testUser({ email: 'asha.rao@example.com' }) },
      }),
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha.rao@example.com' } });
    expect(screen.queryByLabelText('Authenticator Code')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /api/user/profile')?.body).toMatchObject({
      email: 'asha.rao@example.com',
      currentPassword: 'Str0ng!pass',
    });
  });
});
