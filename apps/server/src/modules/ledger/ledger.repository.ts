import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { reusedStatement } from '../../db/fast-path/index.js';
import { cashAccounts, ledgerEntries } from '../../db/schema/ledger.js';

export type LedgerKind =
  | 'OPENING_BALANCE'
  | 'TRADE_BUY'
  | 'TRADE_SELL'
  | 'FEE_BROKERAGE'
  | 'FEE_EXCHANGE'
  | 'FEE_STT'
  | 'FEE_GST'
  | 'FEE_SEBI'
  | 'FEE_STAMP_DUTY'
  | 'FEE_DP'
  | 'FEE_SQUARE_OFF'
  | 'DAILY_REWARD'
  | 'CLASS_DEPOSIT'
  /** A futures position reduced or closed: its realised P&L (issue 28; no daily MTM settlement). */
  | 'FO_PNL'
  /** An F&O position settled at expiry: exercise credit, assignment debit, futures P&L. */
  | 'FO_SETTLEMENT';

export type CashAccountRow = typeof cashAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

// A closed season (a reset portfolio's, a finished replay's) is read-only: it cannot be locked for
// a money change, so an order racing the close finds no account instead of landing after it.
const lockCashAccount = reusedStatement('lock_cash_account', (db, name) =>
  db
    .select()
    .from(cashAccounts)
    .where(and(eq(cashAccounts.id, sql.placeholder('accountId')), isNull(cashAccounts.closedAt)))
    .for('update')
    .prepare(name),
);

export const ledgerRepository = {
  async entries(db: DbOrTx, accountId: AccountId) {
    return db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(ledgerEntries.id);
  },

  async recent(db: DbOrTx, accountId: AccountId, limit: number): Promise<LedgerEntryRow[]> {
    return db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  },

  async account(db: DbOrTx, accountId: AccountId): Promise<CashAccountRow | undefined> {
    const [row] = await db.select().from(cashAccounts).where(eq(cashAccounts.id, accountId)).limit(1);
    return row;
  },

  /**
   * Row-locks the account until the transaction ends: every money change of one portfolio season
   * queues here (two portfolios of one user do not wait on each other).
   */
  async lockAccount(db: DbOrTx, accountId: AccountId): Promise<CashAccountRow | undefined> {
    // Every order runs it: rendered once, named so PostgreSQL plans it once per connection.
    const [row] = await lockCashAccount(db).execute({ accountId });
    return row;
  },

  async append(
    db: DbOrTx,
    values: {
      userId: string;
      accountId: AccountId;
      kind: LedgerKind;
      amountPaise: bigint;
      balanceAfterPaise: bigint;
      description: string;
      orderId: string | null;
    },
  ): Promise<void> {
    await db.insert(ledgerEntries).values(values);
  },

  async setAccount(
    db: DbOrTx,
    accountId: AccountId,
    balancePaise: bigint,
    reservedPaise: bigint,
  ): Promise<CashAccountRow> {
    const [row] = await db
      .update(cashAccounts)
      .set({ balancePaise, reservedPaise, updatedAt: sql`now()` })
      .where(eq(cashAccounts.id, accountId))
      .returning();
    return row!;
  },
};
