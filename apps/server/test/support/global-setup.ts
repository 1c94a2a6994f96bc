import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../../src/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresAdminUrl: string | null;
    redisUrl: string | null;
  }
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return ADMIN_URL;
  } catch (error) {
    if (process.env.CI) {
      throw new Error(`PostgreSQL must be reachable on CI at ${ADMIN_URL}: ${(error as Error).message}`);
    }
    console.warn(
      `\n[api tests] PostgreSQL at ${ADMIN_URL} is unreachable (${(error as Error).message}); the PostgreSQL runs of the API suites are skipped. PGlite runs still happen.\n`,
    );
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<string | null> {
  const { Redis } = await import('ioredis');
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return REDIS_URL;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis must be reachable on CI at ${REDIS_URL}: ${(error as Error).message}`);
    console.warn(
      `\n[api tests] Redis at ${REDIS_URL} is unreachable (${(error as Error).message}); the cross-instance realtime test is skipped.\n`,
    );
    return null;
  } finally {
    client.disconnect();
  }
}

/**
 * A fresh PGlite costs seconds, so one is migrated here and dumped; each test file starts its
 * own database from that dump.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-test-'));
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  const blob = await client.dumpDataDir('none');
  await client.close();
  const dumpPath = path.join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresAdminUrl', await postgresReachable());
  project.provide('redisUrl', await redisReachable());
  return () => rmSync(dir, { recursive: true, force: true });
}
