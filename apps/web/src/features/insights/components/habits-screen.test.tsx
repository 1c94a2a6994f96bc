import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Habits } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';

const y = (text: string) => ({ text, source: `${text} source` });
const none = (needed: number, have: number, unit: string) => ({
  status: 'insufficient' as const,
  needed,
  have,
  unit,
});

const empty: Habits = {
  disposition: { yardstick: y('Odean'), result: none(5, 0, 'sells') },
  costs: { yardstick: y('SEBI'), result: none(1, 0, 'sells') },
  holding: { yardstick: y('Shefrin'), result: none(2, 0, 'sells (one winning, one losing)') },
  drawdown: { yardstick: y('NIFTY'), result: none(5, 1, 'days of account value') },
  activity: { yardstick: y('Barber'), result: none(5, 0, 'trades') },
  ifHeld: { yardstick: y('Odean held'), result: none(1, 0, 'sells') },
};

describe('habits screen', () => {
  it('says how much data each habit needs for a new account, and still shows the yardsticks', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/insights/habits': () => ({ body: { success: true, data: empty } }),
    });
    renderApp('/insights');
    expect(await screen.findByRole('heading', { name: 'Your trading habits', level: 1 })).toBeInTheDocument();
    const disposition = await screen.findByTestId('habit-disposition');
    expect(within(disposition).getByTestId('habit-not-enough')).toHaveTextContent(
      'Not enough data yet: needs 5 sells, you have 0.',
    );
    expect(within(screen.getByTestId('habit-drawdown')).getByTestId('habit-not-enough')).toHaveTextContent(
      'needs 5 days of account value, you have 1',
    );
    expect(within(disposition).getByText('Source: Odean source')).toBeInTheDocument();
    expect(screen.getAllByTestId('habit-not-enough')).toHaveLength(6);
  });

  it('shows the figures once there is data', async () => {
    signedInAs();
    const data: Habits = {
      ...empty,
      disposition: {
        yardstick: y('Odean'),
        result: {
          status: 'ready',
          realizedGains: 1,
          realizedLosses: 1,
          paperGains: 1,
          paperLosses: 2,
          pgr: 50,
          plr: 33.33,
          difference: 16.67,
        },
      },
      ifHeld: {
        yardstick: y('Odean held'),
        result: {
          status: 'ready',
          rows: [
            {
              symbol: 'ITC',
              quantity: 2,
              soldAt: 400,
              soldOn: '2026-11-20T05:00:00.000Z',
              priceNow: 410.5,
              difference: 21,
            },
          ],
          total: 21,
        },
      },
    };
    stubFetch({ ...shellStubs, 'GET /api/insights/habits': () => ({ body: { success: true, data } }) });
    renderApp('/insights');
    const disposition = await screen.findByTestId('habit-disposition');
    expect(within(disposition).getByTestId('habit-pgr')).toHaveTextContent('50.00%');
    expect(within(disposition).getByTestId('habit-plr')).toHaveTextContent('33.33%');
    expect(within(disposition).getByText('+16.67 pts')).toBeInTheDocument();
    expect(screen.getByTestId('habit-if-held-rows')).toHaveTextContent(
      'Sold 2 shares of ITC at ₹400.00, now ₹410.50',
    );
    expect(screen.getAllByTestId('habit-not-enough')).toHaveLength(4);
  });

  const costs = (chargesOnSold: number, grossRealizedPnl: number, chargesShareOfGross: number | null) => ({
    ...empty,
    costs: {
      yardstick: y('SEBI'),
      result: {
        status: 'ready' as const,
        turnoverPercent: 12.5,
        annualTurnoverPercent: null,
        tradedDays: 3,
        chargesPaid: 10.96,
        chargesOnSold,
        grossRealizedPnl,
        chargesShareOfGross,
      },
    },
  });

  it('shows how the charges share is worked out, with both inputs', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/insights/habits': () => ({ body: { success: true, data: costs(1.78, 0.6, 296.67) } }),
    });
    renderApp('/insights');
    const card = await screen.findByTestId('habit-costs');
    expect(within(card).getByTestId('habit-charges-share')).toHaveTextContent('296.67%');
    expect(within(card).getByRole('button', { name: 'What is Charges share?' })).toHaveAccessibleDescription(
      /charges on the shares sold ₹1\.78 ÷ gross realised P&L \+₹0\.60 × 100 = 296\.67%/,
    );
    expect(within(card).getByTestId('habit-charges-share-note')).toHaveTextContent(
      'The charges on the shares you sold (₹1.78) were more than those sales made before charges (+₹0.60), so they lost money after charges. Charges paid (₹10.96) also counts the buy charges of shares you still hold.',
    );
  });

  it('says there is no charges share when the sells made nothing or a loss before charges', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/insights/habits': () => ({ body: { success: true, data: costs(1.2, -2, null) } }),
    });
    renderApp('/insights');
    const card = await screen.findByTestId('habit-costs');
    expect(within(card).getByTestId('habit-charges-share')).toHaveTextContent('—');
    expect(within(card).getByTestId('habit-charges-share-note')).toHaveTextContent(
      'No share to show: your sales lost ₹2.00 before charges, and their charges (₹1.20) added to that.',
    );
  });
});
