import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';

const MAX_FAILURES = 5;

describeEachDb(
  'login lockout under a parallel burst',
  (ctx) => {
    it('40 guesses at once check at most 5 passwords; the right one at #31 does not sign in', async () => {
      const user = await signUp(ctx());
      const attempt = (password: string) =>
        ctx().request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
      // The first 30 wrong guesses go out together; once all 30 are counted (while the checked
      // ones may still be hashing) the other 10, the right password first, join them.
      const first = Array.from({ length: 30 }, (_, i) => attempt(`wrong-password-${i}`));
      const key = `login:email:${user.email}`;
      let counted = 0;
      const poll = async () => {
        const rows = await ctx().rows<{ failures: number }>(
          sql`select failures from auth_throttle where key = ${key}`,
        );
        counted = Number(rows[0]?.failures ?? 0);
      };
      // Waits for a condition (all 30 counted), not for an amount of time.
      for (await poll(); counted < 30; await poll()) await new Promise((r) => setTimeout(r, 10));
      const right = attempt(user.password);
      const rest = Array.from({ length: 9 }, (_, i) => attempt(`wrong-password-${30 + i}`));
      const responses = await Promise.all([...first, right, ...rest]);
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toEqual([]);
      expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - MAX_FAILURES);
      expect((await right).statusCode).toBe(429);
      // The lockout holds after the burst, for the right password too.
      expect((await attempt(user.password)).statusCode).toBe(429);
    });

    it('40 guesses at once from one IP against 40 accounts check at most 20 passwords', async () => {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          ctx().request({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `nobody-${i}-${Date.now()}@example.com`, password: 'wrong-password' },
            remoteAddress: '203.0.113.9',
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES * 4);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - MAX_FAILURES * 4);
    });
  },
  { config: { loginMaxFailures: MAX_FAILURES } },
);
