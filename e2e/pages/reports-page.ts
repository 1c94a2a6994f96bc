import { expect, type Locator, type Page } from '@playwright/test';

/** /reports, "Tax reports": capital gains by financial year and contract notes. */
export class ReportsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('link', { name: 'Tax reports' }).first().click();
    await this.heading();
  }

  async goto() {
    await this.page.goto('/reports');
    await this.heading();
  }

  async heading() {
    await expect(this.page.getByRole('heading', { name: 'Tax reports', level: 1 })).toBeVisible();
  }

  lots(): Locator {
    return this.page.getByTestId('lot-row');
  }

  taxClass(c: 'INTRADAY' | 'STCG' | 'LTCG'): Locator {
    return this.page.getByTestId(`tax-class-${c}`);
  }

  /** Clicks a download button and returns the file's name and text. */
  async download(name: RegExp): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { filename: download.suggestedFilename(), text: Buffer.concat(chunks).toString('latin1') };
  }
}
