import { expect, test } from '@playwright/test';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { LeaderboardPage, OrderRefusalPanel } from '../pages/leaderboard-page.js';
import { TradingPage } from '../pages/trading-pages.js';

test('a refused buy explains the rule and its one-click fix fills; then join the leaderboard and find yourself in it', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Board Climber', uniqueEmail('leaderboard'));
  const trading = new TradingPage(page);
  await trading.goto('?symbol=RELIANCE');
  // Far more than ₹10,000 of shares at any simulated price.
  await trading.setQuantity(500);

  // The form foresees the refusal: Place is disabled with the server's message beside it, and the
  // rule with its one-click fix is offered before anything is sent.
  await expect(trading.form.getByTestId('order-disabled-reason')).toContainText(
    /Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹10,000\.00/,
  );
  const refusal = new OrderRefusalPanel(trading.form);
  await expect(refusal.panel).toContainText('Order would be refused');
  await expect(refusal.rule()).toContainText('A buy needs its value plus fees in free cash: 500 shares at ₹');
  const fix = refusal.fix();
  await expect(fix).toHaveText(/^Buy \d+ instead$/);
  const suggested = Number(/Buy (\d+) instead/.exec(await fix.innerText())![1]);
  expect(suggested).toBeGreaterThan(0);
  await fix.click();
  await expect(page.getByText(`Buy order for ${suggested} RELIANCE filled`)).toBeVisible();
  await expect(refusal.panel).toBeHidden();

  const board = new LeaderboardPage(page);
  await page.getByRole('link', { name: 'Leaderboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  await expect(board.seasonDates()).toContainText('(IST)');
  const name = `Climber ${Date.now().toString(36)}`;
  await board.join(name);
  await expect(page.getByText(`You are on the leaderboard as ${name}`)).toBeVisible();
  await expect(board.ownRank()).toContainText(`You are ranked #`);
  await expect(board.ownRank()).toContainText(name);
  await expect(board.yourRowInTable()).toContainText(name);
});
