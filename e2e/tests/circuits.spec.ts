import { expect, test } from '@playwright/test';
import type { Quote } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { snap } from '../support/screens.js';

async function quoteOf(page: import('@playwright/test').Page, symbol: string): Promise<Quote> {
  return page.evaluate(async (s) => {
    const res = await fetch(`/api/stocks/quote/${s}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: Quote }).data;
  }, symbol);
}

const inr = (n: number) =>
  `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the stock page and the ticket show each stock’s circuit: a 20% band, or an operating range', async ({
  page,
}) => {
  // Two stock pages and the ticket, each waiting for its quote: more than one page's budget.
  test.slow();
  await new SignupPage(page).signUp('Circuit Reader', uniqueEmail('circuits'));
  // 3MINDIA is outside the NIFTY 100: a fixed 20% circuit. RELIANCE stands for a stock with derivatives.
  for (const [symbol, label] of [
    ['3MINDIA', 'Circuit'],
    ['RELIANCE', 'Operating range'],
  ] as const) {
    await page.goto(`/stock/${symbol}`);
    const range = page.getByTestId('circuit-range');
    await expect(range).toBeVisible({ timeout: 30_000 });
    const q = await quoteOf(page, symbol);
    expect(q.bandClass).toBe(symbol === 'RELIANCE' ? 'DYNAMIC' : '20%');
    await expect(range).toHaveText(`${inr(q.lowerCircuit!)} – ${inr(q.upperCircuit!)}`);
    await expect(range.locator('..')).toContainText(label);
    await snap(page, `circuits-stock-${symbol}`);
  }
  await page.goto('/trading?symbol=RELIANCE');
  await expect(page.getByTestId('circuit-limits')).toContainText('Operating range ₹', { timeout: 30_000 });
  await snap(page, 'circuits-ticket');
});
