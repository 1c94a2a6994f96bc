import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { scratchDatabase } from '../support/integrity.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const postgres = inject('postgresAdminUrl');

async function appliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Advisory locks are a PostgreSQL matter; PGlite is one process with one connection. */
describe.skipIf(!postgres)('instances starting together on an empty database [postgres]', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('three databases opened at once all migrate, each migration applied once', async () => {
    const database = await scratchDatabase(postgres!, 'nivesh_mig');
    cleanup.push(database.drop);
    const opened = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: database.url, poolSize: 2 })),
    );
    for (const db of opened) expect(await db.ping()).toBeGreaterThanOrEqual(0);
    await Promise.all(opened.map((db) => db.close()));
    const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } }))
      .default as { entries: unknown[] };
    expect(await appliedMigrations(database.url)).toBe(journal.entries.length);
  });

  it('three server processes started at once all come up healthy', { timeout: 240_000 }, async () => {
    const database = await scratchDatabase(postgres!, 'nivesh_mig');
    cleanup.push(database.drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nivesh-mig-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      APP_SECRET: `migration-test-secret-${randomUUID()}`,
    };
    const started = await Promise.allSettled([1, 2, 3].map(() => startServerProcess({ env })));
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const server of servers) cleanup.push(() => server.stop());
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    for (const server of servers as ServerProcess[]) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    }
  });
});
