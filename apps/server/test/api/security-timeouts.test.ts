import { connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually } from '../support/socket.js';

const REQUEST_TIMEOUT_MS = 500;

describeEachDb(
  'request timeouts and socket lifetimes',
  (ctx) => {
    it('closes a connection whose body never finishes within REQUEST_TIMEOUT_MS', async () => {
      const { hostname, port } = new URL(ctx().url);
      const socket = tcpConnect({ host: hostname, port: Number(port) });
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const started = performance.now();
      // Promises 1,000 bytes of JSON and sends 20, then goes quiet: a slow-body attack.
      socket.write(
        [
          'POST /api/contact HTTP/1.1',
          `Host: ${hostname}:${port}`,
          'Content-Type: application/json',
          'Content-Length: 1000',
          '',
          '{"name":"Slow","emai',
        ].join('\r\n'),
      );
      const closedAt = await closed;
      // The deadline is 0.5 s; Node checks it every 125 ms. Generous headroom for a busy machine,
      // still far below "never".
      expect(closedAt - started).toBeLessThan(10_000);
      expect(closedAt - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    });

    it('drops a socket when its session expires, and keeps one whose session is live', async () => {
      const user = await signUp(ctx());
      const other = await signUp(ctx());
      const doomed = await connect(ctx().url, user.token);
      const kept = await connect(ctx().url, other.token);
      let dropped = false;
      doomed.on('disconnect', () => (dropped = true));
      await ctx().rows(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.user.id}`,
      );
      await eventually(() => dropped, 10_000);
      expect(kept.connected).toBe(true);
      const after = await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token });
      expect(after.statusCode).toBe(401);
      kept.close();
    });

    it('drops a socket at the idle deadline of a session without remember me, and revokes it', async () => {
      const user = await signUp(ctx());
      const socket = await connect(ctx().url, user.token);
      let dropped = false;
      socket.on('disconnect', () => (dropped = true));
      // sessionTimeout defaults to 30 minutes; the last request was 31 minutes ago.
      await ctx().rows(
        sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${user.user.id}`,
      );
      await eventually(() => dropped, 10_000);
      const rows = await ctx().rows<{ revoked: boolean }>(
        sql`select revoked_at is not null as revoked from sessions where user_id = ${user.user.id}`,
      );
      expect(rows.map((r) => r.revoked)).toEqual([true]);
    });
  },
  { listen: true, config: { requestTimeoutMs: REQUEST_TIMEOUT_MS, sessionSweepMs: 100 } },
);
