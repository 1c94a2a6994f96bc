import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/database.js';

/**
 * The money invariants, per money account (portfolio season): the ledger sums to the balance, reservations match resting orders, positions match fills, checked with SQL against whatever database a test or
 * benchmark ran on. Each check selects the rows that break it, so an empty result is a pass and
 * a failure names the users, orders and symbols involved.
 */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export function pgQuery(client: pg.Pool | pg.Client): Query {
  return async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
}

/**
 * A small pool for running the checks. A backend ended by `DROP DATABASE … WITH (FORCE)` can
 * report it after the pool has ended; that is not a failure of anything under test.
 */
export function checkerPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}

/** Through a Drizzle handle or transaction (PGlite or PostgreSQL); parameters are not needed there. */
export function databaseQuery(db: DbOrTx): Query {
  return async <T>(text: string, params?: unknown[]) => {
    if (params?.length) throw new Error('databaseQuery takes no parameters; use pgQuery');
    return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  };
}

const OPEN = `('PENDING', 'OPEN')`;

const CHECKS: { name: string; text: string }[] = [
  {
    name: 'balance = Σ ledger = last balance_after',
    text: `select a.user_id, a.id as account_id, a.balance_paise::text as balance, coalesce(l.total, 0)::text as ledger_sum, l.last_after::text as last_after
           from cash_accounts a
           left join (select account_id, sum(amount_paise) as total, (array_agg(balance_after_paise order by id desc))[1] as last_after
                      from ledger_entries group by account_id) l on l.account_id = a.id
           where a.balance_paise <> coalesce(l.total, 0) or l.last_after is distinct from a.balance_paise`,
  },
  {
    name: 'ledger running balance chains and never dips below zero',
    text: `select user_id, account_id, id::text, amount_paise::text as amount, balance_after_paise::text as after, prev::text
           from (select user_id, account_id, id, amount_paise, balance_after_paise,
                        lag(balance_after_paise) over (partition by account_id order by id) as prev
                 from ledger_entries) x
           where balance_after_paise < 0 or balance_after_paise <> coalesce(prev, 0) + amount_paise`,
  },
  {
    name: 'cash balance ≥ 0 and 0 ≤ reserved ≤ balance',
    text: `select user_id, balance_paise::text as balance, reserved_paise::text as reserved from cash_accounts
           where balance_paise < 0 or reserved_paise < 0 or reserved_paise > balance_paise`,
  },
  {
    // F&O margin blocked (issue 28) is part of the reserved cash too.
    name: 'reserved cash = Σ reservations of open orders',
    text: `select a.user_id, a.id as account_id, a.reserved_paise::text as reserved, coalesce(o.held, 0)::text as open_orders, a.fo_margin_paise::text as fo_margin
           from cash_accounts a
           left join (select account_id, sum(reserved_paise) as held from orders where status in ${OPEN} group by account_id) o
             on o.account_id = a.id
           where a.reserved_paise <> coalesce(o.held, 0) + a.fo_margin_paise`,
  },
  {
    name: 'finished orders hold no reservation',
    text: `select id, status, reserved_paise::text as reserved, reserved_quantity from orders
           where status not in ${OPEN} and (reserved_paise <> 0 or reserved_quantity <> 0)`,
  },
  {
    name: 'position quantity = Σ buy fills − Σ sell fills, per product',
    text: `select coalesce(p.account_id, f.account_id) as account_id, coalesce(p.symbol, f.symbol) as symbol,
                  coalesce(p.product, f.product) as product, p.quantity, f.net::text as fills
           from positions p
           full join (select fl.account_id, fl.symbol, fl.product, sum(case when fl.side = 'BUY' then fl.quantity else -fl.quantity end) as net
                      from fills fl join orders o on o.id = fl.order_id where o.segment = 'EQ' group by fl.account_id, fl.symbol, fl.product) f
             on f.account_id = p.account_id and f.symbol = p.symbol and f.product = p.product
           where coalesce(p.quantity, 0) <> coalesce(f.net, 0)`,
  },
  {
    name: 'F&O position quantity = Σ signed F&O fills − quantity settled at expiry',
    text: `select coalesce(p.account_id, f.account_id) as account_id, coalesce(p.tradingsymbol, f.symbol) as symbol,
                  coalesce(p.product, f.product) as product, p.quantity, p.settled_quantity, f.net::text as fills
           from fo_positions p
           full join (select fl.account_id, fl.symbol, fl.product, sum(case when fl.side = 'BUY' then fl.quantity else -fl.quantity end) as net
                      from fills fl join orders o on o.id = fl.order_id where o.segment = 'FO' group by fl.account_id, fl.symbol, fl.product) f
             on f.account_id = p.account_id and f.symbol = p.tradingsymbol and f.product = p.product
           where coalesce(p.quantity, 0) <> coalesce(f.net, 0) - coalesce(p.settled_quantity, 0)`,
  },
  {
    name: 'an F&O position settled at expiry has one settlement row and is closed',
    text: `select p.account_id, p.tradingsymbol, p.quantity, p.settled_quantity, coalesce(s.qty, 0)::int as settled_rows
           from fo_positions p
           left join (select account_id, tradingsymbol, product, sum(quantity) as qty from fo_settlements group by account_id, tradingsymbol, product) s
             on s.account_id = p.account_id and s.tradingsymbol = p.tradingsymbol and s.product = p.product
           where p.settled_quantity <> coalesce(s.qty, 0)`,
  },
  {
    name: 'reserved quantity = Σ reserved quantity of open sell orders, per product',
    text: `select coalesce(p.account_id, o.account_id) as account_id, coalesce(p.symbol, o.symbol) as symbol,
                  coalesce(p.product, o.product) as product, p.reserved_quantity, o.held::text as open_orders
           from positions p
           full join (select account_id, symbol, product, sum(reserved_quantity) as held from orders
                      where status in ${OPEN} and side = 'SELL' group by account_id, symbol, product) o
             on o.account_id = p.account_id and o.symbol = p.symbol and o.product = p.product
           where coalesce(p.reserved_quantity, 0) <> coalesce(o.held, 0)`,
  },
  {
    name: 'position quantity ≥ 0 and 0 ≤ reserved quantity ≤ quantity',
    text: `select user_id, symbol, quantity, reserved_quantity from positions
           where quantity < 0 or reserved_quantity < 0 or reserved_quantity > quantity`,
  },
  {
    name: 'DP charge at most once per (user, scrip, trade date), only on delivery sells',
    text: `select account_id, symbol, trade_date::text, count(*)::int as n from fills
           where dp_charge_paise > 0 group by account_id, symbol, trade_date
           having count(*) > 1 or bool_or(side <> 'SELL' or product <> 'CNC')`,
  },
  {
    name: 'one order per (user, clientOrderId)',
    text: `select user_id, client_order_id, count(*)::int as n from orders group by user_id, client_order_id having count(*) > 1`,
  },
  {
    name: 'fills match their order (owner, symbol, side, product; FILLED = whole quantity, resting or unfilled = none)',
    text: `select o.id, o.status, o.quantity, coalesce(f.qty, 0)::int as filled, f.mismatched
           from orders o
           left join (select fl.order_id, sum(fl.quantity) as qty,
                             bool_or(fl.user_id <> od.user_id or fl.account_id <> od.account_id or fl.symbol <> od.symbol or fl.side <> od.side
                                     or fl.product <> od.product) as mismatched
                      from fills fl join orders od on od.id = fl.order_id group by fl.order_id) f on f.order_id = o.id
           where coalesce(f.mismatched, false)
              or coalesce(f.qty, 0) > o.quantity
              or (o.status = 'FILLED' and coalesce(f.qty, 0) <> o.quantity)
              or (o.status in ('PENDING', 'REJECTED') and coalesce(f.qty, 0) <> 0)`,
  },
  {
    name: 'cash moved by an order = its total (−total on a buy, +total on a sell); nothing for an unfilled one',
    text: `select o.id, o.status, o.side, o.total_paise::text as total, coalesce(l.moved, 0)::text as ledger
           from orders o
           left join (select order_id, sum(amount_paise) as moved from ledger_entries where order_id is not null group by order_id) l
             on l.order_id = o.id
           where coalesce(l.moved, 0) <> case when o.status = 'FILLED' then (case when o.side = 'BUY' then -o.total_paise else o.total_paise end)
                                                 when exists (select 1 from fills f where f.order_id = o.id) then coalesce(l.moved, 0)
                                                 else 0 end`,
  },
  {
    name: 'every money row is in an account of its own user (portfolio isolation)',
    text: `select 'ledger_entries' as tbl, r.id::text as id from ledger_entries r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'orders', r.id::text from orders r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'fills', r.id::text from fills r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'positions', r.symbol from positions r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'fo_positions', r.tradingsymbol from fo_positions r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'equity_snapshots', r.day::text from equity_snapshots r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'gtt_triggers', r.id::text from gtt_triggers r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'price_alerts', r.id::text from price_alerts r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'journal_entries', r.id::text from journal_entries r join cash_accounts a on a.id = r.account_id where a.user_id <> r.user_id
           union all select 'cash_accounts', a.id::text from cash_accounts a join portfolios p on p.id = a.portfolio_id where p.user_id <> a.user_id`,
  },
  {
    name: 'ledger lines of an order are in its account',
    text: `select l.id::text, l.order_id from ledger_entries l join orders o on o.id = l.order_id where l.account_id <> o.account_id`,
  },
];

/** Every broken invariant, one line each with up to five offending rows; empty when all hold. */
export async function integrityViolations(query: Query): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const rows = await query(check.text);
    if (rows.length > 0)
      problems.push(`${check.name}: ${rows.length} row(s), e.g. ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return problems;
}

export interface Totals {
  users: number;
  orders: number;
  filled: number;
  fills: number;
  ledgerEntries: number;
}

export async function totals(query: Query): Promise<Totals> {
  const [row] = await query<Record<keyof Totals, string>>(
    `select (select count(*) from users)::text as users, (select count(*) from orders)::text as orders,
            (select count(*) from orders where status = 'FILLED')::text as filled,
            (select count(*) from fills)::text as fills, (select count(*) from ledger_entries)::text as "ledgerEntries"`,
  );
  return {
    users: Number(row!.users),
    orders: Number(row!.orders),
    filled: Number(row!.filled),
    fills: Number(row!.fills),
    ledgerEntries: Number(row!.ledgerEntries),
  };
}

/** What a 2xx response told a client about an order. */
export interface Ack {
  id: string;
  userId: string;
  clientOrderId: string;
  status: string;
}

// An order only moves forward: PENDING → OPEN → one final status.
const rank = (status: string) => (status === 'PENDING' ? 0 : status === 'OPEN' ? 1 : 2);

/**
 * Every acknowledged order must exist for its user under its clientOrderId, with the status the
 * client was told or a later one (a final status must stay as it was).
 */
export async function ackViolations(query: Query, acks: Ack[]): Promise<string[]> {
  if (acks.length === 0) return [];
  const ids = [...new Set(acks.map((a) => a.id))];
  const rows = await query<{ id: string; user_id: string; client_order_id: string; status: string }>(
    'select id, user_id, client_order_id, status from orders where id = any($1::uuid[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const ack of acks) {
    const row = byId.get(ack.id);
    if (!row) problems.push(`acknowledged order ${ack.id} (${ack.status}) is missing`);
    else if (row.user_id !== ack.userId || row.client_order_id !== ack.clientOrderId) {
      problems.push(
        `order ${ack.id} belongs to ${row.user_id}/${row.client_order_id}, acknowledged as ${ack.userId}/${ack.clientOrderId}`,
      );
    } else if (row.status !== ack.status && rank(row.status) <= rank(ack.status)) {
      problems.push(`order ${ack.id} was acknowledged ${ack.status} but is ${row.status}`);
    }
  }
  return problems.slice(0, 20);
}

/** A fresh, empty PostgreSQL database next to `adminUrl`, dropped (connections and all) by `drop`. */
export async function scratchDatabase(
  adminUrl: string,
  prefix = 'nivesh_i',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
