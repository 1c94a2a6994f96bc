import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeTransaction, makeTxSummary } from '../../../test/trading-fixtures';
import { shellStubs } from '../../market/test/market-fixtures';
import { MAIN_ID, makePortfolio, makeSeason, portfoliosStub } from '../../../test/portfolio-fixtures';

const base = '/api/transactions?type=all&status=all&range=all';
const page1 = `GET ${base}&sort=date&order=desc&page=1&limit=20`;

const buy = makeTransaction('t1');
const sell = makeTransaction('t2', {
  type: 'sell',
  quantity: 1,
  price: 1550.4,
  totalAmount: 1550.4,
  fees: 2.3,
  feeBreakdown: {
    brokerage: 1.55,
    exchangeCharge: 0.05,
    stt: 0.39,
    gst: 0.29,
    sebiFee: 0,
    stampDuty: 0,
    dpCharge: 0,
    squareOffCharge: 0,
    total: 2.3,
  },
  netAmount: 1548.1,
  gainLoss: 45.85,
  gainLossPercent: 3.05,
  timestamp: '2026-11-21T05:00:00.000Z',
  description: 'Sold 1 RELIANCE',
});
const failed = makeTransaction('t3', {
  status: 'failed',
  failureReason: 'Insufficient funds',
  failureRefusal: {
    code: 'INSUFFICIENT_FUNDS',
    rule: 'A buy needs its value plus fees in free cash: 5 shares at ₹3,900.00 need ₹19,524.00, and ₹10,000.00 is available.',
    suggestion: { quantity: 2 },
  },
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  fees: 0,
  feeBreakdown: null,
  netAmount: 0,
});

const listBody = (rows = [sell, buy, failed], total = rows.length) => ({
  body: {
    success: true,
    data: rows,
    summary: makeTxSummary({
      totalTransactions: total,
      totalInvested: 3000,
      totalBought: 6806.4,
      totalSold: 1550.4,
      totalFees: 6.8,
      totalGainLoss: 45.85,
      successRate: 66.7,
      filledOrders: 2,
      finishedOrders: 3,
    }),
    pagination: { page: 1, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) },
  },
});

describe('history screen', () => {
  it("shows a fill's receipt line in its row and in its details", async () => {
    signedInAs();
    const receipt = 'Your MARKET buy filled at the last price ₹1,500.00 plus the ₹0.05 spread: ₹1,500.05';
    stubFetch({
      ...shellStubs,
      [page1]: () => listBody([makeTransaction('t9', { receipt, product: 'MIS' }), failed]),
    });
    renderApp('/history');
    const row = await screen.findByTestId('transaction-t9');
    expect(within(row).getByTestId('order-receipt')).toHaveTextContent(receipt);
    expect(within(screen.getByTestId('transaction-t3')).queryByTestId('order-receipt')).toBeNull();
    fireEvent.click(row);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('detail-receipt')).toHaveTextContent(receipt);
    expect(dialog.getByText('Intraday (MIS)')).toBeInTheDocument();
  });

  it('shows the server summary with paise on every money card, rows with paise, and the details modal with its sections', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      [page1]: () => new Promise((resolve) => setTimeout(() => resolve(listBody()), 150)),
    });
    renderApp('/history');
    expect(await screen.findByText('Loading transaction history...')).toBeInTheDocument();
    const sellRow = await screen.findByTestId('transaction-t2');
    expect(screen.getByTestId('history-total')).toHaveTextContent('3');
    expect(screen.getByTestId('history-invested')).toHaveTextContent('₹3,000.00');
    expect(screen.getByTestId('history-bought')).toHaveTextContent('₹6,806.40');
    expect(screen.getByTestId('history-sold')).toHaveTextContent('₹1,550.40');
    expect(screen.getByText('Fees paid ₹6.80')).toBeInTheDocument();
    expect(screen.getByTestId('history-success-rate')).toHaveTextContent('66.7%');
    // Only finished orders count: pending ones and rewards are left out.
    expect(screen.getByTestId('history-success-rate-meaning')).toHaveTextContent(
      '2 filled of 3 finished orders',
    );
    expect(within(sellRow).getByText('Nov 21, 2026')).toBeInTheDocument();
    expect(within(sellRow).getByText('10:30')).toBeInTheDocument();
    expect(within(sellRow).getByTestId('tx-gain-loss')).toHaveTextContent('+₹45.85');

    fireEvent.click(sellRow);
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    for (const title of ['Basic Information', 'Stock Information', 'Transaction Details', 'Performance']) {
      expect(within(dialog).getByRole('heading', { name: title, level: 3 })).toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('heading', { name: 'Failure Information' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('STT')).toBeInTheDocument();
    expect(within(dialog).getByTestId('detail-fees')).toHaveTextContent('₹2.30');
    expect(within(dialog).getByTestId('detail-gain-loss')).toHaveTextContent('+₹45.85');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(
      within(screen.getByTestId('transaction-t3')).getByRole('button', { name: /View details of TCS buy/ }),
    );
    const failedDialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(within(failedDialog).getByRole('heading', { name: 'Failure Information' })).toBeInTheDocument();
    expect(within(failedDialog).getByTestId('detail-failure-rule')).toHaveTextContent(
      '5 shares at ₹3,900.00 need ₹19,524.00, and ₹10,000.00 is available.',
    );
    expect(within(failedDialog).getByTestId('detail-failure-suggestion')).toHaveTextContent('2 shares');
    expect(within(failedDialog).getByText('Insufficient funds')).toBeInTheDocument();
    expect(within(failedDialog).queryByRole('heading', { name: 'Performance' })).not.toBeInTheDocument();
    fireEvent.click(within(failedDialog).getByRole('button', { name: 'View Stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sorts on the server: the active column flips, another starts descending', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      [page1]: () => listBody(),
      [`GET ${base}&sort=date&order=asc&page=1&limit=20`]: () => listBody([failed, buy, sell]),
      [`GET ${base}&sort=amount&order=desc&page=1&limit=20`]: () => listBody([buy, sell, failed]),
    });
    renderApp('/history');
    await screen.findByTestId('transaction-t2');
    const dateHeader = screen.getByRole('columnheader', { name: /Date & Time/ });
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(dateHeader).getByRole('button'));
    await waitFor(() => expect(dateHeader).toHaveAttribute('aria-sort', 'ascending'));
    fireEvent.click(screen.getByRole('button', { name: /Total Amount/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Total Amount/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.key === `GET ${base}&sort=amount&order=desc&page=1&limit=20`)).toBe(true),
    );
  });

  it('filters, shows the filtered empty state and clears it', async () => {
    signedInAs();
    stubFetch({
      ...shellStubs,
      [page1]: () => listBody(),
      [`GET /api/transactions?type=reward&status=all&range=all&sort=date&order=desc&page=1&limit=20`]: () =>
        listBody([], 0),
    });
    renderApp('/history');
    await screen.findByTestId('transaction-t2');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'reward' } });
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('No transactions match your current filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByTestId('transaction-t2')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('all');
  });

  it('invites a new user to trade, and says when loading failed', async () => {
    signedInAs();
    stubFetch({ ...shellStubs, [page1]: () => listBody([], 0) });
    renderApp('/history');
    expect(await screen.findByText('Start trading to see your transaction history here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('toasts when the history cannot load', async () => {
    signedInAs();
    stubFetch({ ...shellStubs, [page1]: () => ({ status: 503, body: {} }) });
    renderApp('/history');
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
  });
});

describe('history on a phone', () => {
  it('lists cards and sorts with the select and the direction button', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      signedInAs();
      const calls = stubFetch({
        ...shellStubs,
        [page1]: () => listBody(),
        [`GET ${base}&sort=date&order=asc&page=1&limit=20`]: () => listBody([failed, buy, sell]),
        [`GET ${base}&sort=status&order=desc&page=1&limit=20`]: () => listBody([sell, buy, failed]),
      });
      renderApp('/history');
      const list = await screen.findByTestId('transactions-list');
      expect(within(list).getByTestId('transaction-t2')).toHaveTextContent('+₹45.85');
      expect(within(list).getByTestId('transaction-t2')).toHaveTextContent('Nov 21, 2026 10:30');
      fireEvent.click(screen.getByRole('button', { name: /switch to ascending/ }));
      expect(await screen.findByRole('button', { name: /switch to descending/ })).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'status' } });
      await waitFor(() =>
        expect(calls.some((c) => c.key === `GET ${base}&sort=status&order=desc&page=1&limit=20`)).toBe(true),
      );
      fireEvent.click(
        within(screen.getByTestId('transactions-list'))
          .getByTestId('transaction-t2')
          .querySelector('button')!,
      );
      expect(await screen.findByRole('dialog', { name: 'Transaction Details' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('history seasons (issue 25)', () => {
  it('offers closed seasons once the portfolio was reset, and reads one read-only with ?season=', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub([makePortfolio({ season: 2 })]),
      [`GET /api/portfolios/${MAIN_ID}/seasons`]: () => ({
        body: {
          success: true,
          data: [
            makeSeason({ season: 2, startedAt: '2026-11-10T04:00:00.000Z' }),
            makeSeason({
              season: 1,
              endedAt: '2026-11-10T04:00:00.000Z',
              final: {
                totalValue: 10450,
                availableCash: 10450,
                totalPnl: 450,
                realisedPnl: 450,
                chargesPaid: 12.5,
                trades: 3,
              },
            }),
          ],
        },
      }),
      [page1]: () => listBody([buy]),
      [`${page1}&season=1`]: () => listBody([sell]),
    });
    renderApp('/history');
    expect(await screen.findByTestId('transaction-t1')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('transaction-t1')).getByRole('link', { name: /^Add to journal/ }),
    ).toBeInTheDocument();
    const select = await screen.findByLabelText('Season');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Season 2 (open)', 'Season 1 · closed Nov 10, 2026 (read-only)']);

    fireEvent.change(select, { target: { value: '1' } });
    const row = await screen.findByTestId('transaction-t2');
    expect(calls.some((c) => c.key === `${page1}&season=1`)).toBe(true);
    expect(screen.getByText('Season 1, closed: read-only, kept as it ended.')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /^Add to journal/ })).not.toBeInTheDocument();
    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).queryByRole('button', { name: 'Add to journal' })).not.toBeInTheDocument();
  });

  it('shows no season choice before the first reset', async () => {
    signedInAs();
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub([makePortfolio()]),
      [`GET /api/portfolios/${MAIN_ID}/seasons`]: () => ({ body: { success: true, data: [makeSeason()] } }),
      [page1]: () => listBody([buy]),
    });
    renderApp('/history');
    expect(await screen.findByTestId('transaction-t1')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.key === `GET /api/portfolios/${MAIN_ID}/seasons`)).toBe(true),
    );
    await push(() => undefined);
    expect(screen.queryByLabelText('Season')).not.toBeInTheDocument();
  });
});
