import { expect, type Locator, type Page } from '@playwright/test';

/** Rupee text as shown (₹1,23,456.78, −₹3.00, +₹2) to a number. */
export function rupees(text: string): number {
  const negative = /[−-]\s*₹/.test(text);
  const value = Number(text.replace(/[^0-9.]/g, ''));
  return negative ? -value : value;
}

/** The caller's own API, with the session the page holds, for reading what the server recorded. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('button', { name: 'Quick Buy' })).toBeVisible();
  }

  cash(): Locator {
    return this.page.getByTestId('cash-balance');
  }

  /** Header actions sit under the top-right toasts; the keyboard reaches them whatever is on top. */
  async claimReward() {
    await this.page.getByRole('button', { name: 'Claim Daily ₹100' }).press('Enter');
  }

  /** Quick buy through the search box; returns the price per share the modal showed when sliding. */
  async quickBuy(symbol: string, quantity: number): Promise<number> {
    await this.page.getByRole('button', { name: 'Quick Buy' }).press('Enter');
    const dialog = this.page.getByRole('dialog', { name: 'Quick Buy' });
    await dialog.getByRole('combobox', { name: 'Search a stock to buy' }).fill(symbol);
    const option = dialog.getByRole('option').filter({ hasText: symbol }).first();
    await expect(option).toBeVisible();
    await this.page.keyboard.press('Enter');
    await expect(dialog.getByTestId('quick-buy-price')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity));
    const slider = dialog.getByRole('slider', { name: 'Slide to Buy' });
    await expect(slider).toHaveAttribute('aria-disabled', 'false');
    const price = rupees(await dialog.getByTestId('quick-buy-price').innerText());
    await slider.focus();
    await this.page.keyboard.press('Enter');
    return price;
  }
}

export class PortfolioPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/portfolio');
    await expect(this.page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  }

  row(symbol: string): Locator {
    return this.page.getByTestId(`holding-${symbol}`);
  }

  /** Opens the row's Sell dialog and types the quantity; the caller clicks Sell (disabled while it would be refused). */
  async sell(symbol: string, quantity: number) {
    await this.row(symbol)
      .getByRole('button', { name: `Sell ${symbol}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Sell ${symbol}` });
    await dialog.getByLabel('Number of shares').fill(String(quantity));
    return dialog;
  }
}

export class HistoryPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/history');
    await expect(this.page.getByRole('heading', { name: 'Transaction History', level: 1 })).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId('transactions-table').locator('tbody tr');
  }

  async openDetails(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /View details of/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

export async function resetAccount(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Reset account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset virtual account?' });
  const confirm = dialog.getByRole('button', { name: 'Reset account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type RESET to confirm').fill('RESET');
  await confirm.click();
  await expect(dialog).toBeHidden();
}
