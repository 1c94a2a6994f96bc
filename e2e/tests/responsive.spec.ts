import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { snap } from '../support/screens.js';

const publicScreens = ['/', '/login', '/signup', '/terms', '/privacy'];
const privateScreens = [
  '/dashboard',
  '/trading',
  '/trading?symbol=RELIANCE',
  '/trading?symbol=AAPL',
  '/portfolio',
  '/orders',
  '/history',
  '/charts?symbol=RELIANCE',
  '/stock/RELIANCE',
  '/stock/AAPL',
  '/watchlist',
  '/notifications',
  '/profile',
  '/settings?tab=profile',
  '/settings?tab=notifications',
  '/settings?tab=security',
  '/settings?tab=preferences',
  '/options',
];

test.describe.configure({ timeout: 300_000 });

/** How far the page is wider than the window: anything above 0 is cut off or scrolls sideways. */
const sidewaysOverflow = () => document.documentElement.scrollWidth - window.innerWidth;

for (const width of [390, 1366]) {
  test(`every screen fits ${width} px wide, light and dark, with no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of publicScreens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(sidewaysOverflow), `${path} at ${width}`).toBeLessThanOrEqual(0);
      await snap(page, `w${width}-public${path.replace(/[/?=&]/g, '-')}`);
    }
    await new SignupPage(page).signUp('Screen Checker', uniqueEmail(`screens-${width}`));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    // Something to show: a claimed reward and a holding.
    expect((await page.request.post('/api/virtual-money/login-reward', { headers })).ok()).toBe(true);
    const buy = await page.request.post('/api/orders/place', {
      headers,
      data: {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        clientOrderId: `screens-${width}-${Date.now()}`,
      },
    });
    expect(buy.ok()).toBe(true);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const path of privateScreens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(sidewaysOverflow), `${path} at ${width} (${theme})`).toBeLessThanOrEqual(
          0,
        );
        await snap(page, `w${width}-${theme}${path.replace(/[/?=&]/g, '-')}`);
      }
    }
  });
}
