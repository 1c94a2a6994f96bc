import { expect, test } from '@playwright/test';
import { AlertForm, AlertsPage, livePrice, toast } from '../pages/alerts-page.js';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { NotificationsPage } from '../pages/notifications-page.js';
import { snap } from '../support/screens.js';

test('an alert set on the stock page fires when the market reaches it: a toast, the notification, and the Triggered list', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Alert Watcher', uniqueEmail('alerts'));
  await page.goto('/stock/ITC');
  await page.getByRole('button', { name: 'Set alert' }).click();
  const form = new AlertForm(page);
  await expect(form.dialog.getByTestId('alert-live-price')).toContainText('ITC now ₹');
  // 'at or above' a level 2% under the live price holds at once: it fires on the next check (each second).
  const level = ((await livePrice(page, 'ITC')) * 0.98).toFixed(2);
  await form.fill({ condition: 'at or above', value: level, note: 'book half here' });
  await form.submit();
  await expect(toast(page, /^Alert set: ITC last price at or above/)).toBeVisible();

  const fired = toast(page, 'Price alert: ITC');
  await expect(fired).toBeVisible({ timeout: 15_000 });
  await expect(fired).toContainText('Your note: book half here');
  await snap(page, 'alert-fired-toast');

  const notifications = new NotificationsPage(page);
  await notifications.goto();
  await expect(notifications.rows.filter({ hasText: 'Price alert: ITC' })).toHaveCount(1);
  await expect(notifications.rows.filter({ hasText: 'Price alert: ITC' })).toContainText(
    'You hold no ITC shares.',
  );

  const alerts = new AlertsPage(page);
  await alerts.goto();
  await expect(alerts.tab(/Triggered \(1\)/)).toBeVisible();
  await alerts.tab(/Triggered/).click();
  await expect(alerts.rows()).toHaveCount(1);
  await expect(alerts.rows().first()).toContainText('fired 1×');
  await expect(alerts.rows().first().getByTestId('alert-status')).toHaveText('Triggered');
  await snap(page, 'alerts-triggered');
});

test('on /alerts: create an alert for a searched stock, edit it, pause and resume it, delete it', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Alert Editor', uniqueEmail('alerts-edit'));
  const alerts = new AlertsPage(page);
  await alerts.goto();
  await page.getByRole('button', { name: 'New alert' }).click();
  const form = new AlertForm(page);
  await form.dialog.getByRole('combobox', { name: 'Stock' }).fill('infosys');
  await form.dialog.getByRole('option', { name: /INFY/ }).first().click();
  await expect(form.dialog.getByTestId('alert-live-price')).toContainText('INFY now ₹');
  // Far below the market, so it stays active while the test runs.
  const far = ((await livePrice(page, 'INFY')) * 0.5).toFixed(2);
  await form.fill({ condition: 'at or below', value: far });
  await form.submit();
  await expect(alerts.tab(/Active \(1\)/)).toBeVisible();
  const row = alerts.rows().first();
  await expect(row).toContainText('INFY last price at or below');

  await row.getByRole('button', { name: 'Edit alert INFY' }).click();
  await form.fill({ value: (Number(far) - 1).toFixed(2), note: 'long-term entry' });
  await form.submit();
  await expect(row).toContainText('long-term entry');

  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByTestId('alert-status')).toHaveText('Paused');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByTestId('alert-status')).toHaveText('Active');

  await row.getByRole('button', { name: 'Delete alert INFY' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(alerts.rows()).toHaveCount(0);
  await expect(alerts.tab(/Active \(0\)/)).toBeVisible();
});
