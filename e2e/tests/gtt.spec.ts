import { expect, test, type Page } from '@playwright/test';
import { roundToTick } from '@nivesh/shared';
import { livePrice, toast } from '../pages/alerts-page.js';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { GttDialog, GttTab } from '../pages/gtt-page.js';
import { seriousViolations } from '../support/axe.js';
import { snap, snapViewport } from '../support/screens.js';

// Each test signs up and walks several screens; the shared CI machine can be slow.
test.describe.configure({ timeout: 120_000 });

/** How far the page is wider than the window: anything above 0 is cut off or scrolls sideways. */
const sidewaysOverflow = () => document.documentElement.scrollWidth - window.innerWidth;

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

test('a GTT set from the stock page shows in the GTT tab of /orders, where it is modified and cancelled', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Gtt Setter', uniqueEmail('gtt'));
  await page.goto('/stock/ITC');
  await page.getByRole('button', { name: 'Set GTT' }).click();
  const form = new GttDialog(page);
  await expect(form.dialog.getByTestId('gtt-last-price')).toContainText(/ITC last price ₹[\d,]+\.\d\d/);
  // Far below the market, so it stays active while the test runs.
  const trigger = roundToTick((await livePrice(page, 'ITC')) * 0.8).toFixed(2);
  await form.fillLeg(0, trigger);
  await expect(form.leg(0)).toContainText(
    `Fires when the price falls to ₹${Number(trigger).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  await form.submit();
  await expect(toast(page, /^GTT set: BUY 1 ITC: trigger ₹/)).toBeVisible();
  await expect(form.dialog).toBeHidden();

  await page.goto('/orders');
  await page.getByRole('tab', { name: 'GTT' }).click();
  await expect(page).toHaveURL(/\/orders\?tab=gtt$/);
  const tab = new GttTab(page);
  await expect(tab.rows()).toHaveCount(1);
  const row = tab.rows().first();
  await expect(row).toContainText('ITC');
  await expect(row).toContainText('Delivery (CNC)');
  await expect(row.getByTestId('gtt-status')).toHaveText('Active');
  await expect(row).toContainText(/Expires /);

  await row.getByRole('button', { name: 'Modify GTT ITC' }).click();
  const modify = new GttDialog(page);
  await expect(modify.dialog).toHaveAccessibleName('Modify GTT: ITC');
  await modify.dialog.getByLabel('Quantity').fill('3');
  await modify.submit('Save GTT');
  await expect(toast(page, /^GTT modified: BUY 3 ITC/)).toBeVisible();
  await expect(row).toContainText('3 shares');

  await row.getByRole('button', { name: 'Cancel GTT ITC' }).click();
  await page.getByRole('dialog', { name: 'Cancel GTT?' }).getByRole('button', { name: 'Cancel GTT' }).click();
  await expect(toast(page, 'GTT cancelled')).toBeVisible();
  await expect(row.getByTestId('gtt-status')).toHaveText('Cancelled');
  await expect(row).toContainText('Cancelled by you');
  await expect(row.getByRole('button', { name: 'Cancel GTT ITC' })).toHaveCount(0);
});

for (const width of [1366, 390]) {
  test(`the GTT tab and the Set GTT dialog fit ${width} px, light and dark, with no serious axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await new SignupPage(page).signUp('Gtt Screens', uniqueEmail(`gtt-screens-${width}`));
    const headers = await authHeaders(page);
    const buy = await page.request.post('/api/orders/place', {
      headers,
      data: {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 4,
        clientOrderId: `gtt-s-${width}-${Date.now()}`,
      },
    });
    expect(buy.ok()).toBe(true);
    const p = await livePrice(page, 'ITC');
    const leg = (x: number) => ({ triggerPrice: roundToTick(p * x), limitPrice: roundToTick(p * x) });
    for (const data of [
      { symbol: 'ITC', kind: 'oco', side: 'SELL', quantity: 4, legs: [leg(0.8), leg(1.25)] },
      { symbol: 'ITC', kind: 'single', side: 'BUY', product: 'MIS', quantity: 2, legs: [leg(0.85)] },
    ]) {
      const res = await page.request.post('/api/gtt', { headers, data });
      expect(res.status(), await res.text()).toBe(201);
    }
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const tab = new GttTab(page);
      await tab.goto();
      await expect(tab.rows()).toHaveCount(2);
      expect(await page.evaluate(sidewaysOverflow)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `gtt-tab-w${width}-${theme}`);

      await page.goto('/stock/ITC');
      await page.getByRole('button', { name: 'Set GTT' }).click();
      const form = new GttDialog(page);
      await form.dialog.getByRole('button', { name: 'OCO (stop-loss + target)' }).click();
      await form.fillLeg(0, roundToTick(p * 0.9).toFixed(2));
      await form.fillLeg(1, roundToTick(p * 0.95).toFixed(2));
      await form.submit();
      // Both legs below the price: refused inline before any request.
      await expect(form.dialog.getByRole('alert')).toContainText(
        'stop-loss trigger below and a target trigger above',
      );
      expect(await page.evaluate(sidewaysOverflow)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snapViewport(page, `gtt-dialog-w${width}-${theme}`);
      await page.keyboard.press('Escape');
    }
  });
}
