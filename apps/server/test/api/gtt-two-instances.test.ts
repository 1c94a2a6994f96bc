import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { newSignup } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { below, clock, crossAndBack, HOUR, priceAt, START } from './gtt.fixtures.js';

describe.skipIf(inject('postgresAdminUrl') === null)('GTT with two instances on one PostgreSQL', () => {
  const start = twoInstancesOnPostgres(() => clock.now);

  it('two evaluators checking at the same moment place exactly one order', async () => {
    const { a, b, database } = await start();
    clock.now = START + 8 * HOUR;
    const signup = await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
    const token = (signup.json() as { token: string }).token;
    const create = async () => {
      const p0 = priceAt('ITC', clock.now);
      const trigger = below(p0);
      const res = await a.inject({
        method: 'POST',
        url: '/api/gtt',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          symbol: 'ITC',
          kind: 'single',
          side: 'BUY',
          quantity: 1,
          legs: [{ triggerPrice: trigger, limitPrice: trigger }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return trigger;
    };

    // The timed path: both try, one holds the lease and checks.
    let trigger = await create();
    await Promise.all([a.gttEvaluator.runOnce(), b.gttEvaluator.runOnce()]);
    clock.now = crossAndBack('ITC', clock.now + 1000, (p) => p <= trigger).back;
    const rounds = await Promise.all([a.gttEvaluator.tick(), b.gttEvaluator.tick()]);
    expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
    expect([a.gttEvaluator.holdsLock, b.gttEvaluator.holdsLock].filter(Boolean)).toHaveLength(1);

    // Two checks at once, bypassing the lease: the claim on the GTT's row decides.
    trigger = await create();
    const since = clock.now;
    clock.now = crossAndBack('ITC', clock.now + 1000, (p) => p <= trigger).back;
    const both = await Promise.all([a.gttEvaluator.runOnce(since), b.gttEvaluator.runOnce(since)]);
    expect(both[0].triggered + both[1].triggered).toBe(1);

    const orders = await database.db.execute(
      sql`select count(*)::int as n, count(distinct client_order_id)::int as keys from orders where client_order_id like 'gtt-%'`,
    );
    expect((orders as unknown as { rows: { n: number; keys: number }[] }).rows[0]).toEqual({ n: 2, keys: 2 });
    const gtts = await database.db.execute(
      sql`select count(*)::int as n from gtt_triggers where status = 'TRIGGERED' and order_id is not null`,
    );
    expect((gtts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
