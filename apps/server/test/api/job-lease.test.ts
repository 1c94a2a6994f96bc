import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobLease } from '../../src/db/lease.js';
import type { Database } from '../../src/db/database.js';
import { describeEachDb, openTestDatabase } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

let names = 0;
const leasePair = (database: Database, ttlMs: number) => {
  names += 1;
  const name = `test-job-${names}`;
  const make = () => new JobLease({ db: database.db, name, ttlMs, log: quiet, role: 'test job' });
  return { name, a: make(), b: make() };
};

describeEachDb('a job lease in the database', (ctx) => {
  const expire = (name: string) =>
    ctx().rows(
      sql`update job_leases set expires_at = clock_timestamp() - interval '1 second' where name = ${name}`,
    );
  const fenced = (lease: JobLease) => ctx().database.db.transaction((tx) => lease.fence(tx));

  it('one holder at a time; an expired lease is taken over with the last stored round, and the old holder is fenced out', async () => {
    const { name, a, b } = leasePair(ctx().database, 60_000);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true);
    expect(a.previousRound).toBeUndefined();
    await a.roundDone(1_000_000);
    expect(await fenced(a)).toBe(true);
    expect(await fenced(b)).toBe(false);

    // The holder stops renewing (frozen): once its lease has run out, the other instance takes over.
    await expire(name);
    expect(await b.acquire()).toBe(true);
    expect(b.previousRound?.atMs).toBe(1_000_000);

    // The old holder wakes: it can neither renew, nor write, nor overwrite the stored round.
    expect(await fenced(a)).toBe(false);
    await a.roundDone(2_000_000);
    expect(await a.acquire()).toBe(false);
    expect(a.held).toBe(false);
    expect(await b.acquire()).toBe(true);
    expect(b.previousRound?.atMs).toBe(1_000_000);

    // A clean shutdown hands the lease over at once, with the new holder's round stored.
    await b.roundDone(3_000_000);
    await b.release();
    expect(b.held).toBe(false);
    expect(await a.acquire()).toBe(true);
    expect(a.previousRound?.atMs).toBe(3_000_000);
  });

  it('a lease nobody renews runs out by itself after its time', async () => {
    const { a, b } = leasePair(ctx().database, 500);
    expect(await a.acquire()).toBe(true);
    await waitFor(async () => ((await b.acquire()) ? true : undefined));
    expect(await a.acquire()).toBe(false);
  });
});

describe.skipIf(!inject('postgresAdminUrl'))('a job lease across connections [postgres]', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await opened?.drop();
  });

  it('a take-over waits for the old holder’s fenced transaction, and a holder frozen inside one is cut off by the server', async () => {
    const { name, a, b } = leasePair(opened.database, 1000);
    expect(await a.acquire()).toBe(true);
    let fence: boolean | undefined;
    let wake = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    // The holder opens a round's transaction, passes the fence, then freezes without committing.
    const frozen = opened.database.db.transaction(async (tx) => {
      fence = await a.fence(tx);
      await woken;
      await tx.execute(sql`select 1`);
    });
    const outcome = frozen.then(
      () => 'committed',
      () => 'ended by the server',
    );
    await waitFor(async () => fence);
    expect(fence).toBe(true);
    // The other instance's attempt waits on the lease row until the server ends the idle
    // transaction (after the lease time); by then the lease has run out and it takes over.
    expect(await b.acquire()).toBe(true);
    const { rows } = (await opened.database.db.execute(
      sql`select holder from job_leases where name = ${name}`,
    )) as unknown as { rows: { holder: string }[] };
    expect(rows[0]!.holder).toBe(b.holder);
    // The holder wakes: its transaction is gone, nothing it did there commits.
    wake();
    expect(await outcome).toBe('ended by the server');
  }, 90_000);
});
