import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { makeChain, makePosition, optionsStubs, sym } from '../test/options-fixtures';
import { SEBI_FY25_LINE } from './options-screen';

async function openChain() {
  const chain = await screen.findByRole('region', { name: 'Option chain' });
  await within(chain).findByRole('table');
  return chain;
}

const builder = () => screen.getByRole('region', { name: 'Strategy builder' });

describe('/options', () => {
  it('lists Options in the nav and shows the chain with the ATM strike marked, spot, future, VIX and lot', async () => {
    signedInAs();
    stubFetch(optionsStubs());
    renderApp('/options');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Options/ })).toHaveAttribute('href', '/options');
    const chain = await openChain();
    const rows = within(chain).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    const atm = rows.filter((r) => r.getAttribute('aria-current') === 'true');
    expect(atm).toHaveLength(1);
    expect(atm[0]).toHaveTextContent('24,000ATM');
    expect(chain).toHaveTextContent('23,990.50');
    expect(chain).toHaveTextContent('24,012.30');
    expect(chain).toHaveTextContent('13.40');
    expect(chain).toHaveTextContent('65 units');
    expect(chain).toHaveTextContent(/simulated open interest/);
    expect(screen.getByText(SEBI_FY25_LINE)).toBeInTheDocument();
  });

  it('shows delta, gamma, theta and vega only with the Greeks toggle on', async () => {
    signedInAs();
    stubFetch(optionsStubs());
    renderApp('/options');
    const chain = await openChain();
    expect(within(chain).queryAllByRole('columnheader', { name: 'Delta' })).toHaveLength(0);
    fireEvent.click(within(chain).getByRole('switch', { name: 'Show Greeks' }));
    expect(within(chain).getAllByRole('columnheader', { name: 'Delta' })).toHaveLength(2);
    expect(within(chain).getAllByRole('columnheader', { name: 'Vega' })).toHaveLength(2);
  });

  it('a bought call: unlimited profit, the premium as the worst case, margin asked and one NRML order placed', async () => {
    signedInAs();
    const calls = stubFetch(optionsStubs());
    renderApp('/options');
    const chain = await openChain();
    fireEvent.click(within(chain).getByRole('button', { name: `Buy ${sym(24000, 'CE')}` }));
    expect(
      await within(builder()).findByRole('listitem', { name: `Buy ${sym(24000, 'CE')}` }),
    ).toBeInTheDocument();
    expect(within(builder()).getByTestId('max-profit')).toHaveTextContent('Unlimited');
    expect(within(builder()).getByTestId('max-loss')).toHaveTextContent('−₹6,500.00');
    expect(within(builder()).getByTestId('breakevens')).toHaveTextContent('24,100.00');
    expect(
      await within(builder()).findByText('₹6,500.00', { selector: 'dd.font-semibold' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/options/margin')?.body).toEqual({
      legs: [{ tradingsymbol: sym(24000, 'CE'), side: 'BUY', quantity: 65 }],
    });
    const place = within(builder()).getByRole('button', { name: 'Place 1 order' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    expect(await within(builder()).findByText(/placed \(filled\)/)).toBeInTheDocument();
    const orders = calls.filter((c) => c.key === 'POST /api/orders/place');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body).toMatchObject({
      symbol: sym(24000, 'CE'),
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 65,
      product: 'NRML',
    });
  });

  it('sends the legs as MIS limit orders at the typed limit, and refuses a limit off the ₹0.05 tick', async () => {
    signedInAs();
    const calls = stubFetch(optionsStubs());
    renderApp('/options');
    const chain = await openChain();
    fireEvent.click(within(chain).getByRole('button', { name: `Buy ${sym(24000, 'CE')}` }));
    await within(builder()).findByRole('listitem', { name: `Buy ${sym(24000, 'CE')}` });
    fireEvent.click(within(builder()).getByRole('button', { name: 'MIS (intraday)' }));
    fireEvent.click(within(builder()).getByRole('button', { name: 'Limit' }));
    const limit = within(builder()).getByRole('spinbutton', { name: `Limit price: Buy ${sym(24000, 'CE')}` });
    const place = within(builder()).getByRole('button', { name: 'Place 1 order' });
    fireEvent.change(limit, { target: { value: '99.97' } });
    expect(place).toBeDisabled();
    expect(
      within(builder()).getByText('Each limit must be a positive multiple of ₹0.05'),
    ).toBeInTheDocument();
    fireEvent.change(limit, { target: { value: '99.95' } });
    await waitFor(() => expect(place).toBeEnabled());
    expect(builder()).toHaveTextContent(/rests until the bid or ask reaches it/);
    // The margin a resting limit holds prices the bought leg at its limit, not at the ask.
    const margins = calls.filter((c) => c.key === 'POST /api/options/margin');
    expect(margins.at(-1)?.body).toEqual({
      legs: [{ tradingsymbol: sym(24000, 'CE'), side: 'BUY', quantity: 65, price: 99.95 }],
    });
    fireEvent.click(place);
    await within(builder()).findByText(/placed \(/);
    const orders = calls.filter((c) => c.key === 'POST /api/orders/place');
    expect(orders[0]?.body).toMatchObject({
      symbol: sym(24000, 'CE'),
      orderType: 'LIMIT',
      price: 99.95,
      product: 'MIS',
      quantity: 65,
    });
  });

  it('a short straddle reads Unlimited loss with two breakevens, and flags the naked short', async () => {
    signedInAs();
    stubFetch(optionsStubs());
    renderApp('/options');
    const chain = await openChain();
    fireEvent.click(within(chain).getByRole('button', { name: `Sell ${sym(24000, 'CE')}` }));
    fireEvent.click(within(chain).getByRole('button', { name: `Sell ${sym(24000, 'PE')}` }));
    expect(await within(builder()).findByTestId('max-loss')).toHaveTextContent('Unlimited');
    expect(within(builder()).getByTestId('max-profit')).toHaveTextContent('+₹13,000.00');
    expect(within(builder()).getByTestId('breakevens')).toHaveTextContent('23,800.00, 24,200.00');
    const nudges = within(builder()).getByRole('list', { name: 'Things to know' });
    expect(nudges).toHaveTextContent(/Naked short: you sell more calls and puts than you buy/);
  });

  it('keeps Place disabled with its reason when the margin is more than the available cash', async () => {
    signedInAs();
    stubFetch(optionsStubs({ cash: 50_000 }));
    renderApp('/options');
    const chain = await openChain();
    fireEvent.click(within(chain).getByRole('button', { name: `Sell ${sym(24000, 'PE')}` }));
    const reason = await within(builder()).findByText(
      'Needs ₹1,20,000.00 of margin; you have ₹50,000.00 available.',
    );
    const place = within(builder()).getByRole('button', { name: 'Place 1 order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAttribute('aria-describedby', reason.id);
  });

  it('warns about a far-OTM buy near expiry and costs above 1% of a cheap premium', async () => {
    signedInAs();
    stubFetch(optionsStubs({ daysToExpiry: 1 }));
    renderApp('/options');
    const chain = await openChain();
    // 24,200 CE: delta 0.1 − … clamps to 0.05 in the fixture, premium ₹3 (₹195 a lot).
    fireEvent.click(within(chain).getByRole('button', { name: `Buy ${sym(24200, 'CE')}` }));
    const nudges = await within(builder()).findByRole('list', { name: 'Things to know' });
    expect(nudges.querySelector('[data-nudge="far-otm-expiry"]')).toHaveTextContent(/1 day\(s\) to expiry/);
    expect(nudges.querySelector('[data-nudge="costs"]')).toHaveTextContent(
      /% of the premium for a round trip/,
    );
    expect(nudges.querySelector('[data-nudge="naked-short"]')).toBeNull();
  });

  it('lists positions with lots, MTM and the at-expiry line, and exits with the opposite order', async () => {
    signedInAs();
    const calls = stubFetch(
      optionsStubs({
        positions: [makePosition({ quantity: -130, lots: -2, tradingsymbol: sym(24000, 'PE'), kind: 'PE' })],
      }),
    );
    renderApp('/options');
    const item = await screen.findByRole('listitem', { name: sym(24000, 'PE') });
    expect(item).toHaveTextContent('−2 lots (130 units)');
    expect(item).toHaveTextContent('+₹292.50');
    expect(item).toHaveTextContent('At expiry: If NIFTY stays at 23,990.50');
    fireEvent.click(within(item).getByRole('button', { name: `Exit ${sym(24000, 'PE')}` }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/orders/place')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'POST /api/orders/place')?.body).toMatchObject({
      symbol: sym(24000, 'PE'),
      type: 'BUY',
      quantity: 130,
      product: 'NRML',
    });
  });

  it('reads the chain again every few seconds (the prices are live)', async () => {
    signedInAs();
    let n = 0;
    const calls = stubFetch({
      ...optionsStubs(),
      'GET /api/options/chain?underlying=NIFTY': () => {
        n += 1;
        return { body: { success: true, data: makeChain({ spot: 23990.5 + n }) } };
      },
    });
    renderApp('/options');
    await openChain();
    await waitFor(
      () =>
        expect(
          calls.filter((c) => c.key === 'GET /api/options/chain?underlying=NIFTY').length,
        ).toBeGreaterThan(1),
      { timeout: 5000 },
    );
  });

  it('asks for the chosen expiry and starts a new strategy on it', async () => {
    signedInAs();
    const calls = stubFetch({
      ...optionsStubs(),
      'GET /api/options/chain?underlying=NIFTY&expiry=2026-12-29': () => ({
        body: { success: true, data: makeChain({ expiry: '2026-12-29', expiryKind: 'monthly' }) },
      }),
    });
    renderApp('/options');
    const chain = await openChain();
    fireEvent.click(within(chain).getByRole('button', { name: `Buy ${sym(24000, 'CE')}` }));
    expect(await within(builder()).findByRole('list', { name: 'Legs' })).toBeInTheDocument();
    const select = screen.getByLabelText('Expiry');
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.change(select, { target: { value: '2026-12-29' } });
    expect(await screen.findByText(/expiry 2026-12-29 \(monthly\)/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/options/chain?underlying=NIFTY&expiry=2026-12-29')).toBe(
      true,
    );
    expect(within(builder()).queryByRole('list', { name: 'Legs' })).toBeNull();
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows LTP beside the strike and opens a strike’s quotes and B/S on a tap', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(max-width: 768px)',
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }));
      signedInAs();
      stubFetch(optionsStubs());
      renderApp('/options');
      const chain = await openChain();
      expect(
        within(chain)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Call LTP', 'Strike', 'Put LTP']);
      expect(within(chain).queryByRole('button', { name: `Buy ${sym(24000, 'CE')}` })).toBeNull();
      fireEvent.click(within(chain).getByRole('button', { name: /^24,000/ }));
      fireEvent.click(within(chain).getByRole('button', { name: `Sell ${sym(24000, 'PE')}` }));
      expect(await screen.findByRole('status')).toHaveTextContent('1 leg in the strategy builder');
      expect(
        within(builder()).getByRole('listitem', { name: `Sell ${sym(24000, 'PE')}` }),
      ).toBeInTheDocument();
    });
  });
});
