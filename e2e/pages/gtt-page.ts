import type { Locator, Page } from '@playwright/test';

/** The Set GTT / Modify GTT dialog. */
export class GttDialog {
  readonly dialog: Locator;
  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: /GTT: / });
  }

  leg(index: number): Locator {
    return this.dialog.getByTestId(`gtt-leg-${index}`);
  }

  async fillLeg(index: number, trigger: string, limit?: string) {
    await this.leg(index).getByLabel('Trigger price (₹)').fill(trigger);
    if (limit !== undefined) await this.leg(index).getByLabel('Limit price (₹)').fill(limit);
  }

  async submit(name: 'Set GTT' | 'Save GTT' = 'Set GTT') {
    await this.dialog.getByRole('button', { name }).click();
  }
}

/** The GTT tab of /orders. */
export class GttTab {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/orders?tab=gtt');
  }

  rows(): Locator {
    return this.page.getByRole('list', { name: 'GTTs' }).locator(':scope > li');
  }
}
