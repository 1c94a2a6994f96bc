import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { GlobalSearch } from '../pages/market-pages.js';
import { NewsPage } from '../pages/news-page.js';
import { snap } from '../support/screens.js';

test('filters and searches news, and a bookmark is still there after a reload', async ({ page }) => {
  await new SignupPage(page).signUp('News Reader', uniqueEmail('news'));
  const news = new NewsPage(page);
  await news.goto();
  await expect(news.cards.first()).toBeVisible();
  // The category buttons carry the server's counts.
  await expect(news.category('Earnings')).toHaveText(/Earnings\s*\(\d+\)/);
  await news.category('Earnings').click();
  await expect(news.category('Earnings')).toHaveAttribute('aria-pressed', 'true');
  await expect(news.cards.first()).toContainText('Earnings');

  await news.category('All News').click();
  await news.search.fill('infosys');
  await expect(page).toHaveURL(/search=infosys/);
  await expect(news.cards.first()).toContainText(/Infosys/i);
  for (const title of await news.cards.locator('h3').allTextContents())
    expect(title.length).toBeGreaterThan(0);

  // An archived article (the market desk's own notes about the simulated market may rank above it).
  const first = news.cards.filter({ hasNotText: 'Nivesh market desk' }).first();
  const title = (await first.locator('h3').textContent())!;
  await first.getByRole('button', { name: `Bookmark: ${title}` }).click();
  await expect(first.getByRole('button', { name: `Remove bookmark: ${title}` })).toBeVisible();

  await page.reload();
  await news.bookmarksButton().click();
  await expect(page.getByRole('heading', { name: 'Your bookmarks' })).toBeVisible();
  await expect(news.cards).toHaveCount(1);
  await expect(news.cards.first()).toContainText(title);

  // An archive item opens in the app with its publisher named.
  await news.cards.first().getByRole('button', { name: 'Read Full Article' }).click();
  const reader = page.getByRole('dialog');
  await expect(reader.getByTestId('news-article')).toContainText('bundled NewsAPI archive');
});

test('Ctrl+K → News tab → Enter lands on /news?search=…', async ({ page }) => {
  await new SignupPage(page).signUp('Search Keys', uniqueEmail('newskeys'));
  await expect(page.getByRole('heading', { name: /, Search/ })).toBeVisible();
  // The pointer rests away from where the results will appear, so hovering picks none of them.
  await page.mouse.move(2, 2);
  const dialog = await new GlobalSearch(page).open();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Alt+n');
  await expect(dialog.getByRole('tab', { name: /News/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('sensex');
  await expect(
    dialog.getByRole('listbox', { name: 'News results' }).getByRole('option').first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/news\?search=sensex$/);
  const news = new NewsPage(page);
  await expect(news.search).toHaveValue('sensex');
  await expect(news.cards.first()).toContainText(/sensex/i);
});

test('screenshots of /news at desktop and 390 px, light and dark', async ({ page }) => {
  // Four full-page screenshots of a long grid take a while on a busy machine.
  test.setTimeout(120_000);
  await new SignupPage(page).signUp('Shot Taker', uniqueEmail('newsshots'));
  const news = new NewsPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await news.goto();
      await expect(news.cards.first()).toBeVisible();
      await snap(page, `news-${label}-${theme}`);
    }
  }
  // A market-desk note: figures linked to their stocks.
  await page.setViewportSize({ width: 1280, height: 900 });
  await news.goto();
  const desk = news.cards.filter({ hasText: /NIFTY 50 (gains|falls)/ }).first();
  await desk.getByRole('button', { name: 'Read Full Article' }).click();
  const reader = page.getByRole('dialog');
  await expect(reader.getByRole('link', { name: 'NIFTY 50' })).toBeVisible();
  await snap(page, 'news-desk-note');
});
