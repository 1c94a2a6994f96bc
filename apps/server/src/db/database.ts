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

/** Opens the database named by the options and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection killed while idle or closing emits 'error' with no query to reject; unhandled,
    // that would crash the process. The pool replaces the connection on the next checkout.
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir });
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
