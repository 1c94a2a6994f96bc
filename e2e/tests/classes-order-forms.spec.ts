import { expect, test, type APIRequestContext } from '@playwright/test';
import { StockBuyPanel } from '../pages/trading-pages.js';
import { snap } from '../support/screens.js';
import { bearer, signUpByApi } from '../support/api-users.js';

/** Issue 26 §Rules: the stock page's slide-to-buy follows the active class portfolio's rules. */

const signUp = (request: APIRequestContext, fullName: string) =>
  signUpByApi(request, fullName, 'class-forms');
const auth = bearer;

test('in a class portfolio the stock page shows the rules, refuses a stock outside the universe and buys with the required note', async ({
  page,
  request,
}) => {
  const teacher = await signUp(request, 'Meera Iyer');
  const student = await signUp(request, 'Kavya Rao');
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/classes', {
    headers: auth(teacher.token),
    data: {
      name: 'Markets 101',
      startingCash: 100_000,
      startDate: today,
      endDate: end,
      rules: { universe: 'NIFTY50', requireTradeNote: true },
    },
  });
  expect(created.status()).toBe(201);
  const cls = (await created.json()).data as { inviteCode: string };
  const joined = await request.post('/api/classes/join', {
    headers: auth(student.token),
    data: { inviteCode: cls.inviteCode },
  });
  expect(joined.status()).toBe(201);
  const portfolioId = (await joined.json()).data.membership.portfolioId as string;

  await page.goto('/login');
  await page.evaluate(
    ({ token, user, portfolioId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem(`activePortfolio:${user.id}`, portfolioId);
    },
    { token: student.token, user: student.user, portfolioId },
  );

  // A stock outside NIFTY 50: the rule is shown and the slide stays disabled with it.
  const panel = new StockBuyPanel(page);
  await panel.goto('IRCTC');
  await expect(page.getByTestId('class-rules')).toContainText('Class rules: Markets 101');
  await expect(page.getByTestId('buy-disabled-reason')).toContainText('Your class requires a trade note');
  await page.getByLabel('Trade note (required)').fill('Rail tourism is growing');
  await expect(page.getByTestId('buy-disabled-reason')).toContainText('IRCTC is not one');
  await expect(panel.slider()).toHaveAttribute('aria-disabled', 'true');

  // A NIFTY 50 stock: disabled until the note is written, then bought with it.
  await panel.goto('ITC');
  await expect(page.getByTestId('buy-disabled-reason')).toContainText('Your class requires a trade note');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await expect(page.getByTestId('class-rules')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} ${theme}`).toBeLessThanOrEqual(0);
      await snap(page, `class-stock-buy-w${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Trade note (required)').fill('Steady FMCG cash flows');
  await panel.slideToBuy();
  await expect(page.getByText('Successfully bought 1 share of ITC!')).toBeVisible();

  // The note is the journal entry of the fill, in the class portfolio.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/trades?portfolioId=${portfolioId}`, {
        headers: auth(student.token),
      });
      const trades = (await res.json()).trades as { ticker: string; note: string; fillId: string | null }[];
      return trades.map((t) => [t.ticker, t.note, t.fillId !== null]);
    })
    .toEqual([['ITC', 'Steady FMCG cash flows', true]]);
});
