import { expect, it } from 'vitest';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { totpCode } from '../support/totp.js';

const fresh = () => `new${Date.now().toString(36)}${Math.floor(performance.now())}@example.com`;

async function notificationTitles(ctx: TestContext, token: string) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications?limit=100', token });
  return (res.json().data as { title: string }[]).map((n) => n.title);
}

describeEachDb('changing the e-mail address', (ctx) => {
  it('is refused without the current password, and with a wrong one', async () => {
    const user = await signUp(ctx());
    const to = fresh();
    const none = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: to },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({
      currentPassword: 'Enter your current password to change your email',
    });
    const viaSettings = await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: user.token,
      payload: { profileData: { email: to } },
    });
    expect(viaSettings.statusCode).toBe(400);
    const wrong = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: to, currentPassword: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const me = await ctx().request({ method: 'GET', url: '/api/user/profile', token: user.token });
    expect(me.json().user.email).toBe(user.email);
  });

  it('keeps other profile edits free of the password', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: user.email, bio: 'Still me' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.bio).toBe('Still me');
  });

  it('with the password changes it, mails the old address and raises a security notification', async () => {
    const user = await signUp(ctx());
    const to = fresh();
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: to, currentPassword: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(to);
    const mail = ctx().sent.find((m) => m.to === user.email && /email address was changed/i.test(m.subject));
    expect(mail?.text).toContain(to);
    expect(await notificationTitles(ctx(), user.token)).toContain('Email address changed');
    const login = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: to, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('needs the 2FA code as well when two-factor is on', async () => {
    const user = await signUp(ctx());
    const setup = await ctx().request({ method: 'POST', url: '/api/auth/2fa/enable', token: user.token });
    const secret = setup.json().secretKey as string;
    const verify = await ctx().request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      token: user.token,
      payload: { code: totpCode(secret) },
    });
    expect(verify.statusCode).toBe(200);
    const to = fresh();
    const noCode = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: to, currentPassword: user.password },
    });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().errors)).toEqual(['twoFactorCode']);
    const badCode = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: {
        email: to,
        currentPassword: user.password,
        twoFactorCode: '000000' === totpCode(secret, 1) ? '111111' : '000000',
      },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual({ twoFactorCode: 'Invalid verification code' });
    const ok = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: to, currentPassword: user.password, twoFactorCode: totpCode(secret, 1) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(to);
  });

  it('answers 409, never 500, when several accounts race to one new address', async () => {
    const users = await Promise.all([signUp(ctx()), signUp(ctx()), signUp(ctx()), signUp(ctx())]);
    const to = fresh();
    const results = await Promise.all(
      users.map((u) =>
        ctx().request({
          method: 'PUT',
          url: '/api/user/profile',
          token: u.token,
          payload: { email: to, currentPassword: u.password },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().errors).toEqual({ email: 'An account with this email already exists' });
    }
  });
});
