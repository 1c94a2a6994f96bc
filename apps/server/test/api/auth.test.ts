import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb, newSignup, signUp } from '../support/test-app.js';

describeEachDb('sign-up', (ctx) => {
  it('creates the user with a ₹10,000 ledger-backed balance and a working token', async () => {
    const body = newSignup({ email: 'Mixed.Case@Example.com', fullName: 'Priya Sharma' });
    const res = await ctx().request({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: 'Account created successfully!' });
    expect(json.user).toMatchObject({
      email: 'mixed.case@example.com',
      fullName: 'Priya Sharma',
      firstName: 'Priya',
      lastName: 'Sharma',
      role: 'Member',
      twoFactorEnabled: false,
      virtualMoney: { balance: 10000 },
      notificationSettings: { emailNotifications: true, smsNotifications: false, weeklyReports: true },
      securitySettings: { loginAlerts: true, sessionTimeout: '30' },
      preferences: {
        language: 'en',
        currency: 'INR',
        timezone: 'Asia/Kolkata',
        defaultPage: 'dashboard',
        theme: 'light',
      },
    });
    expect(json.user.username).toMatch(/^mixedcase\d{4}$/);
    expect(json.token.length).toBeGreaterThanOrEqual(40);

    const verify = await ctx().request({ method: 'GET', url: '/api/auth/verify', token: json.token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.id).toBe(json.user.id);

    const ledger = await ctx().rows(
      sql`select kind, amount_paise::text as amount, balance_after_paise::text as after from ledger_entries where user_id = ${json.user.id}`,
    );
    expect(ledger).toEqual([{ kind: 'OPENING_BALANCE', amount: '1000000', after: '1000000' }]);
  });

  it.each([
    [
      { email: '', password: '', fullName: '' },
      { email: 'Email is required', password: 'Password is required', fullName: 'Full name is required' },
    ],
    [
      { email: 'not-an-email', password: 'short', fullName: 'A' },
      {
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        fullName: 'Name must be at least 2 characters',
      },
    ],
    [{}, { email: 'Email is required', password: 'Password is required', fullName: 'Full name is required' }],
    [{ email: 'a@b.in', password: 12345678, fullName: 'Asha' }, { password: 'Password is required' }],
  ])('rejects %j with field messages', async (payload, errors) => {
    const res = await ctx().request({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors });
  });

  it('answers a duplicate email (any case) with 409 and a field error', async () => {
    const first = await signUp(ctx());
    const res = await ctx().request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newSignup({ email: first.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      errors: { email: 'An account with this email already exists' },
    });
  });

  it('rejects a taken explicit username', async () => {
    await signUp(ctx(), { username: 'takenname' });
    const res = await ctx().request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newSignup({ username: 'takenname' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: 'This username is already taken' });
  });
});

describeEachDb('login, verify, refresh and logout', (ctx) => {
  it('signs in with the right password and rejects a wrong one without saying which part was wrong', async () => {
    const user = await signUp(ctx());
    const ok = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { email: user.email } });
    expect(ok.json().token).not.toBe(user.token);

    const wrong = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
  });

  it.each([
    [
      { email: '', password: '' },
      { email: 'Email is required', password: 'Password is required' },
    ],
    [
      { email: 'x@', password: '12345' },
      { email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' },
    ],
  ])('validates %j', async (payload, errors) => {
    const res = await ctx().request({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('refuses missing, malformed and unknown tokens', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer not-a-real-token-but-long-enough-123',
    ]) {
      const res = await ctx().request({
        method: 'GET',
        url: '/api/auth/verify',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('refresh rotates the token: the old one stops working, the new one works', async () => {
    const user = await signUp(ctx());
    const refreshed = await ctx().request({ method: 'POST', url: '/api/auth/refresh', token: user.token });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().token as string;
    expect(next).not.toBe(user.token);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
    ).toBe(401);
    expect((await ctx().request({ method: 'GET', url: '/api/auth/verify', token: next })).statusCode).toBe(
      200,
    );
  });

  it('logout revokes the token', async () => {
    const user = await signUp(ctx());
    const out = await ctx().request({ method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
    ).toBe(401);
  });

  it('ends an idle session after securitySettings.sessionTimeout minutes unless remember me was ticked', async () => {
    const user = await signUp(ctx());
    const remembered = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, rememberMe: true },
    });
    const rememberedToken = remembered.json().token as string;
    await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: user.token,
      payload: { securitySettings: { sessionTimeout: '15' } },
    });
    await ctx().database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '16 minutes' where user_id = ${user.user.id}`,
    );
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
    ).toBe(401);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: rememberedToken })).statusCode,
    ).toBe(200);
    const expiry = await ctx().rows(
      sql`select extract(epoch from expires_at - created_at)::int as seconds from sessions where remember_me and user_id = ${user.user.id}`,
    );
    expect(expiry[0]).toEqual({ seconds: 30 * 86_400 });
  });
});

describeEachDb(
  'login throttling',
  (ctx) => {
    it('locks an account after 3 failures, before checking even a correct password', async () => {
      const user = await signUp(ctx());
      for (let i = 0; i < 3; i++) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many login attempts. Please try again later.',
      });
      // Another account from elsewhere is not affected by this lock.
      const other = await signUp(ctx());
      const fine = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: other.email, password: other.password },
        remoteAddress: '10.9.9.9',
      });
      expect(fine.statusCode).toBe(200);
    });

    it('limits auth requests per IP', async () => {
      let last = 0;
      for (let i = 0; i < 9; i++) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'a@b.in' },
          remoteAddress: '10.1.1.1',
        });
        last = res.statusCode;
      }
      expect(last).toBe(429);
    });
  },
  { config: { loginMaxFailures: 3, authRateLimitPerMinute: 8 } },
);

describeEachDb('sessions', (ctx) => {
  it('lists own sessions, signs out others, and cannot touch another user’s session', async () => {
    const a = await signUp(ctx());
    const aSecond = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: a.password },
      headers: { 'user-agent': 'Phone' },
    });
    const b = await signUp(ctx());

    const list = await ctx().request({ method: 'GET', url: '/api/auth/sessions', token: a.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as { id: string; current: boolean; userAgent: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const aOther = sessions.find((s) => !s.current)!;

    const bList = await ctx().request({ method: 'GET', url: '/api/auth/sessions', token: b.token });
    expect(bList.json().data).toHaveLength(1);
    const crossDelete = await ctx().request({
      method: 'DELETE',
      url: `/api/auth/sessions/${aOther.id}`,
      token: b.token,
    });
    expect(crossDelete.statusCode).toBe(404);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: aSecond.json().token }))
        .statusCode,
    ).toBe(200);

    const bad = await ctx().request({
      method: 'DELETE',
      url: '/api/auth/sessions/not-a-uuid',
      token: a.token,
    });
    expect(bad.statusCode).toBe(400);

    const others = await ctx().request({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      token: a.token,
    });
    expect(others.json()).toMatchObject({ success: true, count: 1 });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: aSecond.json().token }))
        .statusCode,
    ).toBe(401);
    expect((await ctx().request({ method: 'GET', url: '/api/auth/verify', token: a.token })).statusCode).toBe(
      200,
    );
    expect((await ctx().request({ method: 'GET', url: '/api/auth/verify', token: b.token })).statusCode).toBe(
      200,
    );
  });
});
