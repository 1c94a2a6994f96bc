import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { cashAccounts, ledgerEntries } from '../../db/schema/ledger.js';
import { positions } from '../../db/schema/orders.js';

/** IST day number of a ledger entry (IST has no daylight saving: +19,800 s). */
const istDay = sql<number>`floor((extract(epoch from ${ledgerEntries.createdAt}) + 19800) / 86400)::int`;

/**
 * What one standings round reads for a whole class at once (issue 26's ≤ 200 ms round): one query
 * per figure for every student, instead of the performance chart's handful per student.
 */
export const classStandingsRepository = {
  /** When each account opened (its first ledger entry: the opening balance or the last reset). */
  async openings(db: DbOrTx, accountIds: AccountId[]): Promise<Map<AccountId, Date>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([ledgerEntries.accountId], {
        accountId: ledgerEntries.accountId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.accountId, accountIds))
      .orderBy(ledgerEntries.accountId, asc(ledgerEntries.id));
    return new Map(rows.map((r) => [r.accountId, r.createdAt]));
  },

  /** Daily rewards credited per account and IST day (outside cash a time-weighted return leaves out). */
  async dailyRewards(db: DbOrTx, accountIds: AccountId[]): Promise<Map<AccountId, Map<number, bigint>>> {
    const out = new Map<AccountId, Map<number, bigint>>();
    if (accountIds.length === 0) return out;
    const rows = await db
      .select({
        accountId: ledgerEntries.accountId,
        day: istDay,
        amountPaise: sql<string>`sum(${ledgerEntries.amountPaise})::text`,
      })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.accountId, accountIds), eq(ledgerEntries.kind, 'DAILY_REWARD')))
      .groupBy(ledgerEntries.accountId, istDay);
    for (const r of rows) {
      let days = out.get(r.accountId);
      if (!days) out.set(r.accountId, (days = new Map()));
      days.set(Number(r.day), BigInt(r.amountPaise));
    }
    return out;
  },

  /** Each account's ledger balance now. */
  async balances(db: DbOrTx, accountIds: AccountId[]): Promise<Map<AccountId, bigint>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ id: cashAccounts.id, balancePaise: cashAccounts.balancePaise })
      .from(cashAccounts)
      .where(inArray(cashAccounts.id, accountIds));
    return new Map(rows.map((r) => [r.id, r.balancePaise]));
  },

  /** The open positions of every account (quantity above zero). */
  async openPositions(
    db: DbOrTx,
    accountIds: AccountId[],
  ): Promise<{ accountId: AccountId; symbol: string; quantity: number; costBasisPaise: bigint }[]> {
    if (accountIds.length === 0) return [];
    return db
      .select({
        accountId: positions.accountId,
        symbol: positions.symbol,
        quantity: positions.quantity,
        costBasisPaise: positions.costBasisPaise,
      })
      .from(positions)
      .where(and(inArray(positions.accountId, accountIds), gt(positions.quantity, 0)));
  },
};
