import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { roundToTick, type Alert } from '@nivesh/shared';
import { newSignup } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { clock, HOUR, priceAt, START } from './alerts.fixtures.js';

describe.skipIf(inject('postgresAdminUrl') === null)(
  'price alerts with two instances on one PostgreSQL',
  () => {
    const start = twoInstancesOnPostgres(() => clock.now);

    it('exactly one instance evaluates, and an alert fires once even when both check at the same moment', async () => {
      const { a, b, database } = await start();
      clock.now = START + 8 * HOUR;
      const signup = await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
      const token = (signup.json() as { token: string }).token;
      const p0 = priceAt('ITC', clock.now);
      const post = (value: number) =>
        a.inject({
          method: 'POST',
          url: '/api/alerts',
          headers: { authorization: `Bearer ${token}` },
          payload: { symbol: 'ITC', condition: 'above', value },
        });
      expect((await post(roundToTick(p0 * 0.5))).statusCode).toBe(201);

      // The timed path: both try, one holds the advisory lock and checks.
      clock.now += 1000;
      const rounds = await Promise.all([a.alertEvaluator.tick(), b.alertEvaluator.tick()]);
      expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
      expect([a.alertEvaluator.holdsLock, b.alertEvaluator.holdsLock].filter(Boolean)).toHaveLength(1);
      expect(rounds.reduce((n, r) => n + (r?.fired ?? 0), 0)).toBe(1);

      // Even two checks at once (bypassing the lock) fire a crossing once: the alert's row decides.
      expect((await post(roundToTick(p0 * 0.5))).statusCode).toBe(201);
      clock.now += 1000;
      const both = await Promise.all([a.alertEvaluator.runOnce(), b.alertEvaluator.runOnce()]);
      expect(both[0].fired + both[1].fired).toBe(1);
      const list = (
        await a.inject({ method: 'GET', url: '/api/alerts', headers: { authorization: `Bearer ${token}` } })
      ).json().data as Alert[];
      expect(list.map((x) => x.triggerCount)).toEqual([1, 1]);
      const firings = await database.db.execute(sql`select count(*)::int as n from price_alert_firings`);
      expect((firings as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });
  },
);
