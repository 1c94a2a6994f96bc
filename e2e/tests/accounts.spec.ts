import { expect, test } from '@playwright/test';
import { LoginPage, Shell, SignupPage, STRONG_PASSWORD, uniqueEmail } from '../pages/auth-pages.js';
import { SettingsPage } from '../pages/settings-page.js';
import { waitForMail } from '../support/mail.js';
import { snap } from '../support/screens.js';
import { totpCode } from '../support/totp.js';

test('sign up lands on the dashboard with the ₹10,000 opening balance, and sign out returns to login', async ({
  page,
}) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ fullName: 'Asha Rao', email: uniqueEmail(), password: 'weak' });
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    'Weak',
  );
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    'Strong',
  );
  await snap(page, 'signup');
  await signup.submit();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Asha');
  await expect(page.getByTestId('cash-balance')).toHaveText('₹10,000.00');
  await snap(page, 'dashboard');

  await new Shell(page).logout();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up shows the required-field messages for empty fields', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.submit();
  for (const message of [
    'Full name is required',
    'Email is required',
    'Password is required',
    'Please confirm your password',
    'You must accept the Terms of Service and Privacy Policy',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
});

test('a guarded route sends a visitor to login and back to the remembered path after sign-in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail();
  const other = await browser.newContext();
  const setupPage = await other.newPage();
  await new SignupPage(setupPage).signUp('Ravi Kumar', email);
  await other.close();

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in to access that page').first()).toBeVisible();
  await new LoginPage(page).signIn(email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();
  await snap(page, 'profile');
});

test('a wrong password shows the server message and keeps the visitor on login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('nobody@example.com', 'wrong-password');
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'login-error');
});

test('a session revoked elsewhere ends at login with the expiry message on the next call', async ({
  page,
}) => {
  await new SignupPage(page).signUp('Sam Expired', uniqueEmail('expired'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // Away from the app's screens (no live connection that would notice the revocation at once and end
  // the session by itself), so the next call after the revocation is the page load below.
  await page.goto('/terms');
  await page.waitForLoadState('networkidle');
  // Signed out from another device: the stored token no longer works.
  const out = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(out.ok()).toBe(true);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?reason=session_expired$/);
  await expect(page.getByText('Your session expired, please sign in again')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('two-factor: enable in Settings with the shown secret, sign out, sign in with a code', async ({
  page,
}) => {
  const email = uniqueEmail('tfa');
  await new SignupPage(page).signUp('Meera Iyer', email);
  const settings = new SettingsPage(page);
  await settings.gotoTab('security');
  const secret = await settings.startTwoFactorSetup();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, 'settings-2fa-setup');
  await settings.confirmTwoFactor(totpCode(secret));
  await expect(page.getByText('Two-factor authentication enabled successfully!')).toBeVisible();
  await snap(page, 'settings-security');

  await new Shell(page).logout();
  const login = new LoginPage(page);
  await login.signIn(email);
  // The setup spent the current time step; the next step's code is fresh and within ±1 step.
  await login.enterTwoFactorCode(totpCode(secret, 1));
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the e-mailed link resets the password and the new one signs in', async ({ page }) => {
  const email = uniqueEmail('reset');
  await new SignupPage(page).signUp('Kiran Das', email);
  await new Shell(page).logout();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await snap(page, 'forgot-password-sent');

  const mail = await waitForMail(email);
  const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('N3w-passw0rd!');
  await page.getByLabel('Confirm Password').fill('N3w-passw0rd!');
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login/);

  const login = new LoginPage(page);
  await login.signIn(email, STRONG_PASSWORD);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await login.signIn(email, 'N3w-passw0rd!');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New Password').fill('Th1rd-passw0rd!');
  await page.getByLabel('Confirm Password').fill('Th1rd-passw0rd!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired').first()).toBeVisible();
});

test('Google sign-in through the local OpenID provider creates the account and signs in', async ({
  page,
}) => {
  await new LoginPage(page).goto();
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kavya');
  await expect(page.getByTestId('cash-balance')).toHaveText('₹10,000.00');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  expect(page.url()).not.toContain(token!);
});

test('an unknown path shows the 404 page with working buttons', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await snap(page, 'not-found');
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Master the Markets with Confidence' })).toBeVisible();
  await snap(page, 'landing');
});

test('the theme survives a reload', async ({ page }) => {
  await new SignupPage(page).signUp('Theme Tester', uniqueEmail('theme'));
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await snap(page, 'dashboard-dark');
});

test('a phone-sized screen shows the bottom navigation instead of the sidebar', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await new SignupPage(page).signUp('Mobile User', uniqueEmail('mobile'));
  const bottom = page.getByRole('navigation', { name: 'Mobile' });
  await expect(bottom).toBeVisible();
  for (const name of ['Home', 'Portfolio', 'Charts', 'AI', 'More']) {
    await expect(bottom.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByTestId('cash-balance')).toBeVisible();
  await snap(page, 'dashboard-mobile');
  await bottom.getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await context.close();
});

test('the landing contact form is stored by the server', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Email').fill('ravi@example.com');
  await page.getByLabel('Message').fill('How do limit orders fill?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thanks! Your message has been received.').first()).toBeVisible();
});
