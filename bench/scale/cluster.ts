// The bench's cluster: a fresh PostgreSQL database, three instances of the app on it (with Redis or
// PostgreSQL carrying their events), and the lease table that says which instance runs each job.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ADMIN_URL = process.env.SCALE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type AdapterMode = 'redis' | 'postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function createDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface Instance {
  name: string;
  port: number;
  proc: ChildProcess;
}

/** Writes the market clock's offset from the wall clock, read by every instance within 100 ms. */
export function setMarketTime(clockFile: string, marketMs: number) {
  writeFileSync(clockFile, String(marketMs - Date.now()));
}

export async function startInstance(
  name: string,
  env: Record<string, string>,
  onPort?: number,
): Promise<Instance> {
  const port = onPort ?? (await freePort());
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'instance.ts')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    if (i > 600) throw new Error(`${name} did not start in 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, port, proc };
}

export async function stopInstance(instance: Instance) {
  if (instance.proc.exitCode !== null || instance.proc.signalCode !== null) return;
  instance.proc.kill('SIGTERM');
  await new Promise((r) => instance.proc.once('exit', r));
}

export interface LeaseRow {
  name: string;
  holder: string;
  acquiredMs: number;
}

export async function leases(db: pg.Pool): Promise<LeaseRow[]> {
  const { rows } = await db.query<{ name: string; holder: string; acquired_ms: number }>(
    `select name, holder, (extract(epoch from acquired_at) * 1000)::float8 as acquired_ms from job_leases`,
  );
  return rows.map((r) => ({ name: r.name, holder: r.holder, acquiredMs: r.acquired_ms }));
}

/** A lease row's holder is `host:pid:random`. */
export const holderPid = (holder: string) => Number(holder.split(':')[1]);
