import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { startOidcServer, type MockIdentity } from '../support/oidc.js';

let oidc: Awaited<ReturnType<typeof startOidcServer>>;
beforeAll(async () => {
  oidc = await startOidcServer();
});
afterAll(async () => {
  await oidc.stop();
});

/** Follows the whole browser round trip: our start route, the provider, our callback. */
async function signInWithGoogle(ctx: TestContext, identity: MockIdentity) {
  oidc.nextIdentity(identity);
  const start = await ctx.request({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const provider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(provider.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/google/callback');
  const callback = await ctx.request({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string);
}

describeEachDb(
  'Google sign-in (OIDC against a local provider)',
  (ctx) => {
    it('says it is enabled', async () => {
      expect((await ctx().request({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
        googleEnabled: true,
      });
    });

    it('creates a new user with ₹10,000 and hands the SPA a one-time code, never the token', async () => {
      const spa = await signInWithGoogle(ctx(), {
        sub: `new-${ctx().kind}`,
        email: `new-${ctx().kind}@gmail.com`,
        name: 'Kavya Nair',
      });
      expect(spa.origin + spa.pathname).toBe('http://localhost:3000/auth/oauth-callback');
      const code = spa.searchParams.get('code')!;
      expect(code).toBeTruthy();
      expect(spa.searchParams.has('token')).toBe(false);

      const exchange = await ctx().request({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code },
      });
      expect(exchange.statusCode).toBe(200);
      expect(exchange.json()).toMatchObject({
        success: true,
        isNewUser: true,
        user: {
          email: `new-${ctx().kind}@gmail.com`,
          fullName: 'Kavya Nair',
          virtualMoney: { balance: 10000 },
          googleLinked: true,
          hasPassword: false,
        },
      });
      const verify = await ctx().request({
        method: 'GET',
        url: '/api/auth/verify',
        token: exchange.json().token,
      });
      expect(verify.statusCode).toBe(200);

      const replay = await ctx().request({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code },
      });
      expect(replay.statusCode).toBe(401);

      const secondTime = await signInWithGoogle(ctx(), {
        sub: `new-${ctx().kind}`,
        email: `new-${ctx().kind}@gmail.com`,
        name: 'Kavya Nair',
      });
      const again = await ctx().request({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code: secondTime.searchParams.get('code')! },
      });
      expect(again.json()).toMatchObject({ isNewUser: false, user: { id: exchange.json().user.id } });
    });

    it('links an existing e-mail account instead of creating a second one', async () => {
      const existing = await signUp(ctx());
      const spa = await signInWithGoogle(ctx(), {
        sub: `link-${ctx().kind}`,
        email: existing.email,
        name: 'Someone',
      });
      const exchange = await ctx().request({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code: spa.searchParams.get('code')! },
      });
      expect(exchange.json()).toMatchObject({
        isNewUser: false,
        user: { id: existing.user.id, googleLinked: true, virtualMoney: { balance: 10000 } },
      });
    });

    it('sends the SPA ?error=oauth_failed for a forged or replayed state', async () => {
      const res = await ctx().request({
        method: 'GET',
        url: '/api/auth/google/callback?code=abc&state=forged',
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/auth/oauth-callback?error=oauth_failed');
      const bad = await ctx().request({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  },
  {
    config: {
      get google() {
        return { clientId: 'nivesh-test', clientSecret: 'test-secret', issuer: oidc.issuer };
      },
    },
  },
);

describeEachDb('Google sign-in when not configured', (ctx) => {
  it('is reported off and its routes answer 404', async () => {
    expect((await ctx().request({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      googleEnabled: false,
    });
    expect((await ctx().request({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
  });
});
