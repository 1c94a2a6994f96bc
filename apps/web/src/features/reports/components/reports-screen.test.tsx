import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CapitalGainsReport } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';
import { MAIN_ID } from '../../../test/portfolio-fixtures';

const zero = { lots: 0, quantity: 0, cost: 0, proceeds: 0, gain: 0, gainForTax: 0 };
const base: CapitalGainsReport = {
  portfolio: { id: MAIN_ID, name: 'Main', kind: 'main', season: 1 },
  financialYear: '2026-27',
  from: '2026-04-01',
  to: '2027-03-31',
  lots: [],
  totals: { INTRADAY: zero, STCG: zero, LTCG: zero },
  ltcgExemption: 125000,
  ltcgExemptionUsed: 0,
  shortTermLossSetOff: 0,
  taxableStcg: 0,
  taxableLtcg: 0,
  estimatedTax: 0,
  taxByClass: { STCG: 0, LTCG: 0, INTRADAY: null },
  intradayNote: 'Intraday is taxed at your slab rate.',
  rates: [
    {
      effectiveFrom: '2024-07-23',
      stcgRatePercent: 20,
      ltcgRatePercent: 12.5,
      ltcgExemption: 125000,
      source: 'Act',
    },
  ],
  yearsWithSells: ['2026-27'],
  currentYear: '2026-27',
  notes: ['Estimates for learning, not tax advice.'],
};
const withLot: CapitalGainsReport = {
  ...base,
  lots: [
    {
      symbol: 'ITC',
      product: 'CNC',
      buyDate: '2026-01-15',
      sellDate: '2026-06-10',
      quantity: 2,
      buyPrice: 420,
      sellPrice: 450,
      buyValue: 840,
      buyCharges: 1.99,
      cost: 841.99,
      sellValue: 900,
      sellCharges: 2,
      proceeds: 898,
      gain: 56.01,
      stt: 1.74,
      gainForTax: 57.75,
      holdingDays: 146,
      taxClass: 'STCG',
      taxRatePercent: 20,
      buyFillId: 'b1',
      sellFillId: 's1',
    },
  ],
  totals: {
    ...base.totals,
    STCG: { lots: 1, quantity: 2, cost: 841.99, proceeds: 898, gain: 56.01, gainForTax: 57.75 },
  },
  taxableStcg: 57.75,
  estimatedTax: 11.55,
  taxByClass: { STCG: 11.55, LTCG: 0, INTRADAY: null },
  yearsWithSells: ['2026-27', '2025-26'],
};

describe('reports screen', () => {
  it('shows the server’s lots, totals and tax, and the trading days with a contract note', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      'GET /api/reports/capital-gains': () => ({ body: { success: true, data: withLot } }),
      'GET /api/reports/trade-days?fy=2026-27': () => ({
        body: {
          success: true,
          data: { financialYear: '2026-27', days: [{ date: '2026-06-10', trades: 1 }] },
        },
      }),
    });
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Tax reports', level: 1 })).toBeInTheDocument();
    const row = await screen.findByTestId('lot-row');
    expect(row).toHaveTextContent('ITC');
    expect(row).toHaveTextContent('₹841.99');
    expect(row).toHaveTextContent('+₹1.99 charges');
    expect(row).toHaveTextContent('−₹2.00 charges');
    expect(row).toHaveTextContent('+₹56.01');
    expect(row).toHaveTextContent('for tax +₹57.75');
    expect(screen.getByTestId('tax-class-STCG')).toHaveTextContent(
      'For tax +₹57.75 (STT added back)Estimated tax ₹11.55',
    );
    expect(row).toHaveTextContent('STCG20%');
    expect(screen.getByTestId('estimated-tax')).toHaveTextContent('₹11.55');
    expect(
      within(screen.getByTestId('tax-class-INTRADAY')).getByText('Taxed at your slab rate'),
    ).toBeInTheDocument();
    const fy = screen.getByLabelText('Financial year');
    expect([...(fy as HTMLSelectElement).options].map((o) => o.value)).toEqual(['2026-27', '2025-26']);
    expect(await screen.findByRole('option', { name: '2026-06-10 (1 trade)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download contract note (PDF)' })).toBeEnabled();
  });

  it('says so when the picked year has no sells and no trades', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      'GET /api/reports/capital-gains': () => ({ body: { success: true, data: withLot } }),
      'GET /api/reports/capital-gains?fy=2025-26': () => ({
        body: {
          success: true,
          data: {
            ...base,
            financialYear: '2025-26',
            from: '2025-04-01',
            to: '2026-03-31',
            yearsWithSells: ['2026-27'],
          },
        },
      }),
      'GET /api/reports/trade-days?fy=2026-27': () => ({
        body: { success: true, data: { financialYear: '2026-27', days: [] } },
      }),
      'GET /api/reports/trade-days?fy=2025-26': () => ({
        body: { success: true, data: { financialYear: '2025-26', days: [] } },
      }),
    });
    renderApp('/reports');
    await screen.findByTestId('lot-row');
    fireEvent.change(screen.getByLabelText('Financial year'), { target: { value: '2025-26' } });
    expect(await screen.findByTestId('no-lots')).toHaveTextContent('You sold nothing in FY 2025-26');
    expect(await screen.findByTestId('no-trade-days')).toHaveTextContent('No trades in 2025-26');
    expect(calls.some((c) => c.key === 'GET /api/reports/capital-gains?fy=2025-26')).toBe(true);
  });
});
