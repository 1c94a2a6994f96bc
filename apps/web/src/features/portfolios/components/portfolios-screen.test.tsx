import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOM_PORTFOLIOS_LIMIT_MESSAGE, type PerformanceData } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeHolding, makeSummary } from '../../../test/trading-fixtures';
import {
  mainPortfolio,
  makePortfolio,
  portfoliosStub,
  swingPortfolio,
  SWING_ID,
} from '../../../test/portfolio-fixtures';
import { shellStubs } from '../../market/test/market-fixtures';

const performance = (
  values: number[],
  nifty: Array<number | null>,
  portfolioReturn: number | null,
  niftyReturn: number | null,
): { body: { success: true; data: PerformanceData } } => ({
  body: {
    success: true,
    data: {
      range: '1M',
      points: values.map((v, i) => ({
        date: `2026-11-${String(20 + i).padStart(2, '0')}`,
        portfolioValue: v,
        nifty: nifty[i] ?? null,
      })),
      portfolioReturn,
      niftyReturn,
    },
  },
});

function stubs(extra: Parameters<typeof stubFetch>[0] = {}, list = [swingPortfolio, mainPortfolio]) {
  return stubFetch({
    ...shellStubs,
    ...portfoliosStub(list),
    'GET /api/portfolio/summary': () => ({
      body: {
        success: true,
        data: makeSummary([makeHolding('TCS', { quantity: 1, avgPrice: 3000, currentPrice: 3100 })], 7000),
      },
    }),
    [`GET /api/portfolio/summary?portfolioId=${SWING_ID}`]: () => ({
      body: {
        success: true,
        data: makeSummary([makeHolding('INFY', { quantity: 1, avgPrice: 1600, currentPrice: 1500 })], 24000),
      },
    }),
    'GET /api/portfolio/performance?range=1M': () =>
      performance([10000, 10200, 10300], [24000, 24240, 24480], 3, 2),
    [`GET /api/portfolio/performance?range=1M&portfolioId=${SWING_ID}`]: () =>
      performance([25000, 24500], [24240, 24480], -2, 0.99),
    ...extra,
  });
}

const card = (name: string) => screen.getByRole('region', { name });

describe('/portfolios', () => {
  it('leaves replay and agent portfolios out: they trade at the replay’s clock or by their token only', async () => {
    signedInAs();
    const replay = makePortfolio({
      id: '0b9c5f7e-1a2b-4c3d-8e9f-000000000009',
      name: 'Replay of 2020-03-13',
      kind: 'replay',
    });
    const agent = makePortfolio({
      id: '0b9c5f7e-1a2b-4c3d-8e9f-000000000010',
      name: 'Claude swing',
      kind: 'agent',
    });
    stubs({}, [swingPortfolio, replay, agent, mainPortfolio]);
    renderApp('/portfolios');
    const list = await screen.findByRole('list', { name: 'Your portfolios' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Main', 'Swing ideas']);
    expect(screen.queryByText('Replay of 2020-03-13')).not.toBeInTheDocument();
    expect(screen.queryByText('Claude swing')).not.toBeInTheDocument();
  });

  it('lists each portfolio with its Total Value and Total P&L, main first', async () => {
    signedInAs();
    // An instance that lists the global leaderboard (PUBLIC_LEADERBOARD on), so the note names it.
    stubs({
      'GET /api/instance': () => ({
        body: {
          success: true,
          data: { publicLeaderboard: true, virtualCashLabel: 'virtual cash', agentSandbox: false },
        },
      }),
    });
    renderApp('/portfolios');
    const list = await screen.findByRole('list', { name: 'Your portfolios' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Main', 'Swing ideas']);
    await waitFor(() => expect(within(card('Main')).getByText('₹10,100.00')).toBeInTheDocument());
    expect(within(card('Main')).getByText('Total Value')).toBeInTheDocument();
    expect(within(card('Main')).getByText('+₹100.00')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Swing ideas')).getByText('₹25,500.00')).toBeInTheDocument());
    expect(within(card('Swing ideas')).getByText('Total P&L')).toBeInTheDocument();
    expect(within(card('Swing ideas')).getByText('−₹100.00')).toBeInTheDocument();
    expect(within(card('Main')).getByText('Showing now')).toBeInTheDocument();
    expect(await screen.findByText(/daily reward and the leaderboard count Main only/)).toBeInTheDocument();
  });

  it('validates a new portfolio with the shared schema, then creates it and switches to it', async () => {
    signedInAs();
    const created = makePortfolio({
      id: '0b9c5f7e-1a2b-4c3d-8e9f-000000000003',
      name: 'Dividend',
      kind: 'custom',
      startingCash: 25000,
    });
    const calls = stubs({
      'POST /api/portfolios': () => ({
        status: 201,
        body: { success: true, message: 'Portfolio created', data: created },
      }),
    });
    renderApp('/portfolios?new=1');
    const form = await screen.findByRole('region', { name: 'New portfolio' });
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    const cash = within(form).getByLabelText('Starting cash (₹)');
    expect(cash).toHaveValue('10000');

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(cash, { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create portfolio' }));
    expect(within(form).getByText('Portfolio name cannot be empty')).toBeInTheDocument();
    expect(within(form).getByText('Starting cash must be at least ₹1,000')).toBeInTheDocument();
    fireEvent.change(cash, { target: { value: '2500.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create portfolio' }));
    expect(within(form).getByText('Starting cash must be whole rupees')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/portfolios')).toBe(false);

    fireEvent.change(name, { target: { value: ' Dividend ' } });
    fireEvent.change(cash, { target: { value: '25,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create portfolio' }));
    expect(await screen.findByText('Portfolio created')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/portfolios')?.body).toEqual({
      name: 'Dividend',
      startingCash: 25000,
    });
    expect(localStorage.getItem('activePortfolio:u1')).toBe(created.id);
  });

  it("shows the server's field errors on the form", async () => {
    signedInAs();
    stubs({
      'POST /api/portfolios': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Invalid input',
          code: 'VALIDATION_ERROR',
          errors: { name: 'You already have a portfolio called Swing ideas' },
        },
      }),
    });
    renderApp('/portfolios');
    const form = await screen.findByRole('region', { name: 'New portfolio' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Swing ideas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create portfolio' }));
    expect(
      await within(form).findByText('You already have a portfolio called Swing ideas'),
    ).toBeInTheDocument();
  });

  it('at 5 custom portfolios the form is disabled and says why', async () => {
    signedInAs();
    const five = [1, 2, 3, 4, 5].map((n) =>
      makePortfolio({ id: `0b9c5f7e-1a2b-4c3d-8e9f-00000000001${n}`, name: `Idea ${n}`, kind: 'custom' }),
    );
    stubs({}, [mainPortfolio, ...five]);
    renderApp('/portfolios');
    const form = await screen.findByRole('region', { name: 'New portfolio' });
    expect(await within(form).findByText(CUSTOM_PORTFOLIOS_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create portfolio' })).toBeDisabled();
    expect(within(form).getByLabelText('Name')).toBeDisabled();
  });

  it('reset asks first, says the season is archived read-only and nothing is deleted, then resets', async () => {
    signedInAs();
    const calls = stubs({
      [`POST /api/portfolios/${SWING_ID}/reset`]: () => ({
        body: {
          success: true,
          message: 'Season 1 archived; season 2 started',
          data: { ...swingPortfolio, season: 2 },
        },
      }),
    });
    renderApp('/portfolios');
    await screen.findByRole('list', { name: 'Your portfolios' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Swing ideas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Swing ideas?' });
    expect(dialog).toHaveTextContent('Season 1 is archived read-only');
    expect(dialog).toHaveTextContent('Nothing is deleted.');
    expect(dialog).toHaveTextContent('Season 2 starts afresh with ₹25,000.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST /api/portfolios/'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset Swing ideas' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive season 1 and reset' }),
    );
    expect(await screen.findByText('Season 1 archived; season 2 started')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/portfolios/${SWING_ID}/reset`)).toBe(true);
  });

  it("compares each portfolio's return with NIFTY 50 over the same days, from each one's performance", async () => {
    signedInAs();
    const calls = stubs();
    renderApp('/portfolios');
    const table = await screen.findByTestId('comparison-table');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(row('Main')).toHaveTextContent('+3.00%'));
    expect(row('Main')).toHaveTextContent('+2.00%');
    expect(row('Main')).toHaveTextContent('+1.00 pts');
    await waitFor(() => expect(row('Swing ideas')).toHaveTextContent('−2.00%'));
    expect(row('Swing ideas')).toHaveTextContent('+0.99%');
    expect(row('Swing ideas')).toHaveTextContent('−2.99 pts');
    expect(
      calls.some((c) => c.key === `GET /api/portfolio/performance?range=1M&portfolioId=${SWING_ID}`),
    ).toBe(true);
  });
});
