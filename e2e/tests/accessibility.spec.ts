import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { GlobalSearch } from '../pages/market-pages.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

const publicScreens = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=x',
  '/terms',
  '/privacy',
];
const privateScreens = [
  '/dashboard',
  '/profile',
  '/settings?tab=profile',
  '/settings?tab=notifications',
  '/settings?tab=security',
  '/settings?tab=preferences',
  '/portfolio',
  '/history',
  '/trading',
  '/trading?symbol=RELIANCE',
  '/orders',
  '/options',
];

test.describe.configure({ timeout: 240_000 });

test('public screens have no serious accessibility violations', async ({ page }) => {
  for (const path of publicScreens) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
    await snap(page, `public${path.replace(/[/?=]/g, '-')}`);
  }
});

test('signed-in screens have no serious accessibility violations, in light and dark', async ({ page }) => {
  await new SignupPage(page).signUp('Axe Checker', uniqueEmail('axe'));
  // Money on the account, so the portfolio table, history rows and dashboard cards are checked with data in them.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/virtual-money/login-reward', { headers })).ok()).toBe(true);
  const buy = await page.request.post('/api/orders/place', {
    headers,
    data: {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
      clientOrderId: `axe-${Date.now()}`,
    },
  });
  expect(buy.ok()).toBe(true);
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of privateScreens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
      await snap(page, `${theme}${path.replace(/[/?=]/g, '-')}`);
    }
  }
});

test('the global search dialog has no serious accessibility violations, with recent searches and results, light and dark', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Search Checker', uniqueEmail('axe-search'));
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    // Not the dashboard: its daily-reward invitation would sit over the search.
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const dialog = await new GlobalSearch(page).open();
    await dialog.getByRole('combobox', { name: 'Search stocks' }).fill('rel');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    // The first result is active (highlighted), so its colours are checked too.
    expect(await seriousViolations(page), `search results (${theme})`).toEqual([]);
    await snap(page, `${theme}-global-search`);
    // Opening a result records a recent search; the next open lists it.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Control+k');
    await expect(dialog.getByRole('listbox', { name: 'Recent searches' })).toBeVisible();
    expect(await seriousViolations(page), `recent searches (${theme})`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});
