import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CapitalGainsReport, Habits, JournalEntry } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../test/render';
import {
  makePortfolio,
  makeSeason,
  portfoliosStub,
  SWING_ID,
  swingPortfolio,
} from '../../test/portfolio-fixtures';
import { shellStubs } from '../../features/market/test/market-fixtures';
import { makeTxSummary } from '../../test/trading-fixtures';

/**
 * Tax reports, habits and the journal follow the active portfolio (issue 25 §1): their calls carry
 * its portfolioId, their screens name it, and nothing says they show Main. /history's closed
 * season opens that season's journal, read-only.
 */

const zero = { lots: 0, quantity: 0, cost: 0, proceeds: 0, gain: 0, gainForTax: 0 };
const swingReport: CapitalGainsReport = {
  portfolio: { id: SWING_ID, name: 'Swing ideas', kind: 'custom', season: 1 },
  financialYear: '2026-27',
  from: '2026-04-01',
  to: '2027-03-31',
  lots: [
    {
      symbol: 'INFY',
      product: 'CNC',
      buyDate: '2026-05-04',
      sellDate: '2026-06-10',
      quantity: 2,
      buyPrice: 1400,
      sellPrice: 1500,
      buyValue: 2800,
      buyCharges: 3.5,
      cost: 2803.5,
      sellValue: 3000,
      sellCharges: 4,
      proceeds: 2996,
      gain: 192.5,
      stt: 5.8,
      gainForTax: 198.3,
      holdingDays: 37,
      taxClass: 'STCG',
      taxRatePercent: 20,
      buyFillId: 'b1',
      sellFillId: 's1',
    },
  ],
  totals: {
    INTRADAY: zero,
    STCG: { lots: 1, quantity: 2, cost: 2803.5, proceeds: 2996, gain: 192.5, gainForTax: 198.3 },
    LTCG: zero,
  },
  ltcgExemption: 125000,
  ltcgExemptionUsed: 0,
  shortTermLossSetOff: 0,
  taxableStcg: 198.3,
  taxableLtcg: 0,
  estimatedTax: 39.66,
  taxByClass: { STCG: 39.66, LTCG: 0, INTRADAY: null },
  intradayNote: 'Intraday is taxed at your slab rate.',
  rates: [],
  yearsWithSells: ['2026-27'],
  currentYear: '2026-27',
  notes: [],
};

const y = (text: string) => ({ text, source: `${text} source` });
const none = (needed: number, have: number, unit: string) => ({
  status: 'insufficient' as const,
  needed,
  have,
  unit,
});
const habits = (fills: number): Habits => ({
  disposition: { yardstick: y('Odean'), result: none(5, 0, 'sells') },
  costs: { yardstick: y('SEBI'), result: none(1, 0, 'sells') },
  holding: { yardstick: y('Shefrin'), result: none(2, 0, 'sells (one winning, one losing)') },
  drawdown: { yardstick: y('NIFTY'), result: none(5, 1, 'days of account value') },
  activity: { yardstick: y('Barber'), result: none(5, fills, 'trades') },
  ifHeld: { yardstick: y('Odean held'), result: none(1, 0, 'sells') },
});

function entry(id: string, ticker: string): JournalEntry {
  return {
    id,
    _id: id,
    ticker,
    currency: 'INR',
    quantity: 1,
    price: 3000,
    type: 'BUY',
    total: 3000,
    fillId: null,
    fill: null,
    note: 'season one idea',
    tags: ['breakout'],
    setup: null,
    stop: null,
    target: null,
    confidence: null,
    review: '',
    createdAt: '2026-11-02T05:00:00.000Z',
    updatedAt: '2026-11-02T05:00:00.000Z',
  };
}
const journalPage = (trades: JournalEntry[]) => ({
  body: { success: true, trades, pagination: { page: 1, limit: 24, total: trades.length, totalPages: 1 } },
});

const swingActive = () => {
  signedInAs();
  localStorage.setItem('activePortfolio:u1', SWING_ID);
};

describe('reports, habits and the journal per portfolio', () => {
  it("/reports reads the active portfolio's capital gains and trade days and names it", async () => {
    swingActive();
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub(),
      [`GET /api/reports/capital-gains?portfolioId=${SWING_ID}`]: () => ({
        body: { success: true, data: swingReport },
      }),
      [`GET /api/reports/trade-days?fy=2026-27&portfolioId=${SWING_ID}`]: () => ({
        body: {
          success: true,
          data: { financialYear: '2026-27', days: [{ date: '2026-06-10', trades: 2 }] },
        },
      }),
    });
    renderApp('/reports');
    expect(await screen.findByTestId('lot-row')).toHaveTextContent('INFY');
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    expect(screen.queryByText(/kept in Main/)).not.toBeInTheDocument();
    expect(await screen.findByRole('option', { name: '2026-06-10 (2 trades)' })).toBeInTheDocument();
    // Main's report was never asked for under this portfolio's name.
    expect(calls.some((c) => c.key === 'GET /api/reports/capital-gains')).toBe(false);
    expect(calls.some((c) => c.key === 'GET /api/reports/trade-days?fy=2026-27')).toBe(false);
  });

  it("/insights reads the active portfolio's habits; switching to Main reads Main's", async () => {
    swingActive();
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub(),
      [`GET /api/insights/habits?portfolioId=${SWING_ID}`]: () => ({
        body: { success: true, data: habits(4) },
      }),
      'GET /api/insights/habits': () => ({ body: { success: true, data: habits(1) } }),
    });
    renderApp('/insights');
    const activity = await screen.findByTestId('habit-activity');
    expect(within(activity).getByTestId('habit-not-enough')).toHaveTextContent('you have 4');
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    expect(screen.queryByText(/kept in Main/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/insights/habits')).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: /^Portfolio: / }));
    fireEvent.click(
      within(await screen.findByRole('menu', { name: 'Portfolios' })).getByRole('menuitemradio', {
        name: /Main/,
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('habit-activity')).getByTestId('habit-not-enough')).toHaveTextContent(
        'you have 1',
      ),
    );
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Main portfolio');
  });

  it("/history's closed season opens that season's journal, read-only", async () => {
    swingActive();
    const swing2 = { ...swingPortfolio, season: 2 };
    const history = `GET /api/transactions?type=all&status=all&range=all&sort=date&order=desc&page=1&limit=20&portfolioId=${SWING_ID}`;
    const empty = {
      body: {
        success: true,
        data: [],
        summary: makeTxSummary(),
        pagination: { page: 1, limit: 20, total: 0, totalPages: 1 },
      },
    };
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub([swing2, makePortfolio()]),
      [`GET /api/portfolios/${SWING_ID}/seasons`]: () => ({
        body: {
          success: true,
          data: [
            makeSeason({ season: 2, startedAt: '2026-11-10T04:00:00.000Z' }),
            makeSeason({ season: 1, endedAt: '2026-11-10T04:00:00.000Z' }),
          ],
        },
      }),
      [history]: () => empty,
      [`${history}&season=1`]: () => empty,
      [`GET /api/trades?type=all&page=1&limit=24&portfolioId=${SWING_ID}&season=1`]: () =>
        journalPage([entry('11111111-1111-4111-8111-111111111111', 'TCS')]),
      [`GET /api/trades/tags?season=1&portfolioId=${SWING_ID}`]: () => ({
        body: {
          success: true,
          tags: [{ tag: 'breakout', entries: 1, closedTrades: 0, wins: 0, winRate: null, realizedPnl: 0 }],
        },
      }),
    });
    renderApp('/history');
    fireEvent.change(await screen.findByLabelText('Season'), { target: { value: '1' } });
    const link = await screen.findByRole('link', { name: "Season 1's trade journal" });
    expect(link).toHaveAttribute('href', '/trades?season=1');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { name: 'My Trades', level: 1 })).toBeInTheDocument();
    const card = await screen.findByTestId('trade-card');
    expect(card).toHaveTextContent('TCS');
    expect(screen.getByTestId('journal-season')).toHaveTextContent(
      'Season 1, closed: read-only, kept as it ended.',
    );
    expect(screen.getByTestId('portfolio-tag')).toHaveTextContent('Swing ideas · custom');
    // Read-only: nothing to add, edit or delete.
    expect(screen.queryByRole('button', { name: 'Add Trade' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit trade|Delete trade/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /api/trades/tags?season=1&portfolioId=${SWING_ID}`)).toBe(true);
    // The open season's journal was not read meanwhile.
    expect(
      calls.some((c) => c.key === `GET /api/trades?type=all&page=1&limit=24&portfolioId=${SWING_ID}`),
    ).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to the open season' })).toHaveAttribute('href', '/trades');
  });
});
