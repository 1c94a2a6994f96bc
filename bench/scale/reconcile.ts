// What the database says after the burst: every order the clients sent exists exactly once, the
// money and positions add up for every portfolio (the integrity checks the server's own tests
// run), no alert fired twice for one tick, and no intraday position outlived the square-off.
import type pg from 'pg';
import { integrityViolations, pgQuery } from '../../apps/server/test/support/integrity.js';

export interface Reconciliation {
  ordersSent: number;
  ordersStored: number;
  lost: number;
  duplicated: number;
  integrity: string[];
  alertFirings: number;
  duplicateFirings: number;
  gttTriggered: number;
  gttOrders: number;
  openIntraday: number;
  squareOffSells: number;
  doubleSquareOffs: number;
}

export async function reconcile(db: pg.Pool, clientOrderIds: string[]): Promise<Reconciliation> {
  const one = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0] as T;
  const stored = await db.query<{ client_order_id: string; n: number }>(
    `select client_order_id, count(*)::int as n from orders where client_order_id = any($1) group by 1`,
    [clientOrderIds],
  );
  const counts = new Map(stored.rows.map((r) => [r.client_order_id, r.n]));
  const firings = await one<{ n: number; dup: number }>(
    `select count(*)::int as n,
            (select count(*)::int from (select 1 from price_alert_firings group by alert_id, fired_at having count(*) > 1) d) as dup
     from price_alert_firings`,
  );
  const gtt = await one<{ triggered: number; placed: number }>(
    `select count(*) filter (where status <> 'ACTIVE')::int as triggered,
            count(order_id)::int as placed from gtt_triggers`,
  );
  const open = await one<{ n: number }>(
    `select count(*)::int as n from positions where product = 'MIS' and quantity > 0`,
  );
  // The bench's users only buy: every MIS sell is the square-off's, at most one per position.
  const sells = await one<{ n: number; doubled: number }>(
    `select count(*)::int as n,
            (select count(*)::int from (select 1 from orders where product = 'MIS' and side = 'SELL' and status = 'FILLED'
               group by account_id, symbol having count(*) > 1) d) as doubled
     from orders where product = 'MIS' and side = 'SELL' and status = 'FILLED'`,
  );
  return {
    ordersSent: clientOrderIds.length,
    ordersStored: [...counts.values()].reduce((a, b) => a + b, 0),
    lost: clientOrderIds.filter((id) => !counts.has(id)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    integrity: await integrityViolations(pgQuery(db)),
    alertFirings: firings.n,
    duplicateFirings: firings.dup,
    gttTriggered: gtt.triggered,
    gttOrders: gtt.placed,
    openIntraday: open.n,
    squareOffSells: sells.n,
    doubleSquareOffs: sells.doubled,
  };
}
