import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppConfig } from '../../src/config/env.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { Mailer } from '../../src/lib/mailer.js';
import { defaultMarketDataDir } from '../../src/paths.js';

export type DbKind = 'pglite' | 'postgres';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(tmpdir(), 'nivesh-test-data'),
    databaseUrl: undefined,
    redisUrl: undefined,
    publicUrl: 'http://localhost:3000',
    corsOrigin: 'http://localhost:3000',
    appSecret: 'test-secret-test-secret-test-secret-0123',
    smtpUrl: undefined,
    mailFrom: 'Nivesh <no-reply@nivesh.test>',
    google: undefined,
    logLevel: 'silent',
    webDist: path.join(tmpdir(), 'nivesh-no-web'),
    trustProxy: false,
    authRateLimitPerMinute: 10_000,
    saytrixRateLimitPerMinute: 10_000,
    loginMaxFailures: 5,
    loginFailureWindowMinutes: 15,
    version: 'test',
    market: {
      provider: 'simulated',
      seed: 'nivesh-test',
      session: 'always-open',
      dataDir: defaultMarketDataDir,
      fmpApiKeys: [],
      fmpBaseUrl: 'http://127.0.0.1:9',
      yahooBaseUrl: 'http://127.0.0.1:9',
    },
    ...overrides,
  };
}

/** A mailer that keeps what it sends, for tests that do not need a real SMTP peer. */
export function memoryMailer() {
  const sent: { to: string; subject: string; text: string }[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
  return { mailer, sent };
}

export async function openTestDatabase(
  kind: DbKind,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
    const database = await openDatabase({ pgliteDump: dump });
    return { database, drop: () => database.close() };
  }
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL is not reachable');
  const name = `nivesh_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 8 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export interface TestContext {
  kind: DbKind;
  /** Base URL when the suite asked to listen (realtime tests), else ''. */
  url: string;
  app: FastifyInstance;
  database: Database;
  sent: { to: string; subject: string; text: string }[];
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
}

/**
 * Runs the suite once on PGlite and once on PostgreSQL (when reachable), each against a fresh
 * database and app.
 */
export function describeEachDb(
  title: string,
  body: (ctx: () => TestContext) => void,
  options: { config?: Partial<AppConfig>; mailer?: () => Mailer; listen?: boolean; now?: () => number } = {},
) {
  const kinds: DbKind[] = ['pglite', 'postgres'];
  for (const kind of kinds) {
    const available = kind === 'pglite' || inject('postgresAdminUrl') !== null;
    describe.skipIf(!available)(`${title} [${kind}]`, () => {
      let context: TestContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestDatabase(kind);
        drop = opened.drop;
        const memory = memoryMailer();
        const app = await buildApp({
          config: testConfig(options.config),
          database: opened.database,
          mailer: options.mailer?.() ?? memory.mailer,
          logger: false,
          ...(options.now ? { now: options.now } : {}),
        });
        await app.ready();
        const url = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
        context = {
          kind,
          url,
          app,
          database: opened.database,
          sent: memory.sent,
          rows: async <T>(query: SQL) =>
            ((await opened.database.db.execute(query)) as unknown as { rows: T[] }).rows,
          request: ({ token, headers, ...rest }) =>
            app.inject({
              ...rest,
              headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
            }),
        };
      });
      afterAll(async () => {
        await context?.app.close();
        await drop?.();
      });
      body(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

let counter = 0;
/** A unique, valid sign-up payload. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return { email: `user${id}@example.com`, password: 'Str0ng!pass', fullName: 'Asha Rao', ...overrides };
}

export async function signUp(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const body = newSignup(overrides);
  const res = await ctx.request({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: string; email: string } };
  return { ...json, password: body.password, email: body.email };
}
