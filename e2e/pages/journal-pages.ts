import { expect, type Locator, type Page } from '@playwright/test';

/** /trades, "My Trades": the trade journal. */
export class JournalPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/trades');
    await this.heading();
  }

  async heading() {
    await expect(this.page.getByRole('heading', { name: 'My Trades', level: 1 })).toBeVisible();
  }

  cards(): Locator {
    return this.page.getByTestId('trade-card');
  }

  /** A card is named by its side, quantity and ticker, e.g. "SELL 2 ITC". */
  card(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  dialog(title: 'Add New Trade' | 'Edit Trade'): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Fills the fields given; the ones a linked fill owns are left alone. */
  async fill(
    dialog: Locator,
    fields: {
      ticker?: string;
      quantity?: string;
      price?: string;
      type?: 'BUY' | 'SELL';
      tags?: string;
      note?: string;
      review?: string;
      confidence?: number;
      setup?: string;
    },
  ) {
    if (fields.ticker !== undefined) await dialog.getByLabel('Ticker').fill(fields.ticker);
    if (fields.type !== undefined)
      await dialog.getByRole('group', { name: 'Type' }).getByRole('button', { name: fields.type }).click();
    if (fields.quantity !== undefined) await dialog.getByLabel('Quantity').fill(fields.quantity);
    if (fields.price !== undefined) await dialog.getByLabel('Price').fill(fields.price);
    if (fields.setup !== undefined) await dialog.getByLabel('Setup').fill(fields.setup);
    if (fields.tags !== undefined) await dialog.getByLabel('Tags').fill(fields.tags);
    if (fields.confidence !== undefined)
      await dialog
        .getByRole('group', { name: 'Confidence' })
        .getByRole('button', { name: String(fields.confidence) })
        .click();
    if (fields.note !== undefined) await dialog.getByLabel('Note').fill(fields.note);
    if (fields.review !== undefined) await dialog.getByLabel('Post-trade review').fill(fields.review);
  }

  async deleteCard(card: Locator, ticker: string) {
    await card.getByRole('button', { name: `Delete trade ${ticker}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Delete ${ticker} trade` });
    await expect(dialog.getByText('Are you sure you want to delete this trade?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(this.page.getByText('Trade deleted successfully')).toBeVisible();
  }
}
