import { expect, type Locator, type Page } from '@playwright/test';

/** The alert form, wherever it opens (stock page, charts, watchlist row, /alerts). */
export class AlertForm {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async fill(fields: { condition?: string; value: string; note?: string }) {
    if (fields.condition) await this.dialog.getByLabel('Condition').selectOption({ label: fields.condition });
    await this.dialog.getByLabel(/^Value/).fill(fields.value);
    if (fields.note !== undefined) await this.dialog.getByLabel('Note (your plan)').fill(fields.note);
  }

  async submit() {
    await this.dialog.getByRole('button', { name: /Create alert|Save alert|Save and re-arm/ }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}

export class AlertsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/alerts');
    await expect(this.page.getByRole('heading', { name: 'Price Alerts', level: 1 })).toBeVisible();
  }

  tab(name: RegExp) {
    return this.page.getByRole('tab', { name });
  }

  rows() {
    return this.page.locator('[data-testid^="alert-row-"]');
  }
}

/** The live price of a symbol as the API reports it, to pick a level the market will reach. */
export async function livePrice(page: Page, symbol: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/stocks/quote/${symbol}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { price: number } }).data.price;
}

/** A toast sonner shows, by its title. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}
