import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { migrationsDir } from '../paths.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** Start an embedded database from a dump (tests), instead of a folder on disk. */
  pgliteDump?: Blob;
  poolSize?: number;
  /** Told about connections that fail outside any query (server restart, terminated backend). */
  onConnectionError?: (error: Error) => void;
}

async function timedPing(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

/** The advisory-lock key every instance takes around its migrations (the app's only advisory lock; background jobs use leases, db/lease.ts). */
export const MIGRATION_LOCK_KEY = 5_417_002;

/**
 * Instances started together (a rolling deploy, an autoscaler) would otherwise run the same
 * migrations at once and one would fail on a type or table the other just created. Each takes a
 * session-level advisory lock on a dedicated connection, so they migrate one after another and
 * the later ones find nothing left to do. The lock goes with the connection if the process dies.
 */
export async function migrateUnderLock(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An idle client that loses its server emits 'error'; the failing query reports it instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Opens the database named by the options and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Pipeline mode: queries issued together on one connection go out without waiting for each
    // other's answers (pipelinedTransaction sends BEGIN with an order's locks, COMMIT with its fill).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      pipeline: true,
    } as pg.PoolConfig);
    // A connection killed while idle or closing emits 'error' with no query to reject; unhandled,
    // that would crash the process. The pool replaces the connection on the next checkout.
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migrateUnderLock(options.databaseUrl);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, driver: 'postgres', ping: () => timedPing(db), close: () => pool.end() };
  }

  let client: PGlite;
  if (options.pgliteDump) {
    client = new PGlite({ loadDataDir: options.pgliteDump });
  } else {
    const dir = path.join(options.dataDir ?? './data', 'pglite');
    // PGlite does not create parent folders.
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, driver: 'pglite', ping: () => timedPing(db), close: () => client.close() };
}
