import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alert, Order } from '@nivesh/shared';
import { LEASES } from '../../src/db/lease.js';
import { getSimulator } from '../../src/modules/market/market.factory.js';
import { findDip, type Dip } from '../support/dip.js';
import { checkerPool, integrityViolations, pgQuery } from '../support/integrity.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { newSignup, openTestDatabase, testConfig } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

const postgres = inject('postgresAdminUrl');
const INTERVAL_MS = 2000;
const config = testConfig();
const sim = getSimulator(config.market.dataDir, config.market.seed!, 'always-open');

/** Three processes on two shared cores start and hand over slowly: a generous limit, no sleeps. */
const eventually = <T>(what: string, probe: () => Promise<T | undefined>) =>
  waitFor(probe, { what, timeoutMs: 90_000 });

interface LeaseRow {
  holder: string;
  expires_at: Date;
  acquired_at: Date;
  last_round_ms: number | null;
}

describe.skipIf(!postgres)('lease fail-over with three server processes on PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  let db: pg.Pool;
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;

  const lease = async (name: string) =>
    (
      await db.query<LeaseRow>(
        `select holder, expires_at, acquired_at,
                (extract(epoch from last_round_at) * 1000)::float8 as last_round_ms
         from job_leases where name = $1`,
        [name],
      )
    ).rows[0];
  const heldBy = (row: LeaseRow | undefined, server: ServerProcess) =>
    row !== undefined && row.holder.includes(`:${server.proc.pid}:`);

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    drop = opened.drop;
    db = checkerPool(opened.url!);
    env = {
      DATABASE_URL: opened.url!,
      APP_SECRET: 'lease-failover-secret-lease-failover-secret',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nivesh-lease-')),
      MARKET_SEED: config.market.seed!,
      MARKET_SESSION: 'always-open',
      MATCHER_INTERVAL_MS: String(INTERVAL_MS),
    };
    // The first instance alone, so that it holds both the matcher's and the alert checks' leases.
    servers.push(await startServerProcess({ env }));
    await eventually('the first instance holds both leases', async () =>
      heldBy(await lease(LEASES.matcher), servers[0]!) && heldBy(await lease(LEASES.alerts), servers[0]!)
        ? true
        : undefined,
    );
    servers.push(...(await Promise.all([startServerProcess({ env }), startServerProcess({ env })])));
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      server.proc.kill('SIGCONT');
      await server.stop();
    }
    await db?.end();
    await drop?.();
  });

  it('a stopped (not killed) holder is replaced after its lease runs out; the gap’s crossings fill and fire once; on waking it stays out', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const api = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${b.url}/api${url}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { data: unknown; token?: string } };
    };
    const signup = await api('POST', '/auth/signup', undefined, newSignup());
    expect(signup.status).toBe(201);
    const token = signup.json.token!;

    // A level the path touches at one second only, far enough ahead to place the order, let a
    // round see it, and stop the holder just before that second. If the holder runs no round in
    // that window, or on a loaded machine it ran its next round (one that saw the dip) before the
    // stop took hold, that attempt is undone (the holder resumed, its order and alert removed)
    // and the next dip is tried: the test needs a holder frozen before the dip, nothing else.
    let dip: Dip | undefined;
    let order: Order | undefined;
    let alertId: string | undefined;
    let frozen: LeaseRow | undefined;
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 4 && !frozen; attempt += 1) {
      const now = Date.now();
      dip = findDip(sim, {
        fromMs: now,
        earliestMs: now + 30_000,
        latestMs: now + 90_000,
        afterMs: 120_000,
        maxPrice: 5000,
      });
      expect(dip, 'no one-second dip in the next 90 s of the path').toBeDefined();
      const placed = await api('POST', '/orders/place', token, {
        symbol: dip!.symbol,
        type: 'BUY',
        orderType: 'LIMIT',
        price: dip!.level,
        quantity: 1,
        validity: 'DAY',
        clientOrderId: `lease-${now}`,
      });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      order = (placed.json.data as { order: Order }).order;
      expect(order.status).toBe('PENDING');
      const alert = await api('POST', '/alerts', token, {
        symbol: dip!.symbol,
        condition: 'below',
        value: dip!.level,
      });
      expect(alert.status).toBe(201);
      alertId = (alert.json.data as { id: string }).id;
      // A round of the holder saw the order resting.
      await eventually('a matcher round after the order was placed', async () => {
        const { rows } = await db.query<{ seen: boolean }>(
          `select l.last_round_db_at > o.updated_at + interval '1 millisecond' as seen
           from job_leases l, orders o where l.name = $1 and o.id = $2`,
          [LEASES.matcher, order!.id],
        );
        return rows[0]?.seen ? true : undefined;
      });
      // Stop the holder right after a round it completed 0.5–2.5 s before the dip: its next round
      // is an interval later, so it is frozen before it could see the dip itself.
      let stoppedAt: number | undefined;
      while (stoppedAt === undefined && Date.now() < dip!.atMs - 500) {
        const row = await lease(LEASES.matcher);
        const at = row?.last_round_ms ?? 0;
        if (heldBy(row, a) && at >= dip!.atMs - 2500 && at < dip!.atMs - 500) {
          a.proc.kill('SIGSTOP');
          stoppedAt = Date.now();
        } else await new Promise((r) => setTimeout(r, 20));
      }
      const stopped = stoppedAt !== undefined;
      const row = stopped ? await lease(LEASES.matcher) : undefined;
      // Rounds run on the wall clock: one stopped before the dip's second cannot have seen it.
      if (row && heldBy(row, a) && stoppedAt! < dip!.atMs && (row.last_round_ms ?? Infinity) < dip!.atMs) {
        frozen = row;
        break;
      }
      attempts.push(
        stopped
          ? `attempt ${attempt + 1}: the holder ran a round at or past the dip before it stopped`
          : `attempt ${attempt + 1}: the holder ran no round in the window before the dip`,
      );
      if (stopped) a.proc.kill('SIGCONT');
      expect((await api('DELETE', `/orders/${order.id}`, token)).status).toBeLessThan(500);
      expect((await api('DELETE', `/alerts/${alertId}`, token)).status).toBe(200);
      // Both leases back with the first instance before the next try (it resumed or never stopped).
      await eventually('the first instance holds both leases again', async () =>
        heldBy(await lease(LEASES.matcher), a) && heldBy(await lease(LEASES.alerts), a) ? true : undefined,
      );
    }
    expect(frozen, attempts.join('; ')).toBeDefined();
    const stoppedRow = frozen!;
    const dipAt = dip!.atMs;

    // Another instance takes the matcher's lease over, only once the frozen holder's has run out.
    const taken = await eventually('another instance takes the matcher lease', async () => {
      const row = await lease(LEASES.matcher);
      return row && !heldBy(row, a) ? row : undefined;
    });
    expect(heldBy(taken, b) || heldBy(taken, c)).toBe(true);
    expect(taken.acquired_at.getTime()).toBeGreaterThanOrEqual(stoppedRow.expires_at.getTime());
    const alertsTaken = await eventually('another instance takes the alert lease', async () => {
      const row = await lease(LEASES.alerts);
      return row && !heldBy(row, a) ? row : undefined;
    });
    console.info(
      `matcher lease: last renewal → take-over ${taken.acquired_at.getTime() - (stoppedRow.expires_at.getTime() - 2 * INTERVAL_MS)} ms (interval ${INTERVAL_MS} ms)`,
    );

    // The order the path touched only while the holder was frozen fills, at its limit, after the dip.
    const done = await eventually('the order fills', async () => {
      const res = await api('GET', `/orders/${order!.id}`, token);
      const o = res.json.data as Order;
      return o.status === 'FILLED' ? o : undefined;
    });
    expect(done.executionPrice).toBe(dip!.level);
    const { rows: fillRows } = await db.query<{ n: number; at: Date }>(
      `select count(*)::int as n, max(created_at) as at from fills where order_id = $1`,
      [order!.id],
    );
    expect(fillRows[0]!.n).toBe(1);
    // Filled when the price was back above the level: only a check of the gap could see the dip.
    expect(fillRows[0]!.at.getTime()).toBeGreaterThanOrEqual(dipAt + 1000);
    expect(sim.snapshot(dip!.symbol, fillRows[0]!.at.getTime())!.price).toBeGreaterThan(dip!.level);

    // The alert on the same level fires once, at the dip's tick.
    const firing = async () =>
      (
        await db.query<{ n: number; at: Date }>(
          `select count(*)::int as n, min(fired_at) as at from price_alert_firings where alert_id = $1`,
          [alertId],
        )
      ).rows[0]!;
    await eventually('the alert fires', async () => ((await firing()).n > 0 ? true : undefined));
    expect((await firing()).at.getTime()).toBe(dipAt);

    // The old holder wakes: its renewals fail, so it runs no round of either job.
    a.proc.kill('SIGCONT');
    await eventually('the woken instance notices it lost both leases', async () =>
      a.output().includes('lost the order matcher lease') &&
      a.output().includes('lost the price alert checks lease')
        ? true
        : undefined,
    );
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    expect(heldBy(await lease(LEASES.matcher), a)).toBe(false);
    expect(heldBy(await lease(LEASES.alerts), a)).toBe(false);
    expect(heldBy(alertsTaken, b) || heldBy(alertsTaken, c)).toBe(true);
    const { rows: fillsAfter } = await db.query<{ n: number }>(
      'select count(*)::int as n from fills where order_id = $1',
      [order!.id],
    );
    expect(fillsAfter[0]!.n).toBe(1);
    expect((await firing()).n).toBe(1);
    const alerts = (await api('GET', '/alerts', token)).json.data as Alert[];
    expect(alerts.find((x) => x.id === alertId)?.triggerCount).toBe(1);
    expect(await integrityViolations(pgQuery(db))).toEqual([]);
  }, 600_000);
});
