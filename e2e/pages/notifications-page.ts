import { expect, type Page } from '@playwright/test';

export class NotificationsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/notifications');
    await expect(this.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  }

  get status() {
    return this.page.getByTestId('connection-status');
  }

  get rows() {
    return this.page.getByRole('list', { name: 'Notifications list' }).getByTestId('notification-row');
  }

  bell() {
    return this.page.getByTestId('notification-bell');
  }

  badge() {
    return this.page.getByTestId('notification-bell').getByTestId('unread-badge');
  }

  async openBell() {
    await this.bell().click();
    const dropdown = this.page.getByTestId('notification-dropdown');
    await expect(dropdown).toBeVisible();
    return dropdown;
  }
}

/** Creates a notification for the signed-in user through the API, as a server-side event would. */
export async function createNotification(
  page: Page,
  body: { title: string; message: string; type?: string },
) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string };
}
