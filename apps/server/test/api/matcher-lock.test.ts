import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clampToCircuit, type Order, type Quote } from '@nivesh/shared';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { LEASES } from '../../src/db/lease.js';
import { waitFor } from '../support/wait-for.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig } from '../support/test-app.js';

const postgres = inject('postgresAdminUrl');

describe.skipIf(!postgres)('the matcher runs on exactly one instance of a PostgreSQL deployment', () => {
  let url: string;
  let drop: () => Promise<void>;
  let admin: pg.Client;

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    url = opened.url!;
    drop = opened.drop;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await drop?.();
  });

  /** Instances whose matcher lease is live in this database. */
  async function holders(): Promise<string[]> {
    const { rows } = await admin.query<{ holder: string }>(
      'select holder from job_leases where name = $1 and expires_at > clock_timestamp()',
      [LEASES.matcher],
    );
    return rows.map((r) => r.holder);
  }

  it('two app instances: one matches, and after it shuts down the other fills the resting orders', async () => {
    const clock = { now: Date.parse('2026-11-24T06:00:00Z') };
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
        databases.push(database);
        const app = await buildApp({
          config: testConfig({ matcherIntervalMs: 100 }),
          database,
          mailer: memoryMailer().mailer,
          logger: false,
          now: () => clock.now,
        });
        await app.ready();
        apps.push(app);
      }
      const holder = await waitFor(() => apps.find((app) => app.matcher.holdsLock));
      const other = apps.find((app) => app !== holder)!;
      // One lease row per job: at most one live holder, whatever the instances believe.
      expect(await holders()).toHaveLength(1);

      const signup = await other.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
      const token = signup.json().token as string;
      const auth = { authorization: `Bearer ${token}` };
      const quote = (
        await other.inject({ method: 'GET', url: '/api/stocks/quote/ITC', headers: auth })
      ).json().data as Quote;
      const { price } = quote;
      // Limit prices stay inside the stock's circuit (ITC: its operating range).
      const inBand = (fraction: number) => clampToCircuit(price * fraction, quote);
      const placed = await other.inject({
        method: 'POST',
        url: '/api/orders/place',
        headers: auth,
        payload: {
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'LIMIT',
          price: inBand(0.5),
          quantity: 1,
          clientOrderId: `k-lock-${Date.now()}`,
        },
      });
      const order = placed.json().data.order as Order;

      await holder.close();
      apps.splice(apps.indexOf(holder), 1);
      await waitFor(() => (other.matcher.holdsLock ? true : undefined));

      // Make the order marketable; only the surviving instance is left to fill it.
      await other.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers: auth,
        payload: { price: inBand(1.1) },
      });
      const done = await waitFor(async () => {
        const o = (
          await other.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: auth })
        ).json().data as Order;
        return o.status === 'FILLED' ? o : undefined;
      });
      expect(done.executionPrice).toBe(price);
      const { rows } = await admin.query<{ n: string }>(
        'select count(*)::text as n from fills where order_id = $1',
        [order.id],
      );
      expect(rows[0]!.n).toBe('1');
    } finally {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
    }
  });
});
