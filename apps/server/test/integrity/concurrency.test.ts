import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import {
  ackViolations,
  checkerPool,
  integrityViolations,
  pgQuery,
  totals,
  type Query,
} from '../support/integrity.js';
import { call, OrderLoad, signUpOverHttp, type Session } from '../support/order-load.js';
import { memoryMailer, openTestDatabase, testConfig } from '../support/test-app.js';

/**
 * 32 clients hammer one real server on PostgreSQL for INTEGRITY_SECONDS, then the database must
 * still satisfy every money invariant and agree with every 2xx answer the clients were given.
 */
const SECONDS = Number(process.env.INTEGRITY_SECONDS ?? 60);
const SEED = Number(process.env.INTEGRITY_SEED ?? 20_260_521);
const CLIENTS = 32;
const SYMBOLS = ['ITC', 'TATASTEEL', 'SBIN', 'ONGC', 'WIPRO'];

const postgres = inject('postgresAdminUrl');
if (!postgres)
  console.warn('[integrity] PostgreSQL is unreachable; the concurrency test is skipped (it fails on CI).');

describe.skipIf(!postgres)('integrity under concurrency [postgres]', () => {
  let app: FastifyInstance;
  let base: string;
  let query: Query;
  let drop: () => Promise<void>;
  let checker: ReturnType<typeof checkerPool>;

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    drop = opened.drop;
    checker = checkerPool(opened.url!);
    query = pgQuery(checker);
    app = await buildApp({
      config: testConfig(),
      database: opened.database,
      mailer: memoryMailer().mailer,
      logger: false,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await checker?.end();
    await drop?.();
  });

  it(
    `keeps the ledger, reservations and positions exact with ${CLIENTS} clients for ${SECONDS} s`,
    { timeout: SECONDS * 1000 + 120_000 },
    async () => {
      // 16 clients on their own user, 16 sharing 4 users (4 each): separate and contended accounts.
      const sessions: Session[] = [];
      for (let i = 0; i < 20; i++) sessions.push(await signUpOverHttp(base));
      const clientUsers = Array.from({ length: CLIENTS }, (_, i) => (i < 16 ? i : 16 + (i % 4)));

      const probe = await call(base, 'PATCH', `/api/orders/${randomUUID()}`, {
        token: sessions[0]!.token,
        body: { quantity: 1 },
      });
      const modify = !String(probe.body.message ?? '').startsWith('Route PATCH');

      const load = new OrderLoad({ base, seed: SEED, sessions, clientUsers, symbols: SYMBOLS, modify });
      // The matcher runs round after round beside the clients, so resting orders fill, get
      // rejected or expire while they are being modified and cancelled.
      let matcherPasses = 0;
      let matched = 0;
      const matcherErrors: string[] = [];
      const running = load.run(SECONDS * 1000);
      let done = false;
      const matching = (async () => {
        while (!done) {
          try {
            const round = await app.matcher.runOnce();
            matched += round.filled + round.rejected + round.expired;
            matcherPasses += 1;
          } catch (error) {
            matcherErrors.push((error as Error).message);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await running;
      done = true;
      await matching;

      const t = await totals(query);
      const statuses = [...load.counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k}:${n}`)
        .join(' ');
      console.log(
        `[integrity] ${SECONDS}s seed ${SEED}: ${load.requests} requests, ${t.orders} orders (${t.filled} filled), ${t.fills} fills, ` +
          `${t.ledgerEntries} ledger entries, modify ${modify ? 'on' : 'not served'}, matcher ${matcherPasses} rounds settled ${matched} resting orders\n  ${statuses}`,
      );

      expect(load.anomalies, JSON.stringify(load.anomalies.slice(0, 10))).toHaveLength(0);
      expect(load.transportErrors, JSON.stringify(load.transportErrors.slice(0, 10))).toHaveLength(0);
      expect(matcherErrors, JSON.stringify(matcherErrors.slice(0, 5))).toHaveLength(0);
      expect(await integrityViolations(query)).toEqual([]);
      expect(await ackViolations(query, load.acks)).toEqual([]);
      // The mix really happened: fills, rests, cancels, replays and refused reuses all occurred.
      expect(t.filled).toBeGreaterThan(50);
      expect(load.count('limitBuy 201') + load.count('limitSell 201')).toBeGreaterThan(10);
      expect(load.count('cancel 200')).toBeGreaterThan(0);
      expect(load.count('retry 200')).toBeGreaterThan(0);
      expect(load.count('conflict 422')).toBeGreaterThan(0);
      if (modify) expect(load.count('modify 200')).toBeGreaterThan(0);
      expect(matched).toBeGreaterThan(0);
    },
  );
});
