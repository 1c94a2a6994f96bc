import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeQuote, makeResult, makeWatchlist, shellStubs } from '../../market/test/market-fixtures';
import { makeArchiveArticle } from '../../../test/news-fixtures';

const market = {
  ...shellStubs,
  'GET /api/stocks/indices': () => ({
    body: { success: true, data: [makeQuote('NIFTY50', { name: 'NIFTY 50', exchange: 'INDEX' })] },
  }),
  'GET /api/stocks/movers?type=gainers&limit=5': () => ({
    body: { success: true, type: 'gainers', data: [] },
  }),
  'GET /api/stocks/search?query=rel&limit=8': () => ({
    body: {
      success: true,
      data: [
        makeResult('RELIANCE', 'Reliance Industries Ltd.'),
        makeResult('RELINFRA', 'Reliance Infrastructure Ltd.'),
      ],
    },
  }),
  'GET /api/stocks/search?query=zzz&limit=8': () => ({ body: { success: true, data: [] } }),
};

/** What a user waits for before pressing Ctrl+K: the signed-in page and the header's search button. */
async function shellReady() {
  await screen.findByRole('heading', { name: /Asha/ });
  await screen.findByRole('button', { name: 'Search stocks' });
}

const ctrlK = (target: Element | Document = document) =>
  fireEvent.keyDown(target, { key: 'k', ctrlKey: true });

describe('global search modal', () => {
  it('opens on Ctrl+K and closes on Escape', async () => {
    signedInAs();
    stubFetch(market);
    renderApp('/dashboard');
    await shellReady();
    ctrlK(document.body);
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('combobox', { name: 'Search stocks' });
    // The dialog moves focus to the box once it has mounted; a user sees the caret arrive.
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(dialog).getByRole('tab', { name: /Stocks/, selected: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: /News/, selected: false })).toHaveTextContent('Alt+N');
    expect(within(dialog).getByRole('tab', { name: /Orders/, selected: false })).toHaveTextContent('Alt+O');
    expect(within(dialog).getByTestId('search-shortcut')).toHaveTextContent('K');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
  });

  it('does not open while the user is typing in another input', async () => {
    signedInAs();
    stubFetch({
      ...market,
      'GET /api/watchlist': () => ({
        body: { success: true, data: [makeWatchlist('w1', 'My Watchlist', [], true)] },
      }),
    });
    renderApp('/watchlist');
    const input = await screen.findByPlaceholderText('Search stocks in watchlist...');
    input.focus();
    // Left alone, the shortcut keeps its meaning in the field: the search does not claim it.
    expect(ctrlK(input)).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    input.blur();
    expect(ctrlK(document.body)).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows the 5 most recent of 10 saved searches and fills the box from one', async () => {
    signedInAs();
    const saved = Array.from({ length: 10 }, (_, i) => ({
      query: `query ${i}`,
      timestamp: '2026-11-21T10:00:00.000Z',
      type: 'stocks',
      resultsCount: i,
      hasResults: i > 0,
    }));
    localStorage.setItem('searchHistory', JSON.stringify(saved));
    stubFetch(market);
    renderApp('/dashboard');
    await shellReady();
    ctrlK();
    const list = await screen.findByRole('listbox', { name: 'Recent searches' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0]).toHaveTextContent('query 0');
    expect(options[4]).toHaveTextContent('query 4');
    fireEvent.click(options[2]!);
    expect(screen.getByRole('combobox', { name: 'Search stocks' })).toHaveValue('query 2');
  });

  it('lists results, moves with the arrows, opens the stock on Enter and saves the query', async () => {
    signedInAs();
    stubFetch({
      ...market,
      'GET /api/stocks/quote/RELINFRA': () => ({
        status: 404,
        body: { success: false, message: 'Stock not found', code: 'NOT_FOUND' },
      }),
    });
    const { router } = renderApp('/dashboard');
    await shellReady();
    ctrlK();
    const box = await screen.findByRole('combobox', { name: 'Search stocks' });
    fireEvent.change(box, { target: { value: 'rel' } });
    const results = await screen.findByRole('listbox', { name: 'Stock results' });
    await waitFor(() => expect(within(results).getAllByRole('option')).toHaveLength(2));
    expect(within(results).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(within(results).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/RELINFRA'));
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')[0]).toMatchObject({
      query: 'rel',
      resultsCount: 2,
      hasResults: true,
    });
  });

  it('says so when nothing matches, and does not save one-character queries', async () => {
    signedInAs();
    stubFetch(market);
    renderApp('/dashboard');
    await shellReady();
    ctrlK();
    const box = await screen.findByRole('combobox', { name: 'Search stocks' });
    fireEvent.change(box, { target: { value: 'z' } });
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    fireEvent.submit(box.closest('form')!);
    expect(localStorage.getItem('searchHistory')).toBeNull();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No stocks found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try searching with different keywords or stock symbols')).toBeInTheDocument();
  });

  it('switches to News with Alt+N, lists the server’s matches and submits to /news?search=', async () => {
    signedInAs();
    const article = makeArchiveArticle();
    stubFetch({
      ...market,
      'GET /api/news/search?q=infosys&limit=6': () => ({ body: { success: true, data: [article] } }),
    });
    const { router } = renderApp('/dashboard');
    await shellReady();
    ctrlK();
    const box = await screen.findByRole('combobox', { name: 'Search stocks' });
    fireEvent.keyDown(box, { key: 'n', code: 'KeyN', altKey: true });
    expect(screen.getByRole('tab', { name: /News/, selected: true })).toBeInTheDocument();
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'infosys' } });
    const results = await screen.findByRole('listbox', { name: 'News results' });
    await waitFor(() =>
      expect(within(results).getByRole('option')).toHaveTextContent('Infosys Q1 profit slips'),
    );
    // The app's one date format (IST), not the browser's numeric locale date.
    expect(within(results).getByRole('option')).toHaveTextContent('The Times of India · Jul 23, 2026 · INFY');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/news?search=infosys'),
    );
  });
});
