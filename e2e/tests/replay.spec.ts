import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { snap } from '../support/screens.js';

test('replay 13 March 2020: buy in the replay, its portfolio shows it, main is untouched, and finish scores it', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Replay Trader', uniqueEmail('replay-trade'));
  await page.goto('/replay');
  await page.getByLabel('Trading day').fill('2020-03-13');
  await page.getByRole('button', { name: 'Start replay' }).click();
  await page.waitForURL(/\/replay\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('replay-clock')).toContainText('09:15');
  await page.getByRole('button', { name: '+1 min' }).click();
  await expect(page.getByTestId('replay-clock')).toContainText('09:16');

  const ticket = page.getByRole('form', { name: 'Replay order' });
  await ticket.getByLabel('Search stocks in this replay').fill('RELIANCE');
  await page
    .getByLabel('Search results')
    .getByText(/RELIANCE/)
    .first()
    .click();
  await ticket.getByLabel('Quantity').fill('3');
  await ticket.getByRole('button', { name: 'Place buy order' }).click();
  const outcome = page.getByTestId('ticket-outcome');
  await expect(outcome).toHaveText(/^Buy 3 RELIANCE: filled at ₹[\d,]+\.\d\d\.$/);
  const price = Number((await outcome.textContent())!.match(/₹([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''));
  // The replay's own quote at its minute is the price it filled at.
  const replayId = page.url().split('/').at(-1)!;
  const quote = await page.evaluate(async (id) => {
    const res = await fetch(`/api/stocks/quote/RELIANCE?replayId=${id}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: { price: number } }).data.price;
  }, replayId);
  expect(price).toBe(quote);

  await expect(page.getByTestId('replay-position-RELIANCE')).toContainText('3');
  await snap(page, 'replay-after-buy');

  // Main's cash never moved.
  const main = await page.evaluate(async () => {
    const res = await fetch('/api/virtual-money/account', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: { balance: number } }).data.balance;
  });
  expect(main).toBe(10_000);

  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish this replay?' });
  await dialog.getByRole('button', { name: 'Finish replay' }).click();
  const score = page.getByLabel('Replay score');
  await expect(score).toBeVisible();
  for (const label of ['Your return', 'Buy & hold', 'NIFTY 50', 'Charges paid', 'Max drawdown'])
    await expect(score.getByText(label, { exact: false }).first()).toBeVisible();
  await expect(score.getByText(/closed at the finish/)).toBeVisible();
  await expect(page.getByTestId('ticket-blocked')).toContainText('finished');
  await snap(page, 'replay-finished-score');
});
