import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { createNotification, NotificationsPage } from '../pages/notifications-page.js';
import { snap } from '../support/screens.js';

test('a notification raised while the page is open appears in the bell and the list without reload', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Live Listener', uniqueEmail('live'));
  const notifications = new NotificationsPage(page);
  await notifications.goto();
  await expect(notifications.status).toHaveText('LIVE');
  // The welcome notification is the first unread one.
  await expect(notifications.badge()).toHaveText('1');
  await expect(notifications.rows).toHaveCount(1);

  await createNotification(page, {
    type: 'alert',
    title: 'RELIANCE crossed ₹1,500',
    message: 'Your price alert fired.',
  });
  await expect(notifications.rows.first()).toContainText('RELIANCE crossed ₹1,500');
  await expect(notifications.rows).toHaveCount(2);
  await expect(notifications.badge()).toHaveText('2');
  await expect(page.getByTestId('unread-summary')).toHaveText('2 unread');
  await snap(page, 'notifications-list');

  const dropdown = await notifications.openBell();
  await expect(dropdown.getByTestId('notification-row').first()).toContainText('RELIANCE crossed ₹1,500');
  await snap(page, 'notifications-bell');
  await dropdown
    .getByTestId('notification-row')
    .first()
    .getByRole('button', { name: 'Mark as read' })
    .click();
  await expect(notifications.badge()).toHaveText('1');
});

test('mark all read in one tab clears the badge in a second tab', async ({ page, context }) => {
  await new SignupPage(page).signUp('Two Tabs', uniqueEmail('tabs'));
  await createNotification(page, { title: 'Order filled', message: 'Bought 5 TCS' });
  const second = await context.newPage();
  await second.goto('/dashboard');
  const secondView = new NotificationsPage(second);
  await expect(secondView.badge()).toHaveText('2');

  const first = new NotificationsPage(page);
  await first.goto();
  await expect(first.badge()).toHaveText('2');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(first.badge()).toHaveCount(0);
  await expect(secondView.badge()).toHaveCount(0);
  await expect(secondView.bell()).toHaveAccessibleName('Notifications');
});

test('select mode deletes several notifications at once', async ({ page }) => {
  await new SignupPage(page).signUp('Bulk Deleter', uniqueEmail('bulk'));
  for (const title of ['Alpha', 'Bravo', 'Charlie'])
    await createNotification(page, { title, message: `${title} message` });
  const notifications = new NotificationsPage(page);
  await notifications.goto();
  await expect(notifications.rows).toHaveCount(4);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select Alpha' }).check();
  await page.getByRole('checkbox', { name: 'Select Charlie' }).check();
  const bulk = page.getByTestId('bulk-bar');
  await expect(bulk).toContainText('2 selected');
  await snap(page, 'notifications-select');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 notifications deleted')).toBeVisible();
  await expect(notifications.rows).toHaveCount(2);
  await expect(notifications.rows.filter({ hasText: 'Alpha' })).toHaveCount(0);
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
  await page.reload();
  await expect(notifications.rows).toHaveCount(2);
});

test('the status turns from LIVE to OFFLINE when the server stops', async ({ browser }) => {
  // A second server starts from nothing (migrations, the market's 500 histories): on a busy machine
  // that takes a while, so the waits are for the start-up, not for the behaviour under test.
  test.setTimeout(180_000);
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-e2e-offline-'));
  const port = 4321;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: 'inherit',
  });
  try {
    const base = `http://localhost:${port}`;
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 120_000,
      })
      .toBe(200);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await new SignupPage(page).signUp('Offline Watcher', uniqueEmail('offline'));
    const notifications = new NotificationsPage(page);
    await notifications.goto();
    await expect(notifications.status).toHaveText('LIVE');
    server.kill('SIGTERM');
    await expect(notifications.status).toHaveText('OFFLINE', { timeout: 15_000 });
    await snap(page, 'notifications-offline');
    await context.close();
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
