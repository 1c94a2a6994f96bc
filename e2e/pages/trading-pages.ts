import { expect, type Locator, type Page } from '@playwright/test';

/** ₹1,234.50 → 1234.5 (the sign is read separately where it matters). */
export function rupees(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''));
}

export class TradingPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/trading${query}`);
    await expect(this.page.getByRole('heading', { name: 'Trading', level: 1 })).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: /^Order / });
  }

  async availableBalance(): Promise<number> {
    const stat = this.page.getByTestId('stat-available-balance');
    await expect(stat).toHaveText(/₹/);
    return rupees(await stat.innerText());
  }

  async marketPrice(): Promise<number> {
    return rupees(await this.form.getByTestId('order-market-price').innerText());
  }

  async setQuantity(quantity: number) {
    await this.form.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  }

  async chooseOrderType(type: 'Market' | 'Limit' | 'Stop') {
    await this.form.getByRole('button', { name: type, exact: true }).click();
  }

  async setLimitPrice(price: number) {
    await this.form.getByLabel('Limit Price', { exact: true }).fill(price.toFixed(2));
  }

  async placeBuy() {
    await this.form.getByRole('button', { name: 'Place Buy Order' }).click();
  }

  recentOrders(): Locator {
    return this.page.getByRole('list', { name: 'Recent orders' }).getByRole('listitem');
  }

  /** The newest order row: its status badge and the cash it moved. */
  async latestOrder() {
    const row = this.recentOrders().first();
    await expect(row).toBeVisible();
    return {
      row,
      symbol: row.getByTestId('recent-order-symbol'),
      status: row.getByTestId('recent-order-status'),
    };
  }
}

export class OrdersPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/orders${query}`);
    await expect(this.page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  }

  row(orderId: string): Locator {
    return this.page.getByTestId(`order-row-${orderId}`);
  }

  rows(): Locator {
    return this.page.locator('tbody tr');
  }

  async cancelFirst(symbol: string) {
    await this.page
      .getByRole('button', { name: new RegExp(`^Cancel order ${symbol}`) })
      .first()
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Cancel Order?' });
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(this.page.getByText('Order cancelled')).toBeVisible();
  }
}

export class StockBuyPanel {
  constructor(private readonly page: Page) {}

  async goto(symbol: string) {
    await this.page.goto(`/stock/${symbol}`);
    await expect(this.page.getByRole('heading', { name: `Buy ${symbol}` })).toBeVisible();
  }

  slider(): Locator {
    return this.page.getByRole('slider', { name: 'Slide to Buy' });
  }

  /** Drags the handle with the mouse to the far end of its track, as a person would. */
  async slideToBuy() {
    const handle = this.slider();
    await expect(handle).toHaveAttribute('aria-disabled', 'false');
    // A longer panel (a class's rules and note) puts the slider below the fold: a hand scrolls first.
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    const track = (await handle.locator('..').boundingBox())!;
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.down();
    const endX = track.x + track.width - box.width / 2;
    for (let i = 1; i <= 10; i += 1)
      await this.page.mouse.move(
        box.x + box.width / 2 + ((endX - box.x - box.width / 2) * i) / 10,
        box.y + box.height / 2,
      );
    await expect(this.page.getByText('Release to Buy!')).toBeVisible();
    await this.page.mouse.up();
  }
}

/**
 * Records every status an order badge shows from now on, so a state that lasts only a moment
 * (a limit order resting for a second before the matcher fills it) is still observed.
 */
export async function recordOrderStatuses(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __orderStatuses: string[] };
    w.__orderStatuses = [];
    const read = () => {
      for (const el of document.querySelectorAll(
        '[data-testid="order-status"], [data-testid="recent-order-status"]',
      )) {
        const text = el.textContent ?? '';
        if (w.__orderStatuses.at(-1) !== text) w.__orderStatuses.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
}

export async function seenOrderStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __orderStatuses: string[] }).__orderStatuses);
}
