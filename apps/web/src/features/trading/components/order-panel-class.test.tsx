import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'sonner';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeAccount, makeOrder, makeSummary, orderList } from '../../../test/trading-fixtures';
import { makePortfolio, mainPortfolio, portfoliosStub } from '../../../test/portfolio-fixtures';
import { makeStudentClass } from '../../../test/class-fixtures';
import { makeQuote, openMarketStatus, shellStubs } from '../../market/test/market-fixtures';

const CLASS_PORTFOLIO = '0b9c5f7e-1a2b-4c3d-8e9f-0000000000c1';
const classPortfolio = makePortfolio({ id: CLASS_PORTFOLIO, name: 'Markets 101', kind: 'class' });
const itc = makeQuote('ITC', {
  name: 'ITC Ltd.',
  price: 400,
  previousClose: 398,
  change: 2,
  changePercent: 0.5,
});
const q = `portfolioId=${CLASS_PORTFOLIO}`;

const cls = makeStudentClass(CLASS_PORTFOLIO, { rules: { allowMIS: false, requireTradeNote: true } });

afterEach(() => {
  toast.dismiss();
});

describe('the order ticket in a class portfolio', () => {
  it('shows the class rules, disables with the rule until a note is written, and sends the note', async () => {
    const user = signedInAs();
    localStorage.setItem(`activePortfolio:${user.id}`, CLASS_PORTFOLIO);
    const calls = stubFetch({
      ...shellStubs,
      ...portfoliosStub([mainPortfolio, classPortfolio]),
      'GET /api/classes': () => ({ body: { success: true, data: [cls] } }),
      [`GET /api/virtual-money/account?${q}`]: () => ({
        body: { success: true, data: makeAccount({ availableCash: 100000, reserved: 0 }) },
      }),
      [`GET /api/portfolio/summary?${q}`]: () => ({
        body: { success: true, data: makeSummary([], 100000, 0) },
      }),
      [`GET /api/orders/all?status=PENDING&type=SELL&limit=100&${q}`]: () => ({ body: orderList([]) }),
      [`GET /api/orders/all?limit=8&${q}`]: () => ({ body: orderList([]) }),
      'GET /api/stocks/movers?type=active&limit=12': () => ({
        body: { success: true, type: 'active', data: [itc] },
      }),
      'GET /api/stocks/quote/ITC': () => ({ body: { success: true, data: itc } }),
      'GET /api/live-charts/market-status/NSE': () => ({ body: openMarketStatus }),
      'GET /api/watchlist': () => ({ body: { success: true, data: [] } }),
      'POST /api/orders/place': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Buy order for 1 ITC filled',
          data: { order: makeOrder({ symbol: 'ITC', status: 'FILLED' }) },
        },
      }),
    });
    renderApp('/trading?symbol=ITC');
    const rules = await screen.findByTestId('class-rules');
    expect(rules).toHaveTextContent('Class rules: Markets 101');
    expect(rules).toHaveTextContent('Every order needs a trade note');
    const form = within(await screen.findByRole('form', { name: 'Order ITC' }));
    const place = form.getByRole('button', { name: 'Place Buy Order' });
    await waitFor(() => expect(place).toBeDisabled());
    expect(form.getByTestId('order-disabled-reason')).toHaveTextContent(
      'Your class requires a trade note: say why you are placing this order',
    );
    fireEvent.change(form.getByLabelText('Trade note (required)'), { target: { value: 'Defensive pick' } });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({
        symbol: 'ITC',
        note: 'Defensive pick',
        portfolioId: CLASS_PORTFOLIO,
      }),
    );
  });
});
