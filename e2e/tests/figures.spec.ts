import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  FIGURES,
  tickSize,
  type FigureKey,
  type Order,
  type PortfolioSummary,
  type Quote,
} from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { FiguresPage, money, type FigureTexts } from '../pages/figures-page.js';
import { api } from '../pages/portfolio-pages.js';

test.describe.configure({ timeout: 150_000 });

async function place(page: Page, order: Record<string, unknown>): Promise<Order> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/orders/place', {
    headers: { Authorization: `Bearer ${token}` },
    data: { clientOrderId: `e2e-${randomUUID()}`, ...order },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { order: Order } }).data.order;
}

const paise = (text: string | undefined) => Math.round(money(text ?? '') * 100);

/** On one screen at one moment, the live figures add up the glossary's way (to the paisa). */
function expectConsistent(v: FigureTexts) {
  if (v.totalValue && v.availableCash && v.reserved && v.holdingsValue)
    expect(paise(v.totalValue), 'Total Value = cash incl. reserved + holdings').toBe(
      paise(v.availableCash) + paise(v.reserved) + paise(v.holdingsValue),
    );
  if (v.unrealisedPnl && v.holdingsValue && v.invested)
    expect(paise(v.unrealisedPnl), 'Unrealised P&L = Holdings Value − Invested').toBe(
      paise(v.holdingsValue) - paise(v.invested),
    );
  if (v.totalPnl && v.unrealisedPnl && v.realisedPnl)
    expect(paise(v.totalPnl), 'Total P&L = Realised + Unrealised').toBe(
      paise(v.realisedPnl) + paise(v.unrealisedPnl),
    );
  // Every holding was bought today, so Day's P&L starts from the buy price: it is the Unrealised P&L.
  if (v.daysPnl && v.unrealisedPnl)
    expect(paise(v.daysPnl), "Day's P&L of positions bought today").toBe(paise(v.unrealisedPnl));
}

test('the same figure under the same name on /dashboard, /portfolio, /trading, /profile and /history', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Figure Checker', uniqueEmail('figures'));

  // An account with holdings, a realised result, a resting buy and a resting sell, set up through the API.
  await place(page, { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 10 });
  await place(page, { symbol: 'SBIN', type: 'BUY', orderType: 'MARKET', quantity: 3 });
  const sale = await place(page, { symbol: 'ITC', type: 'SELL', orderType: 'MARKET', quantity: 4 });
  expect(sale.status).toBe('FILLED');
  const itc = (await api<{ data: Quote }>(page, '/api/stocks/quote/ITC')).data;
  const sbin = (await api<{ data: Quote }>(page, '/api/stocks/quote/SBIN')).data;
  // The tick grid depends on the price level, so each limit is put on the grid of its own level.
  const onGrid = (target: number, round: (n: number) => number) =>
    Math.round(round(target / tickSize(target)) * tickSize(target) * 100) / 100;
  // Inside each stock's circuit: ITC and SBIN are NIFTY 100 stocks, with a ±10% operating range.
  const below = Math.max(onGrid(itc.price * 0.95, Math.floor), itc.lowerCircuit!);
  const above = Math.min(onGrid(sbin.price * 1.05, Math.ceil), sbin.upperCircuit!);
  const restingBuy = await place(page, {
    symbol: 'ITC',
    type: 'BUY',
    orderType: 'LIMIT',
    price: below,
    quantity: 5,
  });
  const restingSell = await place(page, {
    symbol: 'SBIN',
    type: 'SELL',
    orderType: 'LIMIT',
    price: above,
    quantity: 1,
  });
  expect([restingBuy.status, restingSell.status]).toEqual(['PENDING', 'PENDING']);

  const server = (await api<{ data: PortfolioSummary }>(page, '/api/portfolio/summary')).data.figures;
  expect(server.reserved).toBe(restingBuy.reserved);
  expect(server.realisedPnl).toBe(sale.realizedPnL);

  const figures = new FiguresPage(page);
  const shown: Record<string, FigureTexts> = {};
  const screens: { path: string; expected: FigureKey[] }[] = [
    {
      path: '/dashboard',
      expected: [
        'totalValue',
        'reserved',
        'availableCash',
        'invested',
        'unrealisedPnl',
        'holdings',
        'holdingsValue',
      ],
    },
    {
      path: '/portfolio',
      expected: [
        'totalValue',
        'reserved',
        'invested',
        'holdingsValue',
        'totalPnl',
        'unrealisedPnl',
        'realisedPnl',
        'daysPnl',
        'availableCash',
      ],
    },
    {
      path: '/trading',
      expected: [
        'availableCash',
        'reserved',
        'holdingsValue',
        'invested',
        'daysPnl',
        'totalPnl',
        'unrealisedPnl',
        'realisedPnl',
      ],
    },
    { path: '/profile', expected: ['realisedPnl', 'totalPnl'] },
    { path: '/history', expected: ['invested', 'totalBought', 'totalSold'] },
  ];
  for (const screen of screens) {
    await figures.open(screen.path, screen.expected);
    const { values, names, counts } = await figures.read();
    for (const key of screen.expected) {
      expect(counts[key], `${key} once on ${screen.path}`).toBe(1);
      expect(names[key], `${key}'s name on ${screen.path}`).toBe(FIGURES[key].name);
    }
    expectConsistent(values);
    shown[screen.path] = values;
    await figures.expectInfoTip(screen.expected[0]!);
  }

  // The figures that do not tick are the same text everywhere, and the server's.
  const fixed: { key: FigureKey; server: number }[] = [
    { key: 'availableCash', server: server.availableCash },
    { key: 'reserved', server: server.reserved },
    { key: 'invested', server: server.invested },
    { key: 'realisedPnl', server: server.realisedPnl },
  ];
  for (const { key, server: value } of fixed) {
    const texts = Object.entries(shown).flatMap(([path, v]) => (v[key] ? [[path, v[key]] as const] : []));
    expect(texts.length, `${key} is on more than one screen`).toBeGreaterThan(1);
    for (const [path, text] of texts) {
      expect(text, `${FIGURES[key].name} on ${path}`).toBe(texts[0]![1]);
      expect(paise(text), `${FIGURES[key].name} on ${path} is the server's`).toBe(Math.round(value * 100));
    }
  }
  expect(shown['/dashboard']!.holdings).toBe('2');
  // Per-share prices keep their paise and negative amounts use one minus sign (U+2212).
  await expect(page.locator('body')).not.toContainText(/-₹/);
});
