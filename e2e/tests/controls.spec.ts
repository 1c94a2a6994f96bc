import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { TradingPage } from '../pages/trading-pages.js';
import { snap, snapViewport } from '../support/screens.js';

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping a stock on /trading brings the order panel into view, and the order is placed from there', async ({
    page,
  }) => {
    await new SignupPage(page).signUp('Phone Trader', uniqueEmail('phone'));
    const trading = new TradingPage(page);
    await trading.goto();
    // The panel starts below the stock list, out of sight.
    const panel = page.getByTestId('order-panel');
    await expect(panel).not.toBeInViewport();

    const row = page
      .getByRole('list', { name: 'Popular stocks' })
      .getByRole('listitem')
      .filter({ hasNot: page.getByTestId('view-only-badge') })
      .first();
    const symbol = (await row.getAttribute('data-testid'))!.replace('stock-row-', '');
    await row.getByRole('button', { pressed: false }).first().tap();

    // No scrolling by the test: the tap alone brings the form into view.
    await expect(trading.form.getByTestId('order-symbol')).toHaveText(symbol);
    await expect(panel).toBeInViewport();
    await expect(trading.form.getByTestId('order-symbol')).toBeInViewport();
    // In view and not under the sticky header: the point at its centre is the symbol itself.
    const uncovered = () =>
      trading.form.getByTestId('order-symbol').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      });
    await expect.poll(uncovered).toBe(true);
    await snapViewport(page, 'phone-trading-after-tap-viewport');
    await snap(page, 'phone-trading-after-tap');

    await trading.form.getByRole('button', { name: 'Place Buy Order' }).tap();
    await expect(page.getByText(`Buy order for 1 ${symbol} filled`)).toBeVisible();
    const latest = await trading.latestOrder();
    await expect(latest.symbol).toHaveText(symbol);
    await expect(latest.status).toHaveText('FILLED');
  });
});

test('a US stock is view only: a badge and its $ price, no order form; the server refuses it with a plain 422', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Dollar Viewer', uniqueEmail('usd'));
  const trading = new TradingPage(page);
  await trading.goto('?symbol=AAPL');
  const viewOnly = page.getByTestId('order-view-only');
  await expect(viewOnly).toContainText('US stock · view only');
  await expect(viewOnly).toContainText('$');
  await expect(viewOnly).not.toContainText('₹');
  await expect(page.getByRole('button', { name: 'Place Buy Order' })).toHaveCount(0);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/orders/place', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      symbol: 'AAPL',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 1,
      clientOrderId: `usd-${Date.now()}`,
    },
  });
  expect(res.status()).toBe(422);
  expect((await res.json()).message).toMatch(/^US stocks are view only/);

  await page.goto('/stock/AAPL');
  await expect(page.getByTestId('buy-view-only')).toContainText('US stock · view only');
  await expect(page.getByRole('slider')).toHaveCount(0);
});

test('Place Order is disabled with the reason while the order would be refused', async ({ page }) => {
  await new SignupPage(page).signUp('Careful Trader', uniqueEmail('reason'));
  const trading = new TradingPage(page);
  await trading.goto('?symbol=RELIANCE&type=sell');
  const place = trading.form.getByRole('button', { name: 'Place Sell Order' });
  await expect(place).toBeDisabled();
  await expect(trading.form.getByTestId('order-disabled-reason')).toHaveText(
    'Insufficient holdings. You have 0 shares free to sell, trying to sell 1',
  );
  await trading.form.getByRole('button', { name: 'Buy', exact: true }).click();
  await trading.setQuantity(100_000);
  await expect(trading.form.getByRole('button', { name: 'Place Buy Order' })).toBeDisabled();
  await expect(trading.form.getByTestId('order-disabled-reason')).toHaveText(
    /^Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹10,000\.00$/,
  );
});
