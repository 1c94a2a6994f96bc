import { expect, test, type Page } from '@playwright/test';
import { computeFees, rupeesToPaise, tickSize } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import {
  OrdersPage,
  recordOrderStatuses,
  seenOrderStatuses,
  StockBuyPanel,
  TradingPage,
} from '../pages/trading-pages.js';
import { foreseeLimitBuy } from '../support/market-foresight.js';
import { snap } from '../support/screens.js';

interface ApiOrder {
  id: string;
  symbol: string;
  status: string;
  executionPrice: number | null;
  tradeValue: number | null;
  fees: number;
  total: number | null;
  limitPrice: number | null;
}

/** The user's newest order as the server holds it, read with the page's own session. */
async function latestOrder(page: Page): Promise<ApiOrder> {
  return page.evaluate(async () => {
    const res = await fetch('/api/orders/all?limit=1', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const body = (await res.json()) as { data: ApiOrder[] };
    return body.data[0]!;
  });
}

test('buy 2 RELIANCE at market from /trading: toast, FILLED in Recent Orders, cash down by value + fees', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Market Buyer', uniqueEmail('trade-buy'));
  const trading = new TradingPage(page);
  await trading.goto('?symbol=RELIANCE');
  const before = await trading.availableBalance();
  await trading.setQuantity(2);
  await trading.placeBuy();
  await expect(page.getByText('Buy order for 2 RELIANCE filled')).toBeVisible();

  const latest = await trading.latestOrder();
  await expect(latest.symbol).toHaveText('RELIANCE');
  await expect(latest.status).toHaveText('FILLED');

  const order = await latestOrder(page);
  expect(order.status).toBe('FILLED');
  const value = rupeesToPaise(order.executionPrice!) * 2n;
  const fees = computeFees('BUY', value).total;
  expect(rupeesToPaise(order.fees)).toBe(fees);
  expect(rupeesToPaise(order.total!)).toBe(value + fees);
  await expect.poll(() => trading.availableBalance()).toBeCloseTo(before - order.total!, 2);
  await snap(page, 'trading-after-market-buy');
});

test('a limit buy just below the market rests, then fills when the simulated price reaches it', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await new SignupPage(page).signUp('Limit Buyer', uniqueEmail('trade-limit'));
  // A second tab on /orders sees the order arrive and fill without a reload.
  const ordersTab = await context.newPage();
  const orders = new OrdersPage(ordersTab);
  await orders.goto();
  await expect(ordersTab.getByText('No Orders Found')).toBeVisible();
  await recordOrderStatuses(ordersTab);

  // The test knows the e2e market's seed, so it picks a stock and a limit that no tick reaches for the
  // next 60 s (the order rests) and that the market reaches within the following two minutes.
  const { symbol, limit, crossesAt } = foreseeLimitBuy(60, 180);
  const trading = new TradingPage(page);
  // Symbols such as M&M need encoding in a query string.
  await trading.goto(`?symbol=${encodeURIComponent(symbol)}`);
  await expect(page.getByText('No orders yet. Pick a stock and place your first order.')).toBeVisible();
  await recordOrderStatuses(page);
  await trading.chooseOrderType('Limit');
  await trading.setQuantity(1);
  await trading.setLimitPrice(limit);
  // The fill toast lasts 3 s, so watch for it from the moment the order goes in.
  const filledToast = expect(page.getByText('Order filled').first()).toBeVisible({
    timeout: Math.max(10_000, crossesAt - Date.now() + 30_000),
  });
  await trading.placeBuy();
  // The server answers "placed", not "filled": the order rests.
  await expect(page.getByText(`Buy limit order for 1 ${symbol} placed`)).toBeVisible();
  const order = await latestOrder(page);
  expect(order.limitPrice).toBe(limit);

  await filledToast;
  await expect(page.getByText(`Bought 1 share of ${symbol} at`).first()).toBeVisible();
  await expect((await trading.latestOrder()).status).toHaveText('FILLED');
  await expect(orders.row(order.id).getByTestId('order-status')).toHaveText('FILLED');
  // Both lists showed it resting first, then filled, without a reload.
  expect(await seenOrderStatuses(page)).toEqual(['PENDING', 'FILLED']);
  expect(await seenOrderStatuses(ordersTab)).toEqual(['PENDING', 'FILLED']);
  const filled = await latestOrder(page);
  expect(filled.status).toBe('FILLED');
  expect(filled.executionPrice!).toBeLessThanOrEqual(limit);

  // The fill also left a notification.
  await page.goto('/notifications');
  await expect(page.getByText('Order filled').first()).toBeVisible();
  await expect(page.getByText(`Bought 1 share of ${symbol} at`).first()).toBeVisible();
});

test('cancel a resting order on /orders: CANCELLED, and its reserved cash is available again', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Order Canceller', uniqueEmail('trade-cancel'));
  const trading = new TradingPage(page);
  await trading.goto('?symbol=RELIANCE');
  const before = await trading.availableBalance();
  const market = await trading.marketPrice();
  // Far enough below the market that it cannot fill during the test, yet inside RELIANCE's ±10%
  // operating range (a NIFTY 100 stock has no fixed circuit), which a price 10% down could leave.
  const tick = tickSize(market);
  const limit = Math.round(Math.floor((market * 0.95) / tick) * tick * 100) / 100;
  await trading.chooseOrderType('Limit');
  await trading.setQuantity(1);
  await trading.setLimitPrice(limit);
  await trading.placeBuy();
  await expect(page.getByText('Buy limit order for 1 RELIANCE placed')).toBeVisible();
  await expect((await trading.latestOrder()).status).toHaveText('PENDING');
  await expect.poll(() => trading.availableBalance()).toBeLessThan(before);

  const orders = new OrdersPage(page);
  await orders.goto('?search=RELIANCE');
  const order = await latestOrder(page);
  await expect(orders.row(order.id).getByTestId('order-status')).toHaveText('PENDING');
  await snap(page, 'orders-pending');
  await orders.cancelFirst('RELIANCE');
  await expect(orders.row(order.id).getByTestId('order-status')).toHaveText('CANCELLED');
  await expect(orders.row(order.id).getByRole('button')).toHaveCount(0);

  await trading.goto();
  await expect.poll(() => trading.availableBalance()).toBe(before);
});

test('slide to buy on /stock/RELIANCE lands on /portfolio', async ({ page }) => {
  await new SignupPage(page).signUp('Slide Buyer', uniqueEmail('trade-slide'));
  const panel = new StockBuyPanel(page);
  await panel.goto('RELIANCE');
  await snap(page, 'stock-buy-panel');
  await panel.slideToBuy();
  await expect(page.getByText('Successfully bought 1 share of RELIANCE!')).toBeVisible();
  await expect(page).toHaveURL(/\/portfolio$/, { timeout: 5_000 });
  const order = await latestOrder(page);
  expect(order.symbol).toBe('RELIANCE');
  expect(order.status).toBe('FILLED');
});
