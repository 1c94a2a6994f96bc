import { expect, test, type Page } from '@playwright/test';
import { LoginPage, STRONG_PASSWORD } from '../pages/auth-pages.js';
import { signUpByApi } from '../support/api-users.js';

/** The SPA's entry, which the prerendered page names on #root and adds only when it is needed. */
async function spaEntry(page: Page): Promise<string> {
  const src = await page.locator('#root').getAttribute('data-spa-entry');
  expect(src).toMatch(/^\/assets\/index-.+\.js$/);
  return src!;
}

test('a prerendered page loads no app until the visitor reaches for its form; what was typed and submitted before the app arrived signs in', async ({
  page,
  request,
}) => {
  const { user } = await signUpByApi(request, 'Ravi Menon', 'prehydration');
  const email = String(user.email);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  const login = new LoginPage(page);
  await login.goto();
  await page.waitForLoadState('networkidle');
  const entry = await spaEntry(page);
  expect(scripts).not.toContain(entry);

  // Hold the app back, so everything below happens on the static page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await login.fill(email, STRONG_PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect.poll(() => scripts).toContain(entry);
  // Still the static page: the browser's own submit would have put the password in the URL.
  expect(page.url()).toMatch(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ravi');
});

test('a query string or a stored session hands the page to the app straight away', async ({
  page,
  request,
}) => {
  await page.goto('/login?reason=session_expired');
  await expect(page.getByText('Your session expired, please sign in again')).toBeVisible();

  const { token, user } = await signUpByApi(request, 'Nisha Pillai', 'stored-session');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user] as const,
  );
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('when the app cannot be loaded, a held sign-in says so, and after a reload it signs in', async ({
  page,
  request,
}) => {
  const { user } = await signUpByApi(request, 'Farah Khan', 'offline-entry');
  const login = new LoginPage(page);
  await login.goto();
  const entry = await spaEntry(page);
  await page.route(`**${entry}`, (route) => route.abort('internetdisconnected'));
  await login.fill(String(user.email), STRONG_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'Could not load Nivesh. Check your connection and reload the page.',
  );
  expect(page.url()).toMatch(/\/login$/);

  await page.unroute(`**${entry}`);
  await page.reload();
  await login.signIn(String(user.email));
  await expect(page).toHaveURL(/\/dashboard$/);
});
