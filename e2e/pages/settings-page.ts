import { expect, type Page } from '@playwright/test';

export class SettingsPage {
  constructor(private readonly page: Page) {}

  async gotoTab(tab: 'profile' | 'notifications' | 'security' | 'preferences') {
    await this.page.goto(`/settings?tab=${tab}`);
    await expect(this.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  }

  /** Opens the 2FA setup dialog and returns the secret shown to the user. */
  async startTwoFactorSetup(): Promise<string> {
    await this.page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    return secret;
  }

  async confirmTwoFactor(code: string) {
    const dialog = this.page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const codes = this.page.getByRole('dialog', { name: 'Save Your Recovery Codes' });
    await expect(codes).toBeVisible();
    await expect(codes.getByTestId('recovery-codes')).toContainText(/[a-z0-9]{5}-[a-z0-9]{5}/);
    await codes.getByRole('button', { name: 'Done' }).click();
    await expect(this.page.getByRole('switch', { name: 'Two-Factor Authentication' })).toBeChecked();
  }
}
