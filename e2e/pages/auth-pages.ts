import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Str0ng!pass';

export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  }

  async fill(fields: {
    fullName: string;
    email: string;
    password: string;
    confirm?: string;
    acceptTerms?: boolean;
  }) {
    await this.page.getByLabel('Full Name').fill(fields.fullName);
    await this.page.getByLabel('Email').fill(fields.email);
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Confirm Password').fill(fields.confirm ?? fields.password);
    if (fields.acceptTerms !== false) await this.page.getByLabel(/I agree to the Terms of Service/).check();
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Create Account' }).click();
  }

  async signUp(fullName: string, email: string, password = STRONG_PASSWORD) {
    await this.goto();
    await this.fill({ fullName, email, password });
    await this.submit();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/login${query}`);
    await expect(this.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  }

  async fill(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  async signIn(email: string, password = STRONG_PASSWORD) {
    await this.fill(email, password);
    await this.submit();
  }

  async enterTwoFactorCode(code: string) {
    await expect(this.page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await this.page.getByLabel('Authentication code').fill(code);
    await this.page.getByRole('button', { name: 'Verify Code' }).click();
  }
}

export class Shell {
  constructor(private readonly page: Page) {}

  async logout() {
    await this.page.getByTestId('sidebar-logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
