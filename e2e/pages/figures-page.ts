import { expect, type Page } from '@playwright/test';
import { FIGURES, type FigureKey } from '@nivesh/shared';

/** One screen's glossary figures, read from the DOM in one go (so live values are from one render). */
export type FigureTexts = Partial<Record<FigureKey, string>>;

/** The money part of a figure's text: "+₹12.50 (0.40%)" → 12.5; "−₹3.31" → −3.31. */
export function money(text: string): number {
  const amount = text.split('(')[0]!;
  const value = Number(amount.replace(/[^0-9.]/g, ''));
  return /[−-]\s*₹/.test(amount) ? -value : value;
}

export const SCREENS = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/portfolio', heading: 'Portfolio' },
  { path: '/trading', heading: 'Trading' },
  { path: '/profile', heading: null },
  { path: '/history', heading: 'Transaction History' },
] as const;

export class FiguresPage {
  constructor(private readonly page: Page) {}

  /** Opens a money screen and waits until its figures have values (not the loading dash). */
  async open(path: string, expected: FigureKey[]) {
    await this.page.goto(path);
    for (const key of expected)
      await expect(this.page.locator(`[data-figure="${key}"]`).first()).toHaveText(/₹|^\d+$/);
  }

  /** Every figure on the screen with its shown name; each figure appears once per screen. */
  async read(): Promise<{ values: FigureTexts; names: FigureTexts; counts: Record<string, number> }> {
    return this.page.evaluate(() => {
      const values: Record<string, string> = {};
      const names: Record<string, string> = {};
      const counts: Record<string, number> = {};
      for (const el of document.querySelectorAll<HTMLElement>('[data-figure]')) {
        const key = el.dataset.figure!;
        values[key] = el.textContent!.trim();
        counts[key] = (counts[key] ?? 0) + 1;
      }
      for (const el of document.querySelectorAll<HTMLElement>('[data-figure-name]'))
        names[el.dataset.figureName!] = el.textContent!.trim();
      return { values, names, counts };
    });
  }

  /** The info tooltip beside a figure's name says what the glossary says. */
  async expectInfoTip(key: FigureKey) {
    const { name, definition } = FIGURES[key];
    const button = this.page.getByRole('button', { name: `What is ${name}?`, exact: true }).first();
    await expect(button).toHaveAccessibleDescription(definition);
    await button.hover();
    await expect(this.page.getByRole('tooltip').filter({ hasText: definition }).first()).toBeVisible();
    await this.page.mouse.move(0, 0);
  }
}
