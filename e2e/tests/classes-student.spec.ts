import { expect, test, type APIRequestContext } from '@playwright/test';
import { snap } from '../support/screens.js';
import { bearer, signUpByApi } from '../support/api-users.js';

/** Issue 26 §Teacher view: the teacher opens a student from the roster and reads their records. */

const signUp = (request: APIRequestContext, fullName: string) => signUpByApi(request, fullName, 'class');
const auth = bearer;

test('the teacher opens a student from the roster: rubric, habits, holdings and trades with notes, at 1366 and 390 px, light and dark', async ({
  page,
  request,
}) => {
  const teacher = await signUp(request, 'Meera Iyer');
  const student = await signUp(request, 'Arjun Das');
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/classes', {
    headers: auth(teacher.token),
    data: {
      name: 'Markets 101',
      startingCash: 100_000,
      startDate: today,
      endDate: end,
      rules: { maxPositionPercent: 25 },
    },
  });
  expect(created.status()).toBe(201);
  const cls = (await created.json()).data as { id: string; inviteCode: string };
  const joined = await request.post('/api/classes/join', {
    headers: auth(student.token),
    data: { inviteCode: cls.inviteCode },
  });
  expect(joined.status()).toBe(201);
  const portfolioId = (await joined.json()).data.membership.portfolioId as string;
  for (const [symbol, note] of [
    ['ITC', 'Steady FMCG cash flows; buying a small first lot'],
    ['INFY', ''],
    ['HDFCBANK', 'Bank exposure, sized under the cap'],
  ] as const) {
    const res = await request.post('/api/orders/place', {
      headers: auth(student.token),
      data: {
        clientOrderId: `e2e-${symbol}-${Date.now()}`,
        symbol,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        portfolioId,
        ...(note ? { note } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/login');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: teacher.token, user: teacher.user },
  );
  await page.goto(`/classes/${cls.id}`);
  await page.getByRole('link', { name: 'Arjun Das' }).first().click();
  await expect(page.getByRole('heading', { name: 'Arjun Das', level: 1 })).toBeVisible();
  await expect(page.getByText('2 of 3 trades (66.67%)')).toBeVisible();
  const trades = page.getByRole('table', { name: 'Trades with notes' });
  await expect(trades).toContainText('Steady FMCG cash flows');
  await expect(trades).toContainText('No note');

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await expect(page.getByRole('table', { name: 'Holdings' })).toBeVisible();
      // The page itself never scrolls sideways; the tables scroll inside their cards.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} ${theme}`).toBeLessThanOrEqual(0);
      await snap(page, `class-student-w${width}-${theme}`);
    }
  }
});
