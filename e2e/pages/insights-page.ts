import { expect, type Locator, type Page } from '@playwright/test';

/** /insights, "Your trading habits". */
export class HabitsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('link', { name: 'Habits' }).first().click();
    await this.heading();
  }

  async goto() {
    await this.page.goto('/insights');
    await this.heading();
  }

  async heading() {
    await expect(this.page.getByRole('heading', { name: 'Your trading habits', level: 1 })).toBeVisible();
  }

  habit(id: 'disposition' | 'costs' | 'holding' | 'drawdown' | 'activity' | 'if-held'): Locator {
    return this.page.getByTestId(`habit-${id}`);
  }

  notEnough(id: Parameters<HabitsPage['habit']>[0]): Locator {
    return this.habit(id).getByTestId('habit-not-enough');
  }
}
