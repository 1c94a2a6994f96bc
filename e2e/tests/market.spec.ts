import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { GlobalSearch, livePrice } from '../pages/market-pages.js';
import { foreseeMovingStock } from '../support/market-foresight.js';
import { snap } from '../support/screens.js';

test('Ctrl+K finds a stock and its stock page shows a live price that changes', async ({ page }) => {
  await new SignupPage(page).signUp('Market Watcher', uniqueEmail('market'));
  // A stock the seeded market keeps moving over the next minute (RELIANCE when it does), so the
  // live price must change while the test watches.
  const symbol = foreseeMovingStock(60);
  await new GlobalSearch(page).openStock(symbol, symbol);
  await expect(page).toHaveURL(new RegExp(`/stock/${symbol}$`));
  await expect(page.getByTestId('live-price').first()).toBeVisible();
  await expect(page.getByTestId('sector')).not.toHaveText('');
  // Fundamentals no source provides are a dash, never a made-up figure.
  await expect(page.getByTestId('pe')).toHaveText('—');
  const first = await livePrice(page);
  expect(first).toBeGreaterThan(0);
  await expect.poll(() => livePrice(page), { timeout: 20_000, intervals: [500] }).not.toBe(first);
  await snap(page, 'stock-live');

  // What the simulated clock is, opened from the keyboard and by a tap on a phone.
  const clock = page.getByRole('button', { name: 'What is the market clock?' });
  await clock.focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Simulated clock' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await clock.scrollIntoViewIfNeeded();
  await clock.click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Simulated clock' })).toBeInViewport();
  await snap(page, 'stock-clock-tip-390');
});

test('charts: timeframe, chart type, RSI pane and PNG download', async ({ page }) => {
  await new SignupPage(page).signUp('Chart Reader', uniqueEmail('charts'));
  await page.goto('/charts?symbol=RELIANCE');
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('data-point-count')).toContainText(/\d/);
  const oneDay = await page.getByTestId('data-point-count').innerText();

  await page.getByRole('button', { name: '1Y', exact: true }).click();
  await expect(page.getByRole('button', { name: '1Y', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('data-point-count')).not.toHaveText(oneDay);

  await page.getByRole('button', { name: 'Line', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Line', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await expect(page.getByTestId('rsi-pane')).toHaveCount(0);
  await page.getByRole('button', { name: 'RSI 14' }).click();
  await expect(page.getByRole('button', { name: 'RSI 14' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rsi-pane')).toBeVisible();
  await snap(page, 'charts-rsi');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('RELIANCE_1Y_chart.png');
  const png = readFileSync(await download.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test('watchlist: create a list, add two stocks, remove one, and it is kept after reload', async ({
  page,
}) => {
  await new SignupPage(page).signUp('List Keeper', uniqueEmail('watch'));
  await page.goto('/watchlist');
  await expect(page.getByRole('heading', { name: 'My Watchlists' })).toBeVisible();
  await page.getByRole('button', { name: 'New Watchlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Watchlist' });
  await dialog.getByLabel('Watchlist Name').fill('Banks to study');
  await dialog.getByRole('button', { name: 'Create Watchlist' }).click();
  await expect(page.getByText('Watchlist "Banks to study" created successfully!')).toBeVisible();
  // The list's own button is named by its title and its stock count.
  const listButton = page.getByRole('button', { name: /^Banks to study \d+$/ });
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');

  const search = page.getByRole('combobox', { name: 'Search stocks to add' });
  for (const symbol of ['HDFCBANK', 'ICICIBANK']) {
    await search.fill(symbol);
    // Pick the search result (the popular-stocks grid changes with the market, so not that).
    await page.getByRole('option', { name: new RegExp(`^${symbol}\\b`) }).click();
    await expect(page.getByTestId(`watchlist-row-${symbol}`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Remove HDFCBANK from watchlist' }).click();
  await expect(page.getByTestId('watchlist-row-HDFCBANK')).toHaveCount(0);
  await snap(page, 'watchlist');

  await page.reload();
  await listButton.click();
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('watchlist-row-ICICIBANK')).toBeVisible();
  await expect(page.getByTestId('watchlist-row-HDFCBANK')).toHaveCount(0);
});

test('the dashboard shows the four indices from the market', async ({ page }) => {
  await new SignupPage(page).signUp('Index Follower', uniqueEmail('indices'));
  for (const symbol of ['NIFTY50', 'SENSEX', 'NIFTYBANK', 'NIFTYIT']) {
    await expect(page.getByTestId(`index-${symbol}`)).toContainText(/\d/);
  }
  await expect(page.getByTestId('movers-gainers')).toBeVisible();
  await snap(page, 'dashboard-market');
});
