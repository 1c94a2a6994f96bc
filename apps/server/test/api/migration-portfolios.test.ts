import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../../src/paths.js';
import { integrityViolations, scratchDatabase, type Query } from '../support/integrity.js';

/**
 * Migration 0015 on a database that already has money: every user with a cash account gets
 * `main` (season 1, starting from their opening balance), and every money row moves to main's
 * account unchanged. Run on PGlite and on PostgreSQL.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-pf-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before 0015. */
function migrationsBefore(): string {
  const before = path.join(dir, `drizzle-${randomUUID()}`);
  cpSync(migrationsDir, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === '0015_portfolios');
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

const USER = '11111111-1111-4111-8111-111111111111';
const ORDER = '22222222-2222-4222-8222-222222222222';

/** One user who bought 2 ITC at ₹400 (₹1 of fees), holds them, and has a snapshot, a GTT, an alert and a journal entry. */
const SEED = [
  `insert into users (id, email, username, full_name, bio, notification_settings, security_settings, preferences)
   values ('${USER}', 'old@example.com', 'olduser', 'Old User', '', '{}', '{}', '{}')`,
  `insert into cash_accounts (user_id, balance_paise) values ('${USER}', 1500000 - 80100)`,
  `insert into ledger_entries (user_id, kind, amount_paise, balance_after_paise, description)
   values ('${USER}', 'OPENING_BALANCE', 1500000, 1500000, 'Welcome bonus')`,
  `insert into orders (id, user_id, client_order_id, symbol, name, side, order_type, quantity, status, total_paise)
   values ('${ORDER}', '${USER}', 'k1', 'ITC', 'ITC Ltd', 'BUY', 'MARKET', 2, 'FILLED', 80100)`,
  `insert into ledger_entries (user_id, kind, amount_paise, balance_after_paise, description, order_id)
   values ('${USER}', 'TRADE_BUY', -80000, 1420000, 'Bought', '${ORDER}'),
          ('${USER}', 'FEE_STAMP_DUTY', -100, 1419900, 'Stamp', '${ORDER}')`,
  `insert into fills (order_id, user_id, symbol, side, quantity, price_paise, value_paise, brokerage_paise,
     exchange_charge_paise, stt_paise, gst_paise, sebi_fee_paise, stamp_duty_paise, fees_paise, trade_date)
   values ('${ORDER}', '${USER}', 'ITC', 'BUY', 2, 40000, 80000, 0, 0, 0, 0, 0, 100, 100, '2026-01-05')`,
  `insert into positions (user_id, symbol, quantity, cost_basis_paise) values ('${USER}', 'ITC', 2, 80100)`,
  `insert into equity_snapshots (user_id, day, equity_paise, cash_paise, holdings_paise)
   values ('${USER}', '2026-01-05', 1499900, 1419900, 80000)`,
  `insert into journal_entries (user_id, ticker, quantity, price_minor, type) values ('${USER}', 'ITC', 2, 40000, 'BUY')`,
];

async function checkMoved(query: Query) {
  const portfolios = await query<{ id: string; kind: string; season: number; starting: string }>(
    `select id, kind, season, starting_cash_paise::text as starting from portfolios where user_id = '${USER}'`,
  );
  expect(portfolios).toEqual([{ id: expect.any(String), kind: 'main', season: 1, starting: '1500000' }]);
  const [account] = await query<{ id: string; portfolio_id: string; season: number; balance: string }>(
    `select id, portfolio_id, season, balance_paise::text as balance from cash_accounts where user_id = '${USER}'`,
  );
  expect(account).toEqual({
    id: expect.any(String),
    portfolio_id: portfolios[0]!.id,
    season: 1,
    balance: '1419900',
  });
  for (const table of [
    'ledger_entries',
    'orders',
    'fills',
    'positions',
    'equity_snapshots',
    'journal_entries',
  ]) {
    const rows = await query<{ account_id: string }>(
      `select account_id from ${table} where user_id = '${USER}'`,
    );
    expect(rows.length, table).toBeGreaterThan(0);
    for (const row of rows) expect(row.account_id, table).toBe(account!.id);
  }
  expect(await integrityViolations(query)).toEqual([]);
}

describe('migration 0015 moves existing money to main', () => {
  it('on PGlite', async () => {
    const client = new PGlite();
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsBefore() });
      for (const statement of SEED) await client.query(statement);
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
      await checkMoved(async <T>(text: string) => (await client.query(text)).rows as T[]);
    } finally {
      await client.close();
    }
  });

  const postgres = inject('postgresAdminUrl');
  it.skipIf(!postgres)('on PostgreSQL', async () => {
    const database = await scratchDatabase(postgres!, 'nivesh_pfmig');
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: migrationsBefore() });
      for (const statement of SEED) await pool.query(statement);
      await migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir });
      await checkMoved(async <T>(text: string) => (await pool.query(text)).rows as T[]);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
