import { expect, test, type Page } from '@playwright/test';
import type { OptionChain } from '@nivesh/shared';
import { bearer, signUpByApi } from '../support/api-users.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });

async function signIn(page: Page, session: { token: string; user: { id: string } }) {
  await page.goto('/login');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
}

/** An out-of-the-money call a new ₹10,000 account can afford a lot of (premium and charges inside the cash). */
function affordableCall(chain: OptionChain): string {
  const row = chain.strikes.find((r) => r.strike > chain.atmStrike && r.call.ask * chain.lotSize < 8_000);
  if (!row) throw new Error('no call on the chain costs under ₹8,000 a lot');
  return row.call.tradingsymbol;
}

test('opens /options, sees the chain, builds a leg with its margin, buys 1 NIFTY lot and sees the position', async ({
  page,
  request,
}) => {
  const session = await signUpByApi(request, 'Option Learner', 'options');
  const chainRes = await request.get('/api/options/chain?underlying=NIFTY', {
    headers: bearer(session.token),
  });
  expect(chainRes.ok()).toBe(true);
  const symbol = affordableCall(((await chainRes.json()) as { data: OptionChain }).data);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, session);
  await page.goto('/dashboard');
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Options' }).click();
  await expect(page.getByRole('heading', { name: 'Options Lab', level: 1 })).toBeVisible();
  const chain = page.getByRole('region', { name: 'Option chain' });
  await expect(chain.locator('tr[aria-current="true"]')).toContainText('ATM');
  await expect(page.getByText(/91% of individual F&O traders lost money/)).toBeVisible();

  await chain.getByRole('button', { name: `Buy ${symbol}` }).click();
  const builder = page.getByRole('region', { name: 'Strategy builder' });
  await expect(builder.getByRole('listitem', { name: `Buy ${symbol}` })).toBeVisible();
  await expect(builder.getByTestId('max-profit')).toHaveText('Unlimited');
  const margin = builder.getByRole('region', { name: 'Margin' });
  await expect(margin).toContainText('Total needed');
  await expect(margin).toContainText('₹');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    expect(await seriousViolations(page), `/options with a leg (${theme})`).toEqual([]);
    await snap(page, `options-builder-1366-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  const place = builder.getByRole('button', { name: 'Place 1 order' });
  await expect(place).toBeEnabled();
  await place.click();
  await expect(builder.getByText(new RegExp(`BUY ${symbol}: placed`))).toBeVisible();

  const position = page
    .getByRole('region', { name: 'F&O positions' })
    .getByRole('listitem', { name: symbol });
  await expect(position).toContainText('+1 lot (65 units)');
  await expect(position).toContainText('At expiry:');
  await expect(position.getByRole('button', { name: `Exit ${symbol}` })).toBeVisible();
  await snap(page, 'options-position-1366');

  // A limit far under the ask rests and shows as pending on Orders. (NRML: in the always-open
  // session MIS closes for a while each day, and this walk must not depend on the hour it runs.)
  await page
    .getByRole('region', { name: 'Option chain' })
    .getByRole('button', { name: `Buy ${symbol}` })
    .click();
  await builder.getByRole('button', { name: 'Limit', exact: true }).click();
  await builder.getByRole('spinbutton', { name: `Limit price: Buy ${symbol}` }).fill('0.05');
  await builder.getByRole('button', { name: 'Place 1 order' }).click();
  await expect(builder.getByText(`BUY ${symbol}: placed (pending)`)).toBeVisible();
  await page.goto('/orders');
  const resting = page.getByRole('row').filter({ hasText: symbol }).filter({ hasText: 'PENDING' });
  await expect(resting).toContainText('Limit');
  await expect(resting).toContainText('₹0.05');
  await page.goto('/options');

  // The phone layout: LTP beside the strike, a tap opens the rest; no sideways page scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const phoneChain = page.getByRole('region', { name: 'Option chain' });
  const atm = phoneChain.locator('tr[aria-current="true"]');
  await atm.getByRole('button').click();
  await expect(phoneChain.getByRole('button', { name: /^Buy NIFTY.*CE$/ }).first()).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await snap(page, 'options-390-light');
});
