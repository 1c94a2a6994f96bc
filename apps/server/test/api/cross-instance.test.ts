import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../support/test-app.js';
import { connect, eventually, record } from '../support/socket.js';

const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const postgres = inject('postgresAdminUrl');
const redis = inject('redisUrl');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startInstance(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Two processes compiling the server through tsx on two shared cores: a generous limit, no sleeps.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // still starting
    }
    if (Date.now() > deadline) throw new Error('instance did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The two ways instances exchange events: Redis, and PostgreSQL alone for an install with no Redis. */
const adapters: Array<{ name: string; env: Record<string, string> }> = [
  ...(redis ? [{ name: 'Redis', env: { REDIS_URL: redis } }] : []),
  { name: 'PostgreSQL LISTEN/NOTIFY', env: { REALTIME_ADAPTER: 'postgres' } },
];

describe.skipIf(!postgres).each(adapters)(
  'two server processes on one PostgreSQL, events through $name',
  (adapter) => {
    let a: { url: string; child: ChildProcess };
    let b: { url: string; child: ChildProcess };
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase('postgres');
      drop = opened.drop;
      const env = {
        DATABASE_URL: opened.url!,
        ...adapter.env,
        APP_SECRET: 'cross-instance-secret-cross-instance-secret',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nivesh-x-')),
        PUBLIC_URL: 'http://localhost:3000',
      };
      [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    }, 240_000);

    afterAll(async () => {
      for (const instance of [a, b]) {
        if (!instance) continue;
        instance.child.kill('SIGTERM');
        await new Promise((r) => instance.child.once('exit', r));
      }
      await drop?.();
    });

    it('an event raised through instance A reaches the user’s socket on instance B, and only that user', async () => {
      const signup = async (email: string) =>
        (await fetch(`${a.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Str0ng!pass', fullName: 'Cross Instance' }),
        }).then((r) => r.json())) as { token: string };
      const user = await signup(`x${Date.now()}@example.com`);
      const other = await signup(`y${Date.now()}@example.com`);
      const onB = await connect(b.url, user.token);
      const otherOnB = await connect(b.url, other.token);
      const received = record(onB, 'notification');
      const otherReceived = record(otherOnB, 'notification');

      const res = await fetch(`${a.url}/api/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ title: 'From A', message: 'raised on instance A' }),
      });
      expect(res.status).toBe(201);
      await eventually(() => received.length === 1);
      expect(received[0]).toMatchObject({ title: 'From A', message: 'raised on instance A' });

      // Revoking a session through A drops its socket on B.
      const gone = new Promise<string>((resolve) => onB.on('disconnect', resolve));
      await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(await gone).toBe('io server disconnect');

      await new Promise((r) => setTimeout(r, 200));
      expect(otherReceived).toEqual([]);
      otherOnB.close();
    });
  },
);
