import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../src/lib/mailer.js';
import { describeEachDb, signUp } from '../support/test-app.js';
import { startSmtpServer } from '../support/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

const silentLog = { info() {}, error() {}, warn() {} } as never;

describeEachDb(
  'password reset through a real SMTP server',
  (ctx) => {
    it('answers the same for known and unknown addresses and mails a link only to a real account', async () => {
      const user = await signUp(ctx());
      const known = await ctx().request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const unknown = await ctx().request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ghost@example.com' },
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({
        success: true,
        message: 'If an account exists for that email, a password reset link has been sent.',
      });
      const mail = await smtp.waitFor(user.email);
      expect(mail.raw).toMatch(/Subject: Reset your Nivesh password/);
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
      expect(smtp.inbox.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    });

    it('resets once, signs out every session, and lets the new password in', async () => {
      const user = await signUp(ctx());
      await ctx().request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const mail = await smtp.waitFor(user.email);
      const token = new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')!;

      const weak = await ctx().request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual({ password: 'Password must be at least 8 characters' });

      const ok = await ctx().request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'N3w-passw0rd' },
      });
      expect(ok.json()).toEqual({ success: true, message: 'Your password has been reset. Please sign in.' });
      expect(
        (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
      ).toBe(401);

      const again = await ctx().request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'An0ther-pass' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual({ token: 'This reset link is invalid or has expired' });

      const oldPw = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(oldPw.statusCode).toBe(401);
      const newPw = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'N3w-passw0rd' },
      });
      expect(newPw.statusCode).toBe(200);
    });

    it('changes the password from settings and signs out the other sessions only', async () => {
      const user = await signUp(ctx());
      const other = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      const wrong = await ctx().request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: user.token,
        payload: { currentPassword: 'not-it-at-all', newPassword: 'N3w-passw0rd' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
      const ok = await ctx().request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: user.token,
        payload: { currentPassword: user.password, newPassword: 'N3w-passw0rd' },
      });
      expect(ok.statusCode).toBe(200);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
      ).toBe(200);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: other.json().token }))
          .statusCode,
      ).toBe(401);
    });
  },
  {
    mailer: () =>
      createMailer({
        smtpUrl: smtp.url,
        from: 'Nivesh <no-reply@nivesh.test>',
        dataDir: '/tmp',
        log: silentLog,
      }),
  },
);
