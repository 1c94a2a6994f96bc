import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClassRules } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeAccount, makeSummary } from '../../../test/trading-fixtures';
import { makePortfolio, mainPortfolio, portfoliosStub } from '../../../test/portfolio-fixtures';
import { makeStudentClass } from '../../../test/class-fixtures';
import { makeQuote, openMarketStatus, shellStubs } from '../../market/test/market-fixtures';

/** Issue 26: the stock page's slide-to-buy follows the active class portfolio's rules. */

const CLASS_PORTFOLIO = '0b9c5f7e-1a2b-4c3d-8e9f-0000000000c2';
const q = `portfolioId=${CLASS_PORTFOLIO}`;
const classOf = (rules: ClassRules) => makeStudentClass(CLASS_PORTFOLIO, { rules });

function openStockPage(rules: ClassRules) {
  const user = signedInAs();
  localStorage.setItem(`activePortfolio:${user.id}`, CLASS_PORTFOLIO);
  stubFetch({
    ...shellStubs,
    ...portfoliosStub([
      mainPortfolio,
      makePortfolio({ id: CLASS_PORTFOLIO, name: 'Markets 101', kind: 'class' }),
    ]),
    'GET /api/classes': () => ({ body: { success: true, data: [classOf(rules)] } }),
    'GET /api/stocks/quote/RELIANCE': () => ({
      body: {
        success: true,
        data: makeQuote('RELIANCE', { name: 'Reliance Industries Ltd.', price: 1414.5 }),
      },
    }),
    'GET /api/live-charts/market-status/NSE': () => ({ body: openMarketStatus }),
    'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
    [`GET /api/virtual-money/account?${q}`]: () => ({
      body: { success: true, data: makeAccount({ availableCash: 100000, reserved: 0 }) },
    }),
    [`GET /api/portfolio/summary?${q}`]: () => ({
      body: { success: true, data: makeSummary([], 100000, 0) },
    }),
  });
  renderApp('/stock/RELIANCE');
}

describe('the stock page buy panel in a class portfolio', () => {
  it('shows the rules and disables the slide with the rule the server would refuse', async () => {
    openStockPage({ universe: ['ITC', 'TCS'] });
    expect(await screen.findByTestId('class-rules')).toHaveTextContent('Class rules: Markets 101');
    await waitFor(() =>
      expect(screen.getByTestId('buy-disabled-reason')).toHaveTextContent(
        'Your class trades only ITC, TCS; RELIANCE is not on the list',
      ),
    );
    expect(screen.getByRole('slider', { name: /Slide to Buy/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for the trade note the class requires, and takes it', async () => {
    openStockPage({ requireTradeNote: true });
    await waitFor(() =>
      expect(screen.getByTestId('buy-disabled-reason')).toHaveTextContent('Your class requires a trade note'),
    );
    fireEvent.change(screen.getByLabelText('Trade note (required)'), {
      target: { value: 'Refining margins are up' },
    });
    await waitFor(() => expect(screen.queryByTestId('buy-disabled-reason')).toBeNull());
    expect(screen.getByRole('slider', { name: /Slide to Buy/ })).not.toHaveAttribute('aria-disabled', 'true');
  });
});
