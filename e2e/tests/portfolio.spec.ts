import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Order, PortfolioSummary } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import {
  api,
  DashboardPage,
  HistoryPage,
  PortfolioPage,
  resetAccount,
  rupees,
} from '../pages/portfolio-pages.js';
import { TradingPage } from '../pages/trading-pages.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

test('daily reward, buy at market from /trading, fee-inclusive average, portfolio sell, history, quick buy and account reset, against the real server', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Priya Shah', uniqueEmail('money'));
  const dashboard = new DashboardPage(page);
  await expect(dashboard.cash()).toHaveText('₹10,000.00');

  // The reward credits once.
  await dashboard.claimReward();
  await expect(page.getByText('Daily reward claimed! +₹100')).toBeVisible();
  await expect(dashboard.cash()).toHaveText('₹10,100.00');
  await expect(page.getByTestId('reward-total')).toHaveText('₹100.00');
  // Once claimed, the button turns into the streak: a second claim has no control to press.
  await expect(page.getByTestId('header-reward-streak')).toHaveText('1-day streak · claimed today');
  await expect(page.getByRole('button', { name: 'Claim Daily ₹100' })).toHaveCount(0);
  // A second claim sent anyway is answered, and moves nothing.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const again = await page.request.post('/api/virtual-money/login-reward', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await again.json()).message).toBe('Daily reward already claimed today!');
  await page.reload();
  await expect(dashboard.cash()).toHaveText('₹10,100.00');
  await snap(page, 'money-dashboard');

  // Buy 2 RELIANCE at market from /trading, then find it in the portfolio.
  const trading = new TradingPage(page);
  await trading.goto('?symbol=RELIANCE');
  await trading.setQuantity(2);
  await trading.placeBuy();
  await expect(page.getByText('Buy order for 2 RELIANCE filled')).toBeVisible();
  const portfolio = new PortfolioPage(page);
  await portfolio.goto();
  await snap(page, 'money-portfolio-after-buy');

  const orders = await api<{ data: Order[] }>(page, '/api/orders/all?symbol=RELIANCE');
  const buy = orders.data.find((o) => o.type === 'BUY' && o.status === 'FILLED')!;
  expect(buy.quantity).toBe(2);
  expect(buy.fees).toBeGreaterThan(0);
  // The average price carries the buy's fees: (trade value + fees) / quantity, worked in whole paise
  // (in floating rupees 2,578.43 / 2 = 1,289.215 would round the wrong way).
  const expectedAvg =
    Math.round((Math.round(buy.tradeValue! * 100) + Math.round(buy.fees * 100)) / buy.quantity) / 100;
  await expect(portfolio.row('RELIANCE').getByTestId('holding-quantity')).toHaveText('2');
  expect(rupees(await portfolio.row('RELIANCE').getByTestId('holding-avg-price').innerText())).toBeCloseTo(
    expectedAvg,
    2,
  );

  // Sell 1 from the row: over-holding is refused before anything is sent, then the market sell fills.
  const dialog = await portfolio.sell('RELIANCE', 3);
  await expect(dialog.getByText('You only have 2 shares available')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sell', exact: true })).toBeDisabled();
  await dialog.getByLabel('Number of shares').fill('1');
  // Fees, net amount and realised P&L as the order panel shows them.
  expect(rupees(await dialog.getByTestId('sell-fees').innerText())).toBeGreaterThan(0);
  await expect(dialog.getByTestId('sell-pnl')).not.toHaveText('—');
  await dialog.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(portfolio.row('RELIANCE').getByTestId('holding-quantity')).toHaveText('1');

  const after = await api<{ data: Order[] }>(page, '/api/orders/all?symbol=RELIANCE');
  const sell = after.data.find((o) => o.type === 'SELL' && o.status === 'FILLED')!;
  expect(sell.quantity).toBe(1);
  expect(sell.realizedPnL).not.toBeNull();

  // History: both trades with their fees, and the sell's realized gain/loss.
  const history = new HistoryPage(page);
  await history.goto();
  await expect(page.getByTestId('history-total')).toHaveText('3');
  const rows = history.rows();
  await expect(rows).toHaveCount(3);
  const sellRow = rows.filter({ hasText: 'RELIANCE' }).filter({ hasText: 'Sell' });
  const buyRow = rows.filter({ hasText: 'RELIANCE' }).filter({ hasText: 'Buy' });
  await expect(sellRow).toHaveCount(1);
  await expect(buyRow).toHaveCount(1);
  await expect(sellRow.getByTestId('tx-gain-loss')).not.toHaveText('—');
  await expect(rows.filter({ hasText: 'Daily reward' })).toHaveCount(1);

  const buyDetails = await history.openDetails(buyRow);
  expect(rupees(await buyDetails.getByTestId('detail-fees').innerText())).toBeCloseTo(buy.fees, 2);
  await expect(buyDetails.getByText('Brokerage')).toBeVisible();
  await expect(buyDetails.getByText('Stamp duty')).toBeVisible();
  await buyDetails.getByRole('button', { name: 'Close', exact: true }).click();

  const sellDetails = await history.openDetails(sellRow);
  expect(rupees(await sellDetails.getByTestId('detail-fees').innerText())).toBeCloseTo(sell.fees, 2);
  await expect(sellDetails.getByText('STT')).toBeVisible();
  await expect(sellDetails.getByRole('heading', { name: 'Performance' })).toBeVisible();
  expect(rupees(await sellDetails.getByTestId('detail-gain-loss').innerText())).toBeCloseTo(
    sell.realizedPnL!,
    2,
  );
  await snap(page, 'money-history-details');
  await sellDetails.getByRole('button', { name: 'Close', exact: true }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).press('Enter'),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n').filter((line) => line.includes('RELIANCE'))).toHaveLength(2);

  // Quick Buy on the dashboard: slide to buy, land on /portfolio with the new holding highlighted for 5 s.
  await dashboard.goto();
  const shownPrice = await dashboard.quickBuy('ITC', 1);
  await expect(page.getByText('Successfully bought 1 share of ITC!')).toBeVisible();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByText('Purchase successful! ITC is now in your portfolio.')).toBeVisible();
  await expect(portfolio.row('ITC')).toHaveAttribute('data-highlighted', 'true');
  const itc = (await api<{ data: Order[] }>(page, '/api/orders/all?symbol=ITC')).data[0]!;
  expect(itc.status).toBe('FILLED');
  expect(Math.abs(itc.executionPrice! - shownPrice) / shownPrice).toBeLessThan(0.02);
  await expect(portfolio.row('ITC')).not.toHaveAttribute('data-highlighted', 'true', { timeout: 8_000 });

  // Reset: Main's season 1 is archived; season 2 starts at ₹10,000.00, nothing held, nothing in its history.
  await resetAccount(page);
  await expect(
    page
      .getByText('Virtual account reset. Your balance is ₹10,000.00 again; season 1 is kept on History.')
      .first(),
  ).toBeVisible();
  const summary = await api<{ data: PortfolioSummary }>(page, '/api/portfolio/summary');
  expect(summary.data.availableCash).toBe(10_000);
  await dashboard.goto();
  await expect(dashboard.cash()).toHaveText('₹10,000.00');
  await portfolio.goto();
  await expect(page.getByText('No Holdings Yet')).toBeVisible();
  await history.goto();
  await expect(page.getByText('No transactions found')).toBeVisible();
  await expect(page.getByText('Start trading to see your transaction history here')).toBeVisible();
});
