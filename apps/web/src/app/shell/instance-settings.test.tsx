import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { LEADERBOARD_OFF_MESSAGE } from '@nivesh/shared';
import { SimulatedBadge } from '../../components/ui/simulated-badge';
import { renderApp, signedInAs, stubFetch } from '../../test/render';
import { shellStubs } from '../../features/market/test/market-fixtures';

/** Issue 26, operator settings as the web shows them (GET /api/instance). */

const instance = (publicLeaderboard: boolean, virtualCashLabel = 'virtual cash') => ({
  'GET /api/instance': () => ({
    body: { success: true, data: { publicLeaderboard, virtualCashLabel, agentSandbox: false } },
  }),
});

describe('operator settings in the web', () => {
  it('hides the Leaderboard nav entry and says the page is off when PUBLIC_LEADERBOARD is off', async () => {
    signedInAs();
    const calls = stubFetch({ ...shellStubs, ...instance(false) });
    renderApp('/leaderboard');
    expect(await screen.findByText(LEADERBOARD_OFF_MESSAGE)).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Classrooms/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Leaderboard/ })).not.toBeInTheDocument();
    // The refused routes are never asked.
    expect(calls.some((c) => c.key.startsWith('GET /api/leaderboard'))).toBe(false);
  });

  it('lists the Leaderboard entry when the instance has it on', async () => {
    signedInAs();
    stubFetch({ ...shellStubs, ...instance(true) });
    renderApp('/classes');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: /Leaderboard/ })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
  });

  it("names virtual cash with the operator's wording", async () => {
    stubFetch(instance(true, 'practice money'));
    renderApp('/signup');
    expect(
      await screen.findByText('Start with ₹10,000 of practice money. No real money involved.'),
    ).toBeInTheDocument();
  });

  it('renders the "Simulated market" badge', () => {
    render(<SimulatedBadge />);
    expect(screen.getByTestId('simulated-badge')).toHaveTextContent('Simulated market');
  });
});
