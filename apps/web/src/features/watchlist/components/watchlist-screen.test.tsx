import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { MAX_WATCHLISTS_PER_USER, WATCHLISTS_LIMIT_MESSAGE, type Watchlist } from '@nivesh/shared';
import { makeQuote, makeResult, makeWatchlist, shellStubs } from '../../market/test/market-fixtures';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const mine = makeWatchlist(W1, 'My Watchlist', ['TCS', 'RELIANCE'], true);
const banks = makeWatchlist(W2, 'Banks', ['HDFCBANK']);

/** `lists` is the server's state: create and delete stubs change it, so refetches agree. */
function stubs(
  extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {},
  lists: Watchlist[] = [mine, banks],
) {
  return stubFetch({
    ...shellStubs,
    'GET /api/watchlist': () => ({ body: { success: true, data: lists } }),
    'GET /api/stocks/quotes?symbols=RELIANCE,TCS': () => ({
      body: {
        success: true,
        data: [
          makeQuote('RELIANCE', { price: 1414, change: 12, changePercent: 0.86 }),
          makeQuote('TCS', { price: 3000, change: -5, changePercent: -0.17 }),
        ],
      },
    }),
    'GET /api/stocks/movers?type=gainers&limit=10': () => ({
      body: { success: true, type: 'gainers', data: [] },
    }),
    'GET /api/stocks/movers?type=losers&limit=10': () => ({
      body: { success: true, type: 'losers', data: [] },
    }),
    'GET /api/stocks/movers?type=active&limit=10': () => ({
      body: { success: true, type: 'active', data: [] },
    }),
    'GET /api/stocks/search?query=tc&limit=8': () => ({ body: { success: true, data: [makeResult('TCS')] } }),
    'GET /api/stocks/search?query=in&limit=8': () => ({
      body: { success: true, data: [makeResult('INFY')] },
    }),
    ...extra,
  });
}

async function pickFromSearch(query: string, symbol: string) {
  const box = screen.getByRole('combobox', { name: 'Search stocks to add' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: query } });
  const option = await screen.findByRole('option', { name: new RegExp(symbol) });
  fireEvent.mouseDown(option);
}

describe('watchlist screen', () => {
  it('shows the first list with live prices, stat cards and symbol-ascending rows', async () => {
    signedInAs();
    stubs();
    renderApp('/watchlist');
    expect(await screen.findByRole('heading', { name: 'My Watchlists', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Track and manage your favorite stocks')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /My Watchlist/, pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-gainers')).toHaveTextContent('1'));
    expect(screen.getByTestId('stat-losers')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-total-stocks')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-watchlists')).toHaveTextContent('2');
    const rows = screen.getAllByTestId(/^watchlist-row-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['watchlist-row-RELIANCE', 'watchlist-row-TCS']);
    expect(within(rows[0]!).getByText('₹1,414.00')).toBeInTheDocument();
    // The default list cannot be deleted; the other one can.
    expect(screen.queryByRole('button', { name: 'Delete watchlist My Watchlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete watchlist Banks' })).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('Search stocks in watchlist...'), {
      target: { value: 'zzz' },
    });
    expect(within(screen.getByTestId('watchlist-empty')).getByText('No stocks found')).toBeInTheDocument();
  });

  it('opens on the list that has stocks when the default list is empty', async () => {
    signedInAs();
    stubs(
      {
        'GET /api/stocks/quotes?symbols=HDFCBANK': () => ({
          body: { success: true, data: [makeQuote('HDFCBANK', { price: 1700 })] },
        }),
      },
      [makeWatchlist(W1, 'My Watchlist', [], true), banks],
    );
    renderApp('/watchlist');
    expect(await screen.findByRole('button', { name: /Banks/, pressed: true })).toBeInTheDocument();
    expect(await screen.findByTestId('watchlist-row-HDFCBANK')).toBeInTheDocument();
  });

  it('create: disabled and "Watchlist name cannot be empty" for a blank name; creates with the server message', async () => {
    signedInAs();
    const lists = [mine, banks];
    const tech = makeWatchlist('33333333-3333-4333-8333-333333333333', 'Tech', []);
    const calls = stubs(
      {
        'POST /api/watchlist/create': () => {
          lists.push(tech);
          return {
            status: 201,
            body: { success: true, message: 'Watchlist "Tech" created successfully!', data: tech },
          };
        },
      },
      lists,
    );
    renderApp('/watchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'New Watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Watchlist' });
    const name = within(dialog).getByLabelText('Watchlist Name');
    const create = within(dialog).getByRole('button', { name: 'Create Watchlist' });
    expect(create).toBeDisabled();
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.blur(name);
    expect(within(dialog).getByText('Watchlist name cannot be empty')).toBeInTheDocument();
    expect(create).toBeDisabled();
    fireEvent.change(name, { target: { value: '  Tech ' } });
    expect(create).toBeEnabled();
    fireEvent.click(create);
    expect(await screen.findByText('Watchlist "Tech" created successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/watchlist/create')?.body).toEqual({ name: 'Tech' });
    expect(await screen.findByRole('button', { name: /Tech/, pressed: true })).toBeInTheDocument();
  });

  it('adding a stock already in the list says so; the server 409 message shows too', async () => {
    signedInAs();
    const calls = stubs({
      'POST /api/watchlist/add': () => ({
        status: 409,
        body: { success: false, message: 'INFY is already in this watchlist.', code: 'CONFLICT' },
      }),
    });
    renderApp('/watchlist');
    await screen.findByTestId('watchlist-row-TCS');
    await pickFromSearch('tc', 'TCS');
    expect(await screen.findByText('TCS is already in this watchlist.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/watchlist/add')).toBe(false);

    await pickFromSearch('in', 'INFY');
    expect(await screen.findByText('INFY is already in this watchlist.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/watchlist/add')?.body).toEqual({
      symbol: 'INFY',
      watchlistId: W1,
    });
  });

  it('asks for a specific list when "All Watchlists" is selected', async () => {
    signedInAs();
    stubs({
      'GET /api/stocks/quotes?symbols=HDFCBANK,RELIANCE,TCS': () => ({ body: { success: true, data: [] } }),
    });
    renderApp('/watchlist');
    fireEvent.click(await screen.findByRole('button', { name: /All Watchlists/ }));
    await pickFromSearch('in', 'INFY');
    expect(
      await screen.findByText('Please select a specific watchlist to add stocks to.'),
    ).toBeInTheDocument();
  });

  it('deletes a list after confirmation and returns to all watchlists', async () => {
    signedInAs();
    const lists = [mine, banks];
    stubs(
      {
        'DELETE /api/watchlist/22222222-2222-4222-8222-222222222222': () => {
          lists.pop();
          return { body: { success: true, message: 'Watchlist deleted successfully.' } };
        },
      },
      lists,
    );
    renderApp('/watchlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete watchlist Banks' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this watchlist?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Watchlist deleted successfully.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /All Watchlists/, pressed: true })).toBeInTheDocument();
  });

  it('disables New Watchlist with the reason once the account holds the most lists the server allows', async () => {
    signedInAs();
    const many = Array.from({ length: MAX_WATCHLISTS_PER_USER }, (_, i) =>
      makeWatchlist(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `List ${i}`, [], i === 0),
    );
    stubs({}, many);
    renderApp('/watchlist');
    const button = await screen.findByRole('button', { name: 'New Watchlist' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('title', WATCHLISTS_LIMIT_MESSAGE);
  });
});
