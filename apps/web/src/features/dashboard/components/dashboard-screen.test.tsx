import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';
import {
  makeAccount,
  makeHolding,
  makeOrder,
  makeReward,
  makeSummary,
  makeTxSummary,
} from '../../../test/trading-fixtures';
import { makeQuote, shellStubs } from '../../market/test/market-fixtures';
import { portfoliosStub, SWING_ID } from '../../../test/portfolio-fixtures';

const rewardResponse = (awarded: boolean, streak = 1) => ({
  body: {
    success: true,
    message: awarded ? 'Daily reward claimed! +₹100' : 'Daily reward already claimed today!',
    reward: { awarded, amount: awarded ? 100 : 0, streak, totalRewards: 100 * streak },
    data: makeReward({
      claimedToday: true,
      loginStreak: streak,
      totalRewards: 100 * streak,
      lastClaimDate: '2026-11-21',
      nextRewardAvailable: '2026-11-21T18:30:00.000Z',
    }),
  },
});

function stubs(extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  return stubFetch({
    ...shellStubs,
    'GET /api/stocks/indices': () => ({
      body: { success: true, data: [makeQuote('NIFTY50', { name: 'NIFTY 50', price: 24000 })] },
    }),
    'GET /api/stocks/movers?type=gainers&limit=5': () => ({
      body: {
        success: true,
        type: 'gainers',
        data: [makeQuote('TCS', { price: 3000 }), makeQuote('INFY', { price: 1500 })],
      },
    }),
    'GET /api/portfolio/summary': () => ({
      body: {
        success: true,
        data: makeSummary([makeHolding('INFY', { quantity: 2, avgPrice: 1400, currentPrice: 1500 })], 7000.5),
      },
    }),
    'GET /api/virtual-money/account': () => ({
      body: { success: true, data: makeAccount({ balance: 7000.5, availableCash: 7000.5 }) },
    }),
    'GET /api/virtual-money/daily-reward': () => ({ body: { success: true, data: makeReward() } }),
    'GET /api/portfolio/performance?range=1M': () => ({
      body: {
        success: true,
        data: {
          range: '1M',
          points: [{ date: '2026-11-21', portfolioValue: 10000.5, nifty: 24000 }],
          portfolioReturn: null,
          niftyReturn: null,
        },
      },
    }),
    'GET /api/transactions?sort=date&order=desc&page=1&limit=5': () => ({
      body: {
        success: true,
        data: [],
        summary: makeTxSummary(),
        pagination: { page: 1, limit: 5, total: 0, totalPages: 0 },
      },
    }),
    ...extra,
  });
}

describe('dashboard', () => {
  it('shows the account stats and the empty performance state of a new account', async () => {
    signedInAs();
    stubs({
      'GET /api/virtual-money/daily-reward': () => ({
        body: {
          success: true,
          data: makeReward({
            claimedToday: true,
            loginStreak: 8,
            totalRewards: 800,
            nextRewardAvailable: '2099-01-01T00:00:00.000Z',
          }),
        },
      }),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('cash-balance')).toHaveTextContent('₹7,000.50'));
    expect(screen.getByTestId('total-value')).toHaveTextContent('₹10,000.50');
    expect(screen.getByTestId('total-invested')).toHaveTextContent('₹2,800.00');
    expect(screen.getByTestId('holdings-count')).toHaveTextContent('1');
    expect(await screen.findByText('Your performance chart starts today')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('reward-streak')).toHaveTextContent('8 days'));
    expect(screen.getByTestId('reward-total')).toHaveTextContent('₹800.00');
    expect(screen.getByText(/8-day streak!/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites the claim once per session; once claimed, the header shows the streak instead of the claim button', async () => {
    signedInAs();
    sessionStorage.clear();
    let claimed = false;
    const calls = stubs({
      'GET /api/virtual-money/daily-reward': () => ({
        body: {
          success: true,
          data: makeReward(claimed ? { claimedToday: true, loginStreak: 1, totalRewards: 100 } : {}),
        },
      }),
      'POST /api/virtual-money/login-reward': () => {
        const first = !claimed;
        claimed = true;
        return rewardResponse(first);
      },
    });
    const { unmount } = renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Your daily reward is ready' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Claim ₹100.00' }));
    expect(await screen.findByText('Daily reward claimed! +₹100')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() =>
      expect(screen.getByTestId('header-reward-streak')).toHaveTextContent('1-day streak · claimed today'),
    );
    expect(screen.queryByRole('button', { name: 'Claim Daily ₹100' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/virtual-money/login-reward')).toHaveLength(1);
    unmount();

    // Same session, same day: no second invitation.
    renderApp('/dashboard');
    await screen.findByTestId('cash-balance');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: 'Your daily reward is ready' })).not.toBeInTheDocument();
  });

  it('with another portfolio active, the header says the daily reward goes into Main', async () => {
    signedInAs();
    localStorage.setItem('activePortfolio:u1', SWING_ID);
    stubs(portfoliosStub());
    renderApp('/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Claim Daily ₹100 into Main', hidden: true }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom'),
    );
  });

  it('says when the claim failed', async () => {
    signedInAs();
    sessionStorage.clear();
    stubs({ 'POST /api/virtual-money/login-reward': () => ({ status: 503, body: {} }) });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Your daily reward is ready' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim Daily ₹100' }));
    expect(await screen.findByText('Failed to claim daily reward')).toBeInTheDocument();
  });

  it('quick buy: a top mover, insufficient funds, then slide to buy at the shown price and land on /portfolio', async () => {
    signedInAs();
    sessionStorage.clear();
    const calls = stubs({
      'GET /api/virtual-money/daily-reward': () => ({
        body: { success: true, data: makeReward({ claimedToday: true }) },
      }),
      'GET /api/stocks/quote/TCS': () => ({
        body: { success: true, data: makeQuote('TCS', { price: 3000 }) },
      }),
      'POST /api/virtual-money/buy': () => ({
        body: {
          success: true,
          message: 'Bought 2 TCS',
          data: { order: makeOrder({ symbol: 'TCS', quantity: 2, executionPrice: 3000 }) },
        },
      }),
      'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    });
    const { router } = renderApp('/dashboard');
    const movers = await screen.findByTestId('movers-gainers');
    fireEvent.click(within(movers).getByRole('button', { name: 'Buy TCS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick Buy' });
    expect(await within(dialog).findByTestId('quick-buy-price')).toHaveTextContent('₹3,000.00');

    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    expect(within(dialog).getByText(/^Insufficient balance\. Required: /)).toBeInTheDocument();
    expect(within(dialog).getByRole('slider')).toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(dialog).queryByText(/^Insufficient balance/)).not.toBeInTheDocument();
    // 2 × ₹3,000 delivery + brokerage 6.00, exchange 0.18, STT 6.00, GST 1.11, SEBI 0.01, stamp 0.90.
    expect(within(dialog).getByTestId('quick-buy-total')).toHaveTextContent('₹6,014.20');
    // Intraday: no STT on the buy and stamp 0.003% (0.18).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Intraday (MIS)' }));
    expect(within(dialog).getByTestId('quick-buy-total')).toHaveTextContent('₹6,007.48');
    fireEvent.keyDown(within(dialog).getByRole('slider'), { key: 'Enter' });
    expect(await screen.findByText('Successfully bought 2 shares of TCS!')).toBeInTheDocument();
    expect(screen.getByText('Bought 2 shares of TCS at ₹3,000.00')).toBeInTheDocument();
    const buy = calls.find((c) => c.key === 'POST /api/virtual-money/buy');
    expect(buy?.body).toMatchObject({ stockSymbol: 'TCS', quantity: 2, price: 3000, product: 'MIS' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portfolio'), { timeout: 4000 });
  });

  it('does not interrupt a newcomer on the day the account was opened', async () => {
    signedInAs(testUser({ createdAt: new Date().toISOString() }));
    sessionStorage.clear();
    stubs({
      'GET /api/auth/verify': () => ({
        body: { success: true, user: testUser({ createdAt: new Date().toISOString() }) },
      }),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Claim ₹100.00' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
