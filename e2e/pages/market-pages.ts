import { expect, type Page } from '@playwright/test';

export class GlobalSearch {
  constructor(private readonly page: Page) {}

  async open() {
    const dialog = this.page.getByTestId('global-search');
    // The shortcut is live once the app frame (loaded after the first paint) has mounted; a user who
    // presses it before that just presses again, and so does this.
    await expect(this.page.getByRole('button', { name: /search/i }).first()).toBeVisible();
    await expect(async () => {
      await this.page.keyboard.press('Control+k');
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    return dialog;
  }

  async openStock(query: string, symbol: string) {
    const dialog = await this.open();
    await dialog.getByRole('combobox', { name: 'Search stocks' }).fill(query);
    const results = dialog.getByRole('listbox', { name: 'Stock results' });
    await expect(results.getByRole('option').first()).toContainText(symbol);
    await this.page.keyboard.press('Enter');
  }
}

/** Reads the displayed live price as a number (₹1,234.50 → 1234.5). */
export async function livePrice(page: Page): Promise<number> {
  const text = await page.getByTestId('live-price').first().innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}
