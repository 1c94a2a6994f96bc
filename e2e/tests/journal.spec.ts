import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { JournalPage } from '../pages/journal-pages.js';
import { api, HistoryPage } from '../pages/portfolio-pages.js';
import { OrdersPage } from '../pages/trading-pages.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 150_000 });

/** Places a market order through the API, as the other money tests do, and returns it filled. */
async function marketOrder(
  page: Page,
  body: { symbol: string; type: 'BUY' | 'SELL'; quantity: number },
): Promise<Order> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/orders/place', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...body, orderType: 'MARKET', clientOrderId: `journal-${body.type}-${Date.now()}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const order = ((await res.json()) as { data: { order: Order } }).data.order;
  expect(order.status).toBe('FILLED');
  return order;
}

test('journal entries from a filled order and a history fill, a manual US idea, edit, tag filter and delete', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Meera Iyer', uniqueEmail('journal'));
  const journal = new JournalPage(page);
  await journal.goto();
  await expect(page.getByText("Meera Iyer's trade journal")).toBeVisible();
  await expect(page.getByText('No trades found. Create your first trade!')).toBeVisible();

  await marketOrder(page, { symbol: 'ITC', type: 'BUY', quantity: 4 });
  const sell = await marketOrder(page, { symbol: 'ITC', type: 'SELL', quantity: 2 });

  // "Add to journal" on the filled sell in /orders opens the form linked to that fill.
  const orders = new OrdersPage(page);
  await orders.goto();
  await orders
    .row(sell.id)
    .getByRole('link', { name: /^Add to journal: order ITC/ })
    .click();
  await journal.heading();
  const add = journal.dialog('Add New Trade');
  await expect(add.getByTestId('linked-fill')).toContainText('Linked to your SELL fill of 2 ITC');
  await expect(add.getByLabel('Ticker')).toHaveValue('ITC');
  await expect(add.getByLabel('Ticker')).toBeDisabled();
  await journal.fill(add, {
    setup: 'Resistance fade',
    tags: 'Exit, momentum',
    confidence: 4,
    note: 'Sold into the morning spike.',
  });
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Trade created successfully')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(/\/trades$/);
  const sellCard = journal.card('SELL 2 ITC');
  await expect(sellCard.getByTestId('trade-quantity')).toHaveText('2');
  await expect(sellCard.getByTestId('trade-price')).toHaveText(
    `₹${sell.executionPrice!.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  // The P&L shown is the ledger's: the sell fill's realised P&L, to the paisa.
  const pnl = sell.realizedPnL!;
  const sign = pnl > 0 ? '+' : pnl < 0 ? '−' : '';
  await expect(sellCard.getByTestId('trade-fill')).toContainText(
    `Realised ${sign}₹${Math.abs(pnl).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  await expect(sellCard.getByText('#exit')).toBeVisible();

  // The buy fill, from /history's row.
  const history = new HistoryPage(page);
  await history.goto();
  await page.getByRole('link', { name: /^Add to journal: ITC buy/ }).click();
  const addBuy = journal.dialog('Add New Trade');
  await expect(addBuy.getByTestId('linked-fill')).toContainText('Linked to your BUY fill of 4 ITC');
  await journal.fill(addBuy, { tags: 'momentum' });
  await addBuy.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Trade created successfully')).toBeVisible();
  await expect(journal.card('BUY 4 ITC').getByTestId('trade-fill')).toContainText('Open position');

  // A manual idea in a US stock is shown in dollars; bad input first gets field messages.
  await page.getByRole('button', { name: 'Add Trade' }).click();
  const manual = journal.dialog('Add New Trade');
  await journal.fill(manual, { ticker: 'aapl', quantity: '3', price: '190.125' });
  await manual.getByRole('button', { name: 'Create' }).click();
  await expect(manual.getByText('Price must have at most 2 decimals')).toBeVisible();
  await journal.fill(manual, { price: '190.12', type: 'BUY', tags: 'idea' });
  await manual.getByRole('button', { name: 'Create' }).click();
  await expect(manual).toBeHidden();
  const aapl = journal.card('BUY 3 AAPL');
  await expect(aapl.getByTestId('trade-total')).toHaveText('$570.36');

  // Edit: the review is added and the manual entry's price changed.
  await aapl.getByRole('button', { name: 'Edit trade AAPL' }).click();
  const edit = journal.dialog('Edit Trade');
  await expect(edit.getByLabel('Price')).toHaveValue('190.12');
  await journal.fill(edit, { price: '191', review: 'Never placed; the breakout failed.' });
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Trade updated successfully')).toBeVisible();
  await expect(aapl.getByTestId('trade-total')).toHaveText('$573.00');
  await expect(aapl.getByText('Never placed; the breakout failed.')).toBeVisible();
  await page.reload();
  await expect(journal.card('BUY 3 AAPL').getByTestId('trade-price')).toHaveText('$191.00');

  // Per-tag summary and the tag filter.
  const summary = page.getByTestId('tag-summary');
  await expect(summary.getByRole('listitem', { name: 'Tag momentum' })).toContainText('2 entries');
  await summary.getByRole('button', { name: '#exit' }).click();
  await expect(journal.cards()).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove tag filter exit' }).click();
  await expect(journal.cards()).toHaveCount(3);

  // Screens to look at: desktop and phone, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [label, size] of [
      ['desktop', { width: 1366, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await journal.goto();
      await expect(journal.cards()).toHaveCount(3);
      expect(await seriousViolations(page), `/trades ${theme} ${label}`).toEqual([]);
      await snap(page, `journal-trades-${label}-${theme}`);
    }
  }
  // The form on a phone, in dark, linked to a fill.
  await journal.card('SELL 2 ITC').getByRole('button', { name: 'Edit trade ITC' }).click();
  await expect(journal.dialog('Edit Trade').getByTestId('linked-fill')).toBeVisible();
  await snap(page, 'journal-edit-linked-390-dark');
  await journal.dialog('Edit Trade').getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Delete asks first, then the entry is gone for good.
  await journal.deleteCard(journal.card('BUY 3 AAPL'), 'AAPL');
  await expect(journal.cards()).toHaveCount(2);
  const left = await api<{ trades: { ticker: string }[] }>(page, '/api/trades');
  expect(left.trades.map((t) => t.ticker)).toEqual(['ITC', 'ITC']);
});
