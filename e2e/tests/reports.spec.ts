import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { ReportsPage } from '../pages/reports-page.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

async function marketOrder(page: Page, body: { symbol: string; type: 'BUY' | 'SELL'; quantity: number }) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/orders/place', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...body, orderType: 'MARKET', clientOrderId: `reports-${body.type}-${Date.now()}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { order: Order } }).data.order;
}

test('reports: a new account sees an empty year; a same-day round trip shows as an intraday lot, in the CSV and a contract note', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Meera Iyer', uniqueEmail('reports'));
  const reports = new ReportsPage(page);
  await reports.open();
  await expect(page.getByTestId('no-lots')).toContainText('You sold nothing in FY');
  await expect(page.getByTestId('no-trade-days')).toBeVisible();
  await snap(page, 'reports-empty');

  const buy = await marketOrder(page, { symbol: 'ITC', type: 'BUY', quantity: 3 });
  const sell = await marketOrder(page, { symbol: 'ITC', type: 'SELL', quantity: 2 });
  expect([buy.status, sell.status]).toEqual(['FILLED', 'FILLED']);

  await reports.goto();
  await expect(reports.lots()).toHaveCount(1);
  const row = reports.lots().first();
  await expect(row).toContainText('ITC');
  await expect(row).toContainText('INTRADAY');
  const price = (v: number) =>
    `₹${v.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(row).toContainText(price(buy.executionPrice!));
  await expect(row).toContainText(price(sell.executionPrice!));
  await expect(reports.taxClass('INTRADAY')).toContainText('1 lot, 2 shares');
  await expect(reports.taxClass('INTRADAY')).toContainText('Taxed at your slab rate');
  await expect(page.getByTestId('estimated-tax')).toHaveText('₹0.00');

  const csv = await reports.download(/^CSV$/);
  expect(csv.filename).toMatch(/^capital-gains-\d{4}-\d{2}\.csv$/);
  const lines = csv.text.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(
      `^ITC,CNC,(\\d{4}-\\d{2}-\\d{2}),\\1,2,${buy.executionPrice!.toFixed(2)},${sell.executionPrice!.toFixed(2)},`,
    ),
  );
  expect(lines[1]).toMatch(/,0,INTRADAY,$/);

  const note = await reports.download(/Download contract note/);
  expect(note.filename).toMatch(/^contract-note-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(note.text.startsWith('%PDF-')).toBe(true);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [label, size] of [
      ['1366', { width: 1366, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await reports.goto();
      await expect(reports.lots()).toHaveCount(1);
      expect(await seriousViolations(page), `/reports ${theme} ${label}`).toEqual([]);
      await snap(page, `reports-${label}-${theme}`);
    }
  }
});
