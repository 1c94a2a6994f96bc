import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig } from '../support/test-app.js';

const postgres = inject('postgresAdminUrl');

// Only PostgreSQL has connections that can be lost; PGlite runs in the process.
describe.skipIf(!postgres)('the session read survives PostgreSQL backends being terminated', () => {
  let app: FastifyInstance;
  let admin: pg.Client;
  let drop: () => Promise<void>;
  const failures: string[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    drop = opened.drop;
    app = await buildApp({
      config: testConfig(),
      database: opened.database,
      mailer: memoryMailer().mailer,
      logger: false,
    });
    // Names what failed, should a 500 slip through.
    app.addHook('onError', async (_request, _reply, error) => {
      failures.push(String(error.stack));
    });
    await app.ready();
    admin = new pg.Client({ connectionString: opened.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await drop?.();
  });

  it('never fails a request on the session read while its pooled connections are killed', async () => {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
    const { token } = signup.json() as { token: string };
    const profile = () =>
      app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      // Every pooled connection is open and idle, then all are killed at once, as a database
      // restart or failover does; the requests go out before the pool has noticed.
      statuses.push(...(await Promise.all(Array.from({ length: 8 }, profile))).map((r) => r.statusCode));
      const killing = admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const during = Promise.all(Array.from({ length: 8 }, profile));
      await killing;
      statuses.push(...(await during).map((r) => r.statusCode));
      statuses.push(...(await Promise.all(Array.from({ length: 8 }, profile))).map((r) => r.statusCode));
    }
    // The route's own query after the session read may still meet a dead connection (it is not
    // retried: only the session read every request makes is); the session read must never fail.
    const inSessionRead = failures.filter((stack) => /sessions\.(service|repository)/.test(stack));
    expect(inSessionRead.map((stack) => stack.split('\n')[0])).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 500)).toEqual([]);
    expect(statuses.filter((s) => s === 500).length).toBe(failures.length);
  });
});
