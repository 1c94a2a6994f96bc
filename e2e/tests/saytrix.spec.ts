import { expect, test, type Page } from '@playwright/test';
import { formatInr, type VirtualAccount } from '@nivesh/shared';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { api } from '../pages/portfolio-pages.js';
import { fakeSpeechRecognition, SaytrixPage } from '../pages/saytrix-pages.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

async function cash(page: Page): Promise<VirtualAccount> {
  return (await api<{ data: VirtualAccount }>(page, '/api/virtual-money/account')).data;
}

test('asks for cash, opens a pre-filled order from a stock card, and asks by voice', async ({ page }) => {
  await fakeSpeechRecognition(page);
  await new SignupPage(page).signUp('Meera Iyer', uniqueEmail('saytrix'));
  const saytrix = new SaytrixPage(page);
  await saytrix.goto();
  await expect(page.getByText('Recent Questions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Portfolio analysis' })).toBeVisible();
  await expect(page.getByText('Meera Iyer').first()).toBeVisible();

  // The account's own figure, formatted as the app formats money.
  const account = await cash(page);
  const answer = await saytrix.ask('How much cash do I have?');
  await expect(answer).toContainText(`You have ${formatInr(account.availableCash)} available to trade.`);
  await expect(answer).toContainText(/As of \d\d:\d\d IST, simulated market/);
  await expect(page.getByText('Recent Questions')).toBeHidden();

  // A buy proposal: the stock card's Buy opens the order dialog filled with the proposal; nothing is placed.
  const buy = await saytrix.ask('buy 3 reliance');
  const card = buy.getByTestId('saytrix-stock-card');
  await expect(card).toContainText('RELIANCE');
  await card.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy RELIANCE' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Quantity', { exact: true })).toHaveValue('3');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await cash(page)).balance).toBe(account.balance);

  // Voice: the fake recogniser hears the question; it lands in the input and is sent on the same path.
  await page.evaluate(() => Object.assign(window, { __saytrixTranscript: 'mere paas kitna paisa hai' }));
  const before = await saytrix.answers().count();
  await page.getByRole('button', { name: 'Ask by voice' }).click();
  await expect(saytrix.questions().last()).toHaveText('mere paas kitna paisa hai');
  await expect(saytrix.answers()).toHaveCount(before + 1);
  await expect(saytrix.answers().last()).toContainText(formatInr(account.availableCash));
  const lang = await page.evaluate(() => (window as unknown as { __saytrixLang?: string }).__saytrixLang);
  expect(['en-IN', 'en-US']).toContain(lang);

  // History lives on the server: a reload shows the conversation.
  await page.reload();
  await expect(saytrix.questions().first()).toHaveText('How much cash do I have?');
  await snap(page, 'saytrix-1366-light');

  // The compact panel from another screen continues the same conversation.
  await page.goto('/dashboard');
  await page.getByTestId('saytrix-launcher').click();
  const panel = page.getByTestId('saytrix-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('saytrix-user-message').first()).toHaveText('How much cash do I have?');
  await panel.getByRole('textbox', { name: 'Message Saytrix' }).fill('open portfolio');
  await panel.getByRole('textbox', { name: 'Message Saytrix' }).press('Enter');
  await expect(page).toHaveURL(/\/portfolio$/);
  await snap(page, 'saytrix-panel-1366-light');

  // A chart request lands on the chart that was asked for.
  await page.goto('/saytrix');
  await saytrix.input().fill('show me the 1 year line chart of tata steel');
  await saytrix.input().press('Enter');
  await expect(page).toHaveURL(/\/charts\?symbol=TATASTEEL&period=1Y&type=line$/);
  await expect(
    page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Line' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Screens to look at: 390 px and dark.
  await page.goto('/saytrix');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(saytrix.questions().first()).toBeVisible();
  await snap(page, 'saytrix-390-light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(saytrix.questions().first()).toBeVisible();
  await snap(page, 'saytrix-390-dark');
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, 'saytrix-1366-dark');
  await page.goto('/dashboard');
  await page.getByTestId('saytrix-launcher').click();
  await expect(page.getByTestId('saytrix-panel')).toBeVisible();
  await snap(page, 'saytrix-panel-1366-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'saytrix-panel-390-dark');
});
