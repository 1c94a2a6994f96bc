import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
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
  | 'DAILY_REWARD';

export type CashAccountRow = typeof cashAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

const lockCashAccount = reusedStatement('lock_cash_account', (db, name) =>
  db
    .select()
    .from(cashAccounts)
    .where(eq(cashAccounts.userId, sql.placeholder('userId')))
    .for('update')
    .prepare(name),
);

export const ledgerRepository = {
  /** Opens the cash account with its first ledger entry; call inside the sign-up transaction. */
  async openAccount(db: DbOrTx, userId: string, openingPaise: bigint, description: string): Promise<void> {
    await db.insert(cashAccounts).values({ userId, balancePaise: openingPaise });
    await db.insert(ledgerEntries).values({
      userId,
      kind: 'OPENING_BALANCE' satisfies LedgerKind,
      amountPaise: openingPaise,
      balanceAfterPaise: openingPaise,
      description,
    });
  },

  async entries(db: DbOrTx, userId: string) {
    return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
  },

  async recent(db: DbOrTx, userId: string, limit: number): Promise<LedgerEntryRow[]> {
    return db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  },

  async account(db: DbOrTx, userId: string): Promise<CashAccountRow | undefined> {
    const [row] = await db.select().from(cashAccounts).where(eq(cashAccounts.userId, userId)).limit(1);
    return row;
  },

  /** Row-locks the account until the transaction ends: every money change for a user queues here. */
  async lockAccount(db: DbOrTx, userId: string): Promise<CashAccountRow | undefined> {
    // Every order runs it: rendered once, named so PostgreSQL plans it once per connection.
    const [row] = await lockCashAccount(db).execute({ userId });
    return row;
  },

  async append(
    db: DbOrTx,
    values: {
      userId: string;
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
    userId: string,
    balancePaise: bigint,
    reservedPaise: bigint,
  ): Promise<CashAccountRow> {
    const [row] = await db
      .update(cashAccounts)
      .set({ balancePaise, reservedPaise, updatedAt: sql`now()` })
      .where(eq(cashAccounts.userId, userId))
      .returning();
    return row!;
  },
};
