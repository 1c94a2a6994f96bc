import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openTestDatabase, testConfig } from '../support/test-app.js';

const redisUrl = inject('redisUrl');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    drop = opened.drop;
    const config = testConfig({ redisUrl: redisUrl!, authRateLimitPerMinute: 3 });
    a = await buildApp({ config, database: opened.database, logger: false });
    b = await buildApp({ config, database: opened.database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('counts one client across instances: the limit spent on one is spent on the other', async () => {
    // A client address of its own, so no other test's requests count against it.
    const remoteAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const login = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });
    for (let i = 0; i < 3; i++) expect((await login(a)).statusCode).not.toBe(429);
    const refused = await login(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
