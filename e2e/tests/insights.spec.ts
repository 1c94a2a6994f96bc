import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { HabitsPage } from '../pages/insights-page.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

/** A market order through the API, as the other money tests place theirs. */
async function marketOrder(
  page: Page,
  body: { symbol: string; type: 'BUY' | 'SELL'; quantity: number },
  n: number,
): Promise<Order> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/orders/place', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...body, orderType: 'MARKET', clientOrderId: `habits-${n}-${Date.now()}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { order: Order } }).data.order;
}

test('habits: a new account is told how much data each habit needs; an account with trades gets its figures', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Arjun Menon', uniqueEmail('habits'));
  const habits = new HabitsPage(page);
  await habits.open();
  await expect(habits.notEnough('disposition')).toHaveText('Not enough data yet: needs 5 sells, you have 0.');
  await expect(habits.notEnough('activity')).toHaveText('Not enough data yet: needs 5 trades, you have 0.');
  await expect(habits.notEnough('drawdown')).toHaveText(
    'Not enough data yet: needs 5 days of account value, you have 1.',
  );
  await expect(page.getByTestId('habit-not-enough')).toHaveCount(6);
  await expect(habits.habit('disposition')).toContainText('Source: Odean');
  await snap(page, 'habits-new-account');

  await marketOrder(page, { symbol: 'ITC', type: 'BUY', quantity: 10 }, 0);
  await marketOrder(page, { symbol: 'SBIN', type: 'BUY', quantity: 2 }, 1);
  const sells: Order[] = [];
  for (let i = 0; i < 5; i += 1)
    sells.push(await marketOrder(page, { symbol: 'ITC', type: 'SELL', quantity: 1 }, 2 + i));

  await habits.goto();
  await expect(habits.habit('disposition').getByTestId('habit-pgr')).toHaveText(/^(\d+\.\d{2}%|—)$/);
  await expect(habits.habit('disposition').getByTestId('habit-plr')).toHaveText(/^(\d+\.\d{2}%|—)$/);
  await expect(habits.notEnough('disposition')).toHaveCount(0);
  await expect(habits.habit('costs').getByTestId('habit-turnover')).toHaveText(/^\d+\.\d{2}%$/);
  const fees = [...sells].reduce((sum, o) => sum + o.fees, 0);
  expect(fees).toBeGreaterThan(0);
  await expect(habits.habit('activity').getByTestId('habit-per-day')).toHaveText('7.0');
  await expect(habits.habit('if-held').getByTestId('habit-if-held-rows').getByRole('listitem')).toHaveCount(
    5,
  );
  await expect(habits.habit('if-held')).toContainText(
    `Sold 1 share of ITC at ₹${sells[4]!.executionPrice!.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  // A day of account value is still only one day: the drawdown keeps waiting.
  await expect(habits.notEnough('drawdown')).toHaveText(
    'Not enough data yet: needs 5 days of account value, you have 1.',
  );

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [label, size] of [
      ['desktop', { width: 1366, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await habits.goto();
      await expect(habits.habit('activity').getByTestId('habit-per-day')).toHaveText('7.0');
      expect(await seriousViolations(page), `/insights ${theme} ${label}`).toEqual([]);
      await snap(page, `habits-${label}-${theme}`);
    }
  }
});
