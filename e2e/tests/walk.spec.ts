import { expect, test, type Locator, type Page } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { seriousViolations } from '../support/axe.js';
import { snapViewport } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

/** A new account with six holdings, a resting limit order and so a history to scroll through. */
async function traderWithHoldings(page: Page, tag: string) {
  await new SignupPage(page).signUp('Walk Checker', uniqueEmail(tag));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const symbols = ['ITC', 'TATASTEEL', 'WIPRO', 'ONGC', 'COALINDIA', 'NTPC'];
  for (const symbol of symbols) {
    const res = await page.request.post('/api/orders/place', {
      headers,
      data: {
        symbol,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: `${tag}-${symbol}-${Date.now()}`,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { headers, symbols };
}

/** True when the two boxes share any pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('scrolled to the end, no page leaves its last row under the Ask Saytrix button (390 and 1366 px)', async ({
  page,
}) => {
  await traderWithHoldings(page, 'walk-launcher');
  const launcher = page.getByTestId('saytrix-launcher');
  const lastRows: Record<string, (p: Page) => Locator> = {
    '/portfolio': (p) => p.getByRole('button', { name: /^Sell / }).last(),
    '/orders': (p) => p.locator('[data-testid^="order-row-"]').last(),
    '/history': (p) => p.locator('[data-testid^="transaction-"]').last(),
  };
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    for (const [path, lastRow] of Object.entries(lastRows)) {
      await page.goto(path);
      const row = lastRow(page);
      await expect(row).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(launcher).toBeVisible();
      await snapViewport(page, `walk-launcher-${size.width}${path.replace('/', '-')}`);
      expect(await overlaps(row, launcher), `${path} at ${size.width} px`).toBe(false);
    }
  }
  // The Sell button is really reachable: a tap at its centre lands on it, not on the launcher.
  await page.setViewportSize(PHONE);
  await page.goto('/portfolio');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const sell = page.getByRole('button', { name: /^Sell / }).last();
  await sell.click({ trial: true });
});

test('at 1366×800 Profile, Settings and Logout are in the sidebar without scrolling', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await new SignupPage(page).signUp('Walk Checker', uniqueEmail('walk-sidebar'));
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  for (const control of [
    sidebar.getByRole('link', { name: 'Profile', exact: true }),
    sidebar.getByRole('link', { name: 'Settings', exact: true }),
    sidebar.getByRole('button', { name: 'Logout' }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await snapViewport(page, 'walk-sidebar-1366x800');
});

test('the leaderboard and watchlist tables say they scroll, take keyboard focus and pass axe at 390 px, light and dark', async ({
  page,
}) => {
  const { headers, symbols } = await traderWithHoldings(page, 'walk-tables');
  const lists = await (await page.request.get('/api/watchlist', { headers })).json();
  const watchlistId = lists.data[0].id as string;
  for (const symbol of symbols) {
    const res = await page.request.post('/api/watchlist/add', { headers, data: { symbol, watchlistId } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto('/leaderboard');
  const join = page.getByRole('form', { name: 'Join the leaderboard' });
  await join.getByLabel('Display name').fill(`Walker ${Date.now().toString(36)}`);
  await join.getByRole('button', { name: 'Join leaderboard' }).click();
  await expect(page.getByTestId('leaderboard-you').first()).toBeVisible();

  await page.setViewportSize(PHONE);
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [path, name] of [
      ['/leaderboard', /leaderboard/i],
      ['/watchlist', 'Watchlist stocks'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
      const region = page.getByRole('region', { name }).first();
      await expect(region).toBeVisible();
      // Wider than the phone: it says so, and Tab reaches it so the arrow keys can scroll it.
      await expect(page.getByTestId('scroll-hint').first()).toHaveText(/Scroll sideways for more columns/);
      await expect(region).toHaveAttribute('tabindex', '0');
      await region.focus();
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await snapViewport(page, `walk-table-${theme}${path.replace('/', '-')}`);
    }
  }
});

test('the sell dialog passes axe, light and dark', async ({ page }) => {
  await traderWithHoldings(page, 'walk-sell');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/portfolio');
    await page
      .getByRole('button', { name: /^Sell / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Sell / });
    await expect(dialog.getByTestId('sell-net')).toContainText('₹');
    expect(await seriousViolations(page), theme).toEqual([]);
    await expect(dialog.getByRole('region', { name: 'Sale summary' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});
