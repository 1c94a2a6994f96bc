import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { and, eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_BROKERAGE_PLAN } from '@nivesh/shared';
import { buildApp } from '../../src/app.js';
import type { Database, DbOrTx } from '../../src/db/database.js';
import { cashAccounts } from '../../src/db/schema/ledger.js';
import { pgErrorCode } from '../../src/lib/db-errors.js';
import {
  insufficientBalance,
  OrderExecution,
  type NewOrder,
} from '../../src/modules/orders/order-execution.service.js';
import { ordersRepository } from '../../src/modules/orders/orders.repository.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig } from '../support/test-app.js';

const postgres = inject('postgresAdminUrl');

/**
 * Two identical placements at once (a client's retry racing its first attempt): one is refused for
 * cash and records its REJECTED row, while the other — cash freed in between — holds the account
 * lock and fills under the same key. The refusal must queue behind the account lock, not take the
 * key first and deadlock with the fill (40P01 answered as a 500).
 */
describe.skipIf(!postgres)('a refused placement racing a filling retry of its key [postgres]', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let filler: pg.Client;

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    database = opened.database;
    drop = opened.drop;
    app = await buildApp({
      config: testConfig(),
      database,
      mailer: memoryMailer().mailer,
      logger: false,
    });
    await app.ready();
    filler = new pg.Client({ connectionString: opened.url });
    await filler.connect();
  });

  afterAll(async () => {
    await filler?.end();
    await app?.close();
    await drop?.();
  });

  it('records the refusal after the fill commits: a unique violation (replayed), never a deadlock', async () => {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
    expect(signup.statusCode).toBe(201);
    const userId = (signup.json() as { user: { id: string } }).user.id;
    const [account] = await database.db
      .select()
      .from(cashAccounts)
      .where(and(eq(cashAccounts.userId, userId), isNull(cashAccounts.closedAt)));
    const execution = new OrderExecution({ plan: DEFAULT_BROKERAGE_PLAN });
    const values: NewOrder = {
      userId,
      accountId: account!.id,
      clientOrderId: randomUUID(),
      symbol: 'ITC',
      name: 'ITC Ltd',
      side: 'BUY',
      orderType: 'MARKET',
      quantity: 1,
      limitPricePaise: null,
      triggerPricePaise: null,
      validity: 'DAY',
      product: 'CNC',
      requestFingerprint: 'fingerprint',
      expiresAt: null,
    };

    // The filling placement: its transaction holds the cash account's row lock.
    await filler.query('begin');
    await filler.query('select id from cash_accounts where id = $1 for update', [account!.id]);

    const refusal = execution
      .recordRefusal(
        database.db,
        values,
        insufficientBalance(50_000n, 100n, 1, 45_000n, execution.schedule('CNC', new Date())),
      )
      .then(
        () => 'recorded',
        (error: unknown) => pgErrorCode(error) ?? String(error),
      );
    // The refusal is now waiting on the account, whichever statement of it waits.
    const waiting = async () =>
      (
        await filler.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        )
      ).rows[0]!.n;
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await waiting()).toBe(1);

    // The fill inserts the same key and commits.
    const fill = await ordersRepository
      .insertOrder(drizzle(filler) as unknown as DbOrTx, { ...values, status: 'FILLED' })
      .then(
        () => 'inserted',
        (error: unknown) => pgErrorCode(error) ?? String(error),
      );
    await filler.query(fill === 'inserted' ? 'commit' : 'rollback');

    expect(fill).toBe('inserted');
    // The refusal meets the filled order's key: placement replays that order for the retry.
    expect(await refusal).toBe('23505');
  });
});
