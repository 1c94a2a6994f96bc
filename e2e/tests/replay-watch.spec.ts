import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { snap } from '../support/screens.js';

test('on a phone (390 px): an alert and a GTT set in a replay of 13 March 2020 fire on its clock, shown in the replay', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await new SignupPage(page).signUp('Replay Watcher', uniqueEmail('replay-watch'));
  await page.goto('/replay');
  await page.getByLabel('Trading day').fill('2020-03-13');
  await page.getByRole('button', { name: 'Start replay' }).click();
  await page.waitForURL(/\/replay\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('replay-clock')).toContainText('09:15');

  const ticket = page.getByRole('form', { name: 'Replay order' });
  await ticket.getByLabel('Search stocks in this replay').fill('RELIANCE');
  await page
    .getByLabel('Search results')
    .getByText(/RELIANCE/)
    .first()
    .click();
  await expect(page.getByTestId('ticket-stock')).toContainText(/Last price ₹[\d,]+\.\d\d/);
  const open = Number(
    (await page.getByTestId('ticket-stock').textContent())!.match(/₹([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''),
  );
  // A level just under the open: the crash of that morning passes it within minutes.
  const level = (Math.round((open - 2) * 20) / 20).toFixed(2);

  const panel = page.getByRole('form', { name: 'Set an alert or GTT' });
  await expect(panel).toContainText('RELIANCE');
  await panel.getByLabel('Alert price (₹)').fill(level);
  await panel.getByRole('button', { name: 'Set alert' }).click();
  await expect(page.getByTestId('watch-outcome')).toContainText('Alert set: RELIANCE at or below');
  await panel.getByRole('group', { name: 'Set a' }).getByRole('button', { name: 'GTT' }).click();
  await panel.getByLabel('GTT quantity').fill('1');
  await panel.getByLabel('Trigger (₹)').fill(level);
  await panel.getByLabel('Limit (₹)').fill(level);
  await panel.getByRole('button', { name: 'Set GTT' }).click();
  await expect(page.getByTestId('watch-outcome')).toContainText('GTT set: Buy 1 RELIANCE');
  await expect(page.getByText('Watching')).toHaveCount(2);

  // Past the halt: both fired at a replay time that morning.
  await page.getByLabel('Jump forward to (IST)').fill('2020-03-13T10:45');
  await page.getByRole('button', { name: 'Jump', exact: true }).click();
  await expect(page.getByTestId('replay-clock')).toContainText('10:45');
  await expect(page.getByText(/^Fired at Mar 13, 2020 09:\d\d IST/)).toHaveCount(2);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await snap(page, 'replay-watch-390');
});
