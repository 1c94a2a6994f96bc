import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { LEASES } from '../../src/db/lease.js';
import { checkerPool, integrityViolations, pgQuery } from '../support/integrity.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig } from '../support/test-app.js';

const postgres = inject('postgresAdminUrl');
const ist = (local: string) => Date.parse(`${local}+05:30`);
// Thursday 26 November 2026 on NSE hours, one clock for both instances.
const clock = { now: ist('2026-11-26T10:00:00') };
const config = testConfig({
  market: { ...testConfig().market, session: 'nse' },
  news: { feeds: [], pollMinutes: 10 },
});

/** The leased jobs of an instance, each as one timed round (the one its timer would run). */
function jobs(app: FastifyInstance): Record<string, () => Promise<unknown>> {
  return {
    [LEASES.matcher]: () => app.matcher.tick(),
    [LEASES.alerts]: () => (app.alertEvaluator as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.gtt]: () => (app.gttEvaluator as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.squareOff]: () => (app.squareOff as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.classStandings]: () => (app.classStandings as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.leaderboardRefresh]: () =>
      (app.leaderboardRefresh as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.foExpirySettlement]: () =>
      (app.expirySettlement as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.foOrders]: () => (app.foOrders as unknown as { tick(): Promise<unknown> }).tick(),
    [LEASES.news]: () => app.newsPoller.tick(),
  };
}

describe.skipIf(!postgres)(
  'every background job on exactly one of two instances, and caught up after a fail-over',
  () => {
    let drop: () => Promise<void>;
    let second: Database;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let check: ReturnType<typeof checkerPool>;

    beforeAll(async () => {
      const opened = await openTestDatabase('postgres');
      drop = opened.drop;
      second = await openDatabase({ databaseUrl: opened.url!, poolSize: 4 });
      const build = (database: Database) =>
        buildApp({ config, database, mailer: memoryMailer().mailer, logger: false, now: () => clock.now });
      a = await build(opened.database);
      b = await build(second);
      await Promise.all([a.ready(), b.ready()]);
      check = checkerPool(opened.url!);
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await second?.close();
      await check?.end();
      await drop?.();
    });

    const holders = async () =>
      new Map(
        (await check.query<{ name: string; holder: string }>('select name, holder from job_leases')).rows.map(
          (r) => [r.name, r.holder],
        ),
      );
    /** What the database sees once a holder has stopped renewing for longer than its lease lives. */
    const leasesRunOut = (names: string[]) =>
      check.query(`update job_leases set expires_at = now() - interval '1 second' where name = any($1)`, [
        names,
      ]);

    it('A runs every job and B none; A dies; B takes each over and squares off the MIS positions A left at 15:20, once; A, back, stays out', async () => {
      const res = await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
      const token = res.json<{ token: string }>().token;
      for (const symbol of ['ITC', 'TCS']) {
        const placed = await b.inject({
          method: 'POST',
          url: '/api/orders/place',
          headers: { authorization: `Bearer ${token}` },
          payload: { symbol, type: 'BUY', quantity: 3, product: 'MIS', clientOrderId: randomUUID() },
        });
        expect(placed.statusCode, placed.body).toBe(201);
      }

      clock.now = ist('2026-11-26T15:19:00');
      const onA = jobs(a);
      const onB = jobs(b);
      for (const name of Object.keys(onA)) await onA[name]!();
      const first = await holders();
      // One row per job, each taken by A (every lease has its own holder id).
      expect([...first.keys()].sort()).toEqual(Object.values(LEASES).sort());
      // B's rounds find every lease taken and run nothing.
      for (const name of Object.keys(onB)) await onB[name]!();
      expect(await holders()).toEqual(first);
      const squareOffs = () =>
        check.query<{ n: number }>(
          `select count(*)::int as n from orders where product = 'MIS' and side = 'SELL' and status = 'FILLED'`,
        );
      expect((await squareOffs()).rows[0]!.n).toBe(0);

      // A dies before the cut-off: nothing renews its leases. The market passes 15:20 meanwhile.
      await leasesRunOut(Object.values(LEASES));
      clock.now = ist('2026-11-26T15:21:30');
      for (const name of Object.keys(onB)) await onB[name]!();
      const after = await holders();
      for (const name of Object.values(LEASES)) expect(after.get(name), name).not.toBe(first.get(name));
      // B's first square-off round covered the cut-off A missed: both positions closed.
      expect((await squareOffs()).rows[0]!.n).toBe(2);
      const open = await check.query<{ n: number }>(
        `select count(*)::int as n from positions where product = 'MIS' and quantity > 0`,
      );
      expect(open.rows[0]!.n).toBe(0);

      // A comes back: its rounds find every lease held by B and run nothing; nothing is sold twice.
      for (const name of Object.keys(onA)) await onA[name]!();
      expect(await holders()).toEqual(after);
      expect((await squareOffs()).rows[0]!.n).toBe(2);
      expect(await integrityViolations(pgQuery(check))).toEqual([]);
    }, 120_000);
  },
);
