import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { totpCode } from '../support/totp.js';

async function enableTwoFactor(ctx: TestContext) {
  const user = await signUp(ctx);
  const setup = await ctx.request({ method: 'POST', url: '/api/auth/2fa/enable', token: user.token });
  expect(setup.statusCode).toBe(200);
  const { secretKey, qrCodeUrl } = setup.json();
  expect(qrCodeUrl).toMatch(/^data:image\/png;base64,/);
  const verify = await ctx.request({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    token: user.token,
    payload: { code: totpCode(secretKey) },
  });
  expect(verify.statusCode).toBe(200);
  return { ...user, secretKey: secretKey as string, recoveryCodes: verify.json().recoveryCodes as string[] };
}

describeEachDb('two-factor authentication', (ctx) => {
  it('turns on only with a correct code and returns 8 recovery codes once', async () => {
    const user = await signUp(ctx());
    const setup = await ctx().request({ method: 'POST', url: '/api/auth/2fa/enable', token: user.token });
    const { secretKey } = setup.json();
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);

    const short = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      token: user.token,
      payload: { code: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ code: 'Please enter a valid 6-digit code' });

    const wrongCode = totpCode(secretKey, 5);
    const wrong = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      token: user.token,
      payload: { code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');

    const ok = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      token: user.token,
      payload: { code: totpCode(secretKey) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Two-factor authentication enabled successfully!',
      user: { twoFactorEnabled: true },
    });
    expect(ok.json().recoveryCodes).toHaveLength(8);

    const stored = await ctx().rows(sql`select totp_secret_enc from users where id = ${user.user.id}`);
    expect(String((stored[0] as { totp_secret_enc: string }).totp_secret_enc)).not.toContain(secretKey);

    const again = await ctx().request({ method: 'POST', url: '/api/auth/2fa/enable', token: user.token });
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code at login, accepts it once, and rejects a replay', async () => {
    const user = await enableTwoFactor(ctx());
    const login = () =>
      ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });

    const first = await login();
    expect(first.json()).toEqual({
      success: true,
      requiresTwoFactor: true,
      email: user.email,
      message: 'Enter the 6-digit code from your authenticator app',
    });
    expect(first.json().token).toBeUndefined();

    // The setup consumed the current step, so the next step's code is the first fresh one.
    const code = totpCode(user.secretKey, 1);
    const verified = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toBeTruthy();

    await login();
    const replay = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid code');
  });

  it('accepts the code only within 5 minutes of a correct password for that email', async () => {
    const user = await enableTwoFactor(ctx());
    const noPassword = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: totpCode(user.secretKey, 1) },
    });
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');

    // A wrong password opens no window either.
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const afterWrong = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: totpCode(user.secretKey, 1) },
    });
    expect(afterWrong.statusCode).toBe(401);

    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    await ctx().database.db.execute(
      sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${user.user.id}`,
    );
    const late = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: totpCode(user.secretKey, 1) },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');
  });

  it('closes the window after 5 wrong codes', async () => {
    const user = await enableTwoFactor(ctx());
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    for (let i = 0; i < 5; i++) {
      await ctx().request({
        method: 'POST',
        url: '/api/auth/verify-2fa',
        payload: { email: user.email, code: '000000' },
      });
    }
    const right = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: totpCode(user.secretKey, 1) },
    });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');
  });

  it('lets a recovery code stand in for the app, once', async () => {
    const user = await enableTwoFactor(ctx());
    const recovery = user.recoveryCodes[0]!;
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const ok = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: recovery.toUpperCase() },
    });
    expect(ok.statusCode).toBe(200);
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const reused = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: user.email, code: recovery },
    });
    expect(reused.statusCode).toBe(401);
  });

  it('validates the login code shape', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { email: 'a@b.in', code: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: 'Please enter a 6-digit code' });
  });

  it('turns off only with a current code or the password', async () => {
    const user = await enableTwoFactor(ctx());
    const none = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      token: user.token,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    const badPassword = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      token: user.token,
      payload: { password: 'nope-nope' },
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().errors).toEqual({ password: 'Password is incorrect' });
    const ok = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      token: user.token,
      payload: { code: totpCode(user.secretKey, 1) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Two-factor authentication disabled.',
      user: { twoFactorEnabled: false },
    });
    const login = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().token).toBeTruthy();
  });

  it('needs a session for every 2FA settings route', async () => {
    for (const url of ['/api/auth/2fa/enable', '/api/auth/2fa/verify', '/api/auth/2fa/disable']) {
      const res = await ctx().request({ method: 'POST', url, payload: { code: '123456' } });
      expect(res.statusCode).toBe(401);
    }
  });
});
