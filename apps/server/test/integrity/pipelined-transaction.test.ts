import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { isPipelined, pipelinedTransaction, type NamedStatement } from '../../src/db/fast-path/index.js';
import { pgErrorCode } from '../../src/lib/db-errors.js';
import { ledgerRepository } from '../../src/modules/ledger/ledger.repository.js';
import { asAccountId, type AccountId } from '../../src/db/account-id.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * An order's transaction sends BEGIN with its row locks and its last statement with COMMIT (on
 * PostgreSQL in pipeline mode; an ordinary transaction on PGlite). Whatever fails, nothing may be
 * half written, and the connection must serve the next transaction.
 */

const balanceOf = async (ctx: TestContext, userId: string) => {
  const [row] = await ctx.rows<{ balance_paise: string }>(
    sql`select balance_paise from cash_accounts where user_id = ${userId}`,
  );
  return BigInt(row!.balance_paise);
};

/** A last statement that moves the balance by `delta` and returns the new balance. */
const credit = (userId: string, delta: number): NamedStatement => ({
  name: 'pipelined_test_credit',
  query: {
    sql: 'update cash_accounts set balance_paise = balance_paise + $1 where user_id = $2 returning balance_paise',
    params: [delta, userId],
  },
  values: {},
});

const lockAccount = (accountId: AccountId) => (tx: Parameters<typeof ledgerRepository.lockAccount>[0]) =>
  ledgerRepository.lockAccount(tx, accountId);

/** The user's one money account (their main portfolio's), looked up before the transaction. */
const accountOf = async (ctx: TestContext, userId: string) => {
  const [row] = await ctx.rows<{ id: string }>(
    sql`select id::text as id from cash_accounts where user_id = ${userId}`,
  );
  return asAccountId(row!.id);
};

describeEachDb('pipelined transaction', (ctx) => {
  it('pipelines on PostgreSQL and is an ordinary transaction on PGlite', () => {
    expect(isPipelined(ctx().database.db)).toBe(ctx().kind === 'postgres');
  });

  it('commits the last statement and returns its rows', async () => {
    const { user } = await signUp(ctx());
    const accountId = await accountOf(ctx(), user.id);
    const before = await balanceOf(ctx(), user.id);
    const rows = await pipelinedTransaction(
      ctx().database.db,
      lockAccount(accountId),
      async (tx, account, last) => {
        expect(account?.balancePaise).toBe(before);
        return last(credit(user.id, 500));
      },
    );
    expect(BigInt(rows[0]!.balance_paise as string)).toBe(before + 500n);
    expect(await balanceOf(ctx(), user.id)).toBe(before + 500n);
  });

  it('rolls back every write when the last statement fails, and the next transaction runs', async () => {
    const { user } = await signUp(ctx());
    const accountId = await accountOf(ctx(), user.id);
    const before = await balanceOf(ctx(), user.id);
    const failing = pipelinedTransaction(
      ctx().database.db,
      lockAccount(accountId),
      async (tx, account, last) => {
        await ledgerRepository.setAccount(
          tx,
          accountId,
          account!.balancePaise - 100n,
          account!.reservedPaise,
        );
        // Below zero: the balance check refuses it.
        return last(credit(user.id, -Number(before) * 2));
      },
    );
    const error = await failing.catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('23514');
    expect(await balanceOf(ctx(), user.id)).toBe(before);
    // Every connection of the pool serves a new transaction afterwards.
    for (let i = 0; i < 10; i++)
      await pipelinedTransaction(ctx().database.db, lockAccount(accountId), (tx, account, last) =>
        last(credit(user.id, 1)),
      );
    expect(await balanceOf(ctx(), user.id)).toBe(before + 10n);
  });

  it('rolls back when the body throws after its writes', async () => {
    const { user } = await signUp(ctx());
    const accountId = await accountOf(ctx(), user.id);
    const before = await balanceOf(ctx(), user.id);
    const error = await pipelinedTransaction(
      ctx().database.db,
      lockAccount(accountId),
      async (tx, account) => {
        await ledgerRepository.setAccount(
          tx,
          accountId,
          account!.balancePaise - 100n,
          account!.reservedPaise,
        );
        throw new Error('refused after the lock');
      },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe('refused after the lock');
    expect(await balanceOf(ctx(), user.id)).toBe(before);
  });

  it('commits a body that ends without a last statement', async () => {
    const { user } = await signUp(ctx());
    const accountId = await accountOf(ctx(), user.id);
    const before = await balanceOf(ctx(), user.id);
    await pipelinedTransaction(ctx().database.db, lockAccount(accountId), async (tx, account) => {
      await ledgerRepository.setAccount(tx, accountId, account!.balancePaise - 100n, account!.reservedPaise);
    });
    expect(await balanceOf(ctx(), user.id)).toBe(before - 100n);
  });

  it('holds its locks until COMMIT: a second transaction of the same user waits, then reads what the first wrote', async () => {
    const c = ctx();
    if (c.kind !== 'postgres') return; // PGlite has one connection: transactions cannot overlap there.
    const { user } = await signUp(c);
    const accountId = await accountOf(c, user.id);
    const before = await balanceOf(c, user.id);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = pipelinedTransaction(c.database.db, lockAccount(accountId), async (tx, account, last) => {
      order.push('first locked');
      await gate;
      return last(credit(user.id, 7));
    });
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = pipelinedTransaction(c.database.db, lockAccount(accountId), async (tx, account, last) => {
      order.push('second locked');
      // It read the balance the first one committed.
      expect(account!.balancePaise).toBe(before + 7n);
      return last(credit(user.id, 3));
    });
    // Wait until PostgreSQL reports the second transaction's lock as waiting, then let the first go.
    for (;;) {
      const [row] = await c.rows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'second locked']);
    expect(await balanceOf(c, user.id)).toBe(before + 10n);
  });
});
