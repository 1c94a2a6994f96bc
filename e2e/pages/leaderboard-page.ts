import { expect, type Locator, type Page } from '@playwright/test';

/** /leaderboard: join with a display name, then find yourself in the table. */
export class LeaderboardPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/leaderboard');
    await expect(this.page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  }

  async join(displayName: string) {
    const form = this.page.getByRole('form', { name: 'Join the leaderboard' });
    await form.getByLabel('Display name').fill(displayName);
    await form.getByRole('button', { name: 'Join leaderboard' }).click();
  }

  ownRank(): Locator {
    return this.page.getByTestId('leaderboard-own-rank');
  }

  /** Your row in the season table (not the copy in the "Your place" card). */
  yourRowInTable(): Locator {
    return this.page.getByRole('table', { name: 'Leaderboard' }).getByTestId('leaderboard-you');
  }

  seasonDates(): Locator {
    return this.page.getByTestId('leaderboard-season-dates');
  }
}

/** The order form's refusal: the server's message, its rule, and the one-click fix. */
export class OrderRefusalPanel {
  constructor(private readonly form: Locator) {}

  get panel(): Locator {
    return this.form.getByTestId('order-refusal');
  }

  rule(): Locator {
    return this.form.getByTestId('order-refusal-rule');
  }

  fix(): Locator {
    return this.panel.getByRole('button');
  }
}
