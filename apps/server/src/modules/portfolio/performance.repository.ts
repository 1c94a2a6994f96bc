import { and, asc, between, count, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { cashAccounts, ledgerEntries } from '../../db/schema/ledger.js';
import { equitySnapshots } from '../../db/schema/portfolio.js';

export type EquitySnapshotRow = typeof equitySnapshots.$inferSelect;
export interface LedgerMark {
  before: Date;
  value: string;
}

/** IST day number of a timestamp column, in SQL (IST has no daylight saving: +19,800 s). */
const istDay = sql<number>`floor((extract(epoch from ${ledgerEntries.createdAt}) + 19800) / 86400)::int`;

export const performanceRepository = {
  /** The account's first ledger entry: the opening balance at sign-up or at the last reset. */
  async opening(db: DbOrTx, accountId: AccountId): Promise<{ id: bigint; createdAt: Date } | undefined> {
    const [row] = await db
      .select({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(asc(ledgerEntries.id))
      .limit(1);
    return row;
  },

  /** The balance at the end of each IST day that has ledger entries, oldest first. */
  async dayEndBalances(db: DbOrTx, accountId: AccountId): Promise<{ day: number; balancePaise: bigint }[]> {
    const rows = await db
      .selectDistinctOn([istDay], { day: istDay, balancePaise: ledgerEntries.balanceAfterPaise })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(istDay, sql`${ledgerEntries.id} desc`);
    return rows.map((r) => ({ day: Number(r.day), balancePaise: r.balancePaise }));
  },

  /**
   * Daily rewards and class weekly deposits credited per IST day (outside cash, which a
   * time-weighted return leaves out).
   */
  async dailyRewards(db: DbOrTx, accountId: AccountId): Promise<{ day: number; amountPaise: bigint }[]> {
    const rows = await db
      .select({ day: istDay, amountPaise: sql<string>`sum(${ledgerEntries.amountPaise})::text` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, accountId),
          inArray(ledgerEntries.kind, ['DAILY_REWARD', 'CLASS_DEPOSIT']),
        ),
      )
      .groupBy(istDay);
    return rows.map((r) => ({ day: Number(r.day), amountPaise: BigInt(r.amountPaise) }));
  },

  async snapshots(
    db: DbOrTx,
    accountId: AccountId,
    fromDate: string,
    toDate: string,
  ): Promise<EquitySnapshotRow[]> {
    return db
      .select()
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.accountId, accountId), between(equitySnapshots.day, fromDate, toDate)))
      .orderBy(equitySnapshots.day);
  },

  /** The stored equity of several accounts between two dates (inclusive): class standings' one read. */
  async equityOfAccounts(
    db: DbOrTx,
    accountIds: AccountId[],
    fromDate: string,
    toDate: string,
  ): Promise<{ accountId: AccountId; day: string; equityPaise: bigint }[]> {
    if (accountIds.length === 0) return [];
    return db
      .select({
        accountId: equitySnapshots.accountId,
        day: equitySnapshots.day,
        equityPaise: equitySnapshots.equityPaise,
      })
      .from(equitySnapshots)
      .where(
        and(inArray(equitySnapshots.accountId, accountIds), between(equitySnapshots.day, fromDate, toDate)),
      );
  },

  /** What the ledger holds before `before`: changes whenever an entry is added or removed there. */
  async ledgerMark(db: DbOrTx, accountId: AccountId, before: Date): Promise<LedgerMark> {
    const [row] = await db
      .select({ n: count(), last: max(ledgerEntries.id) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, before)));
    return { before, value: `${row?.n ?? 0}:${row?.last ?? ''}` };
  },

  /**
   * Stores finished days once; an existing day is never overwritten. Skipped when the ledger before
   * the days' end changed after `mark` was taken (an order that began before midnight committed
   * late, or a reset), so no day is stored from a half-seen history. The share lock waits for any
   * money transaction in flight, which holds the account row for update.
   */
  async saveSnapshots(
    db: Db,
    who: AccountRef,
    mark: LedgerMark,
    rows: { day: string; equityPaise: bigint; cashPaise: bigint; holdingsPaise: bigint }[],
  ): Promise<boolean> {
    if (rows.length === 0) return true;
    return db.transaction(async (tx) => {
      await tx
        .select({ id: cashAccounts.id })
        .from(cashAccounts)
        .where(eq(cashAccounts.id, who.accountId))
        .for('share');
      const now = await performanceRepository.ledgerMark(tx, who.accountId, mark.before);
      if (now.value !== mark.value) return false;
      await tx
        .insert(equitySnapshots)
        .values(rows.map((r) => ({ userId: who.userId, accountId: who.accountId, ...r })))
        .onConflictDoNothing();
      return true;
    });
  },
};
