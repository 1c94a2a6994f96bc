import { expect, it } from 'vitest';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

// testConfig's login throttle: 5 failures per 15 minutes per account.
const MAX = 5;

type Guess = (ctx: TestContext, token: string, password: string) => ReturnType<TestContext['request']>;

const emailChange: Guess = (ctx, token, password) =>
  ctx.request({
    method: 'PUT',
    url: '/api/user/profile',
    token,
    payload: { email: `moved${Date.now().toString(36)}@example.com`, currentPassword: password },
  });

const passwordChange: Guess = (ctx, token, password) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/change-password',
    token,
    payload: { currentPassword: password, newPassword: 'N3w!password' },
  });

const twoFactorOff: Guess = (ctx, token, password) =>
  ctx.request({ method: 'POST', url: '/api/auth/2fa/disable', token, payload: { password } });

const routes: [string, Guess][] = [
  ['PUT /api/user/profile (e-mail change)', emailChange],
  ['POST /api/auth/change-password', passwordChange],
  ['POST /api/auth/2fa/disable', twoFactorOff],
];

describeEachDb('guessing the current password with a stolen token', (ctx) => {
  for (const [name, guess] of routes) {
    it(`${name}: 60 parallel guesses check at most ${MAX}, then the session is signed out`, async () => {
      const user = await signUp(ctx());
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => guess(ctx(), user.token, `wrong-guess-${i}`)),
      );
      const checked = answers.filter((r) => r.statusCode === 400);
      // The Nth wrong answer itself signs the session out.
      expect(checked.length).toBe(MAX - 1);
      expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 401)).toBe(true);
      expect(answers.filter((r) => r.statusCode === 401)[0]?.json().message).toMatch(/signed out/i);

      const right = await guess(ctx(), user.token, user.password);
      expect(right.statusCode).toBe(401);
      const me = await ctx().request({ method: 'GET', url: '/api/user/profile', token: user.token });
      expect(me.statusCode).toBe(401);
      // The same count guards the login form, so the guesses cannot go on there either.
      const login = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode).toBe(429);
    });
  }

  it('a right answer after a few wrong ones still works and gives its attempt back', async () => {
    const user = await signUp(ctx());
    for (let i = 0; i < MAX - 2; i++) {
      expect((await passwordChange(ctx(), user.token, `nope-${i}`)).statusCode).toBe(400);
    }
    const right = await emailChange(ctx(), user.token, user.password);
    expect(right.statusCode).toBe(200);
    const login = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: right.json().user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
