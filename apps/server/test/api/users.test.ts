import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';

describeEachDb('profile and settings', (ctx) => {
  it('updates the own profile and derives the full name from first and last', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: {
        firstName: 'Meera',
        lastName: 'Iyer',
        phoneNumber: '+91 98765 43210',
        location: 'Chennai',
        bio: 'Index investor',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      user: {
        fullName: 'Meera Iyer',
        firstName: 'Meera',
        lastName: 'Iyer',
        phoneNumber: '+91 98765 43210',
        location: 'Chennai',
        bio: 'Index investor',
      },
    });
  });

  it('rejects bad profile input with field messages', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: user.token,
      payload: { email: 'nope', phoneNumber: 'call me', bio: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Please enter a valid email address',
      phoneNumber: 'Please enter a valid phone number',
      bio: 'Bio must be at most 500 characters',
    });
  });

  it('refuses an email that belongs to someone else', async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: b.token,
      payload: { email: a.email, currentPassword: b.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('merges partial settings and keeps what was not sent', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: user.token,
      payload: {
        profileData: { location: 'Pune' },
        notificationSettings: { smsNotifications: true },
        securitySettings: { loginAlerts: false },
        preferences: { theme: 'dark' },
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().user;
    expect(saved.location).toBe('Pune');
    expect(saved.notificationSettings).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: true,
      priceAlerts: true,
      newsAlerts: true,
      portfolioUpdates: true,
      weeklyReports: true,
    });
    expect(saved.securitySettings).toEqual({ loginAlerts: false, sessionTimeout: '30' });
    expect(saved.preferences.theme).toBe('dark');
    const again = await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token });
    expect(again.json().user.preferences.theme).toBe('dark');
  });

  it.each([
    [{ preferences: { theme: 'purple' } }, 'preferences.theme'],
    [{ securitySettings: { sessionTimeout: '2' } }, 'securitySettings.sessionTimeout'],
    [{ notificationSettings: { emailNotifications: 'yes' } }, 'notificationSettings.emailNotifications'],
  ])('rejects %j', async (payload, field) => {
    const user = await signUp(ctx());
    const res = await ctx().request({ method: 'PUT', url: '/api/user/settings', token: user.token, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('keeps two users apart: each token reads and changes only its own profile and settings', async () => {
    const a = await signUp(ctx(), { fullName: 'Alpha User' });
    const b = await signUp(ctx(), { fullName: 'Bravo User' });
    await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: b.token,
      payload: { preferences: { theme: 'dark' }, profileData: { bio: 'B bio' } },
    });
    await ctx().request({
      method: 'PUT',
      url: '/api/user/profile',
      token: b.token,
      payload: { location: 'Delhi', id: a.user.id },
    });
    const aNow = (await ctx().request({ method: 'GET', url: '/api/user/profile', token: a.token })).json()
      .user;
    expect(aNow).toMatchObject({ fullName: 'Alpha User', location: '', preferences: { theme: 'light' } });
    expect(aNow.bio).not.toBe('B bio');
    const bNow = (await ctx().request({ method: 'GET', url: '/api/user/profile', token: b.token })).json()
      .user;
    expect(bNow).toMatchObject({
      id: b.user.id,
      location: 'Delhi',
      bio: 'B bio',
      preferences: { theme: 'dark' },
    });
  });

  it('needs a session', async () => {
    expect((await ctx().request({ method: 'PUT', url: '/api/user/profile', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await ctx().request({ method: 'PUT', url: '/api/user/settings', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describeEachDb('platform', (ctx) => {
  it('reports health with the database driver and version', async () => {
    const res = await ctx().request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: 'test',
      database: { driver: ctx().kind, ok: true },
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx().request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Route GET /api/does-not-exist not found',
    });
  });

  it('sends a strict CSP without inline scripts and CORS only for the configured origin', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    const ok = await ctx().request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await ctx().request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/user/settings']),
    );
    expect(
      doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'fullName']));
  });

  it('stores a landing-page contact message and validates it', async () => {
    const ok = await ctx().request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ravi', email: 'ravi@example.com', message: 'Hello' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ success: true, message: 'Thanks! Your message has been received.' });
    const rows = await ctx().database.db.query.contactMessages.findMany();
    expect(rows.map((r) => r.email)).toContain('ravi@example.com');
    const bad = await ctx().request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'x', message: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      message: 'Message is required',
    });
  });
});
