import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

const verify = { 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) };
const sessions = {
  'GET /api/auth/sessions': () => ({
    body: {
      success: true,
      data: [
        {
          id: 's1',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
          ip: '127.0.0.1',
          createdAt: '2025-11-01T10:00:00.000Z',
          lastSeenAt: '2025-11-02T10:00:00.000Z',
          expiresAt: '2025-12-01T10:00:00.000Z',
          rememberMe: false,
          current: true,
        },
      ],
    },
  }),
};

const twoFactorEnable = {
  'POST /api/auth/2fa/enable': () => ({
    body: { success: true, qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=', secretKey: 'JBSWY3DPEHPK3PXP' },
  }),
};

describe('settings', () => {
  it('opens the security tab from ?tab=security and lists sessions', async () => {
    signedInAs();
    stubFetch({ ...verify, ...sessions });
    renderApp('/settings?tab=security');
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
  });

  it('2FA setup: digits only, Verify enabled only at six digits, recovery codes shown once', async () => {
    signedInAs();
    // Like the server, a re-verify after enabling reports 2FA on; a slow first verify must not flip the switch back.
    let enabled = false;
    stubFetch({
      'GET /api/auth/verify': () => ({
        body: { success: true, user: testUser({ twoFactorEnabled: enabled }) },
      }),
      ...sessions,
      ...twoFactorEnable,
      'POST /api/auth/2fa/verify': () => {
        enabled = true;
        return {
          body: {
            success: true,
            message: 'ok',
            recoveryCodes: ['ab3d5-x9k2m', 'zz9y8-q1w2e'],
            user: testUser({ twoFactorEnabled: true }),
          },
        };
      },
    });
    renderApp('/settings?tab=security');
    fireEvent.click(await screen.findByRole('switch', { name: 'Two-Factor Authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(
      within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const input = within(dialog).getByLabelText('Verification code');
    const verifyButton = within(dialog).getByRole('button', { name: 'Verify' });
    fireEvent.change(input, { target: { value: '12ab34' } });
    expect(input).toHaveValue('1234');
    expect(verifyButton).toBeDisabled();
    fireEvent.blur(input);
    expect(within(dialog).getByText('Please enter a valid 6-digit code')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '1234567' } });
    expect(input).toHaveValue('123456');
    expect(verifyButton).toBeEnabled();
    fireEvent.click(verifyButton);
    expect(await screen.findByText('ab3d5-x9k2m')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor authentication enabled successfully!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Two-Factor Authentication' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
  });

  it('2FA setup: a wrong code then the right one leaves only the success message', async () => {
    signedInAs();
    let attempts = 0;
    stubFetch({
      ...verify,
      ...sessions,
      ...twoFactorEnable,
      'POST /api/auth/2fa/verify': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                success: false,
                message: 'Invalid verification code',
                code: 'VALIDATION_ERROR',
                errors: { code: 'Invalid verification code' },
              },
            }
          : {
              body: {
                success: true,
                message: 'ok',
                recoveryCodes: ['ab3d5-x9k2m'],
                user: testUser({ twoFactorEnabled: true }),
              },
            },
    });
    renderApp('/settings?tab=security');
    fireEvent.click(await screen.findByRole('switch', { name: 'Two-Factor Authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    const input = within(dialog).getByLabelText('Verification code');
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Invalid verification code')).length).toBeGreaterThan(0);
    fireEvent.change(input, { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Two-factor authentication enabled successfully!')).toBeInTheDocument();
    // The failed attempt's toast gives way to the success; it does not linger beside it.
    expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument();
  });

  it('Escape closes the 2FA dialog', async () => {
    signedInAs();
    stubFetch({
      ...verify,
      ...sessions,
      ...twoFactorEnable,
    });
    renderApp('/settings?tab=security');
    fireEvent.click(await screen.findByRole('switch', { name: 'Two-Factor Authentication' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Price Alerts is a working switch now that alerts exist', async () => {
    signedInAs();
    stubFetch({ ...verify });
    renderApp('/settings?tab=notifications');
    const priceAlerts = await screen.findByRole('switch', { name: 'Price Alerts' });
    expect(priceAlerts).toBeEnabled();
    expect(priceAlerts).toHaveAttribute('aria-checked', 'true');
  });

  it('saves settings and shows the success toast', async () => {
    signedInAs();
    const calls = stubFetch({
      ...verify,
      'PUT /api/user/settings': () => ({
        body: { success: true, message: 'Saved', user: testUser({ location: 'Pune' }) },
      }),
    });
    renderApp('/settings');
    fireEvent.change(await screen.findByLabelText('Location'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'PUT /api/user/settings')?.body as {
      profileData: { location: string };
    };
    expect(body.profileData.location).toBe('Pune');
  });
});

describe('reset virtual account', () => {
  it('needs RESET typed, posts the confirmation, and toasts the server message only after it succeeded', async () => {
    signedInAs();
    let fail = true;
    const calls = stubFetch({
      ...verify,
      'POST /api/virtual-money/reset': () =>
        fail
          ? { status: 503, body: {} }
          : { body: { success: true, message: 'Your virtual account was reset to ₹10,000.00' } },
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset virtual account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Reset account' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Type RESET to confirm'), { target: { value: 'reset' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Type RESET to confirm'), { target: { value: 'RESET' } });
    fireEvent.click(confirm);
    expect(
      await screen.findByText('Service temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/was reset/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reset virtual account?' })).toBeInTheDocument();

    fail = false;
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset account' }));
    expect(await screen.findByText('Your virtual account was reset to ₹10,000.00')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/virtual-money/reset').map((c) => c.body)).toEqual([
      { confirm: 'RESET' },
      { confirm: 'RESET' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Reset virtual account?' })).not.toBeInTheDocument();
  });

  it('asks for the current password (and the 2FA code when on) only when the email changes, and sends them', async () => {
    const user = testUser({ twoFactorEnabled: true });
    signedInAs(user);
    const calls = stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user } }),
      'PUT /api/user/settings': () => ({
        body: {
          success: true,
          message: 'ok',
          user: testUser({ twoFactorEnabled: true, email: 'asha.rao@example.com' }),
        },
      }),
    });
    renderApp('/settings');
    const email = await screen.findByLabelText('Email Address');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'asha.rao@example.com' } });
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(screen.getByLabelText('Authenticator Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.key === 'PUT /api/user/settings');
    expect(put?.body).toMatchObject({
      profileData: { email: 'asha.rao@example.com', currentPassword: 'Str0ng!pass', twoFactorCode: '123456' },
    });
  });

  it('sends no password with other profile edits, and keeps a Google-only email read-only', async () => {
    const user = testUser({ hasPassword: false });
    signedInAs(user);
    const calls = stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user } }),
      'PUT /api/user/settings': () => ({ body: { success: true, message: 'ok', user } }),
    });
    renderApp('/settings');
    expect(await screen.findByLabelText('Email Address')).toBeDisabled();
    expect(screen.getByText('Your email follows your Google account.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.key === 'PUT /api/user/settings');
    expect(put?.body).toMatchObject({ profileData: { location: 'Pune' } });
    expect((put?.body as { profileData: Record<string, unknown> }).profileData).not.toHaveProperty(
      'currentPassword',
    );
  });
});
