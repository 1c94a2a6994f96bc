import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AssignmentKind } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { classAssignmentCompletions, classAssignments } from '../../db/schema/class-assignments.js';
import { gttTriggers } from '../../db/schema/gtt.js';
import { journalEntries } from '../../db/schema/journal.js';
import { fills, orders, positions } from '../../db/schema/orders.js';

export type AssignmentRow = typeof classAssignments.$inferSelect;
export type CompletionRow = typeof classAssignmentCompletions.$inferSelect;

/** Per account: how many of something (limit orders, OCO GTTs, reviewed closed trades). */
function counts(rows: { accountId: string; n: number | string }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.accountId, Number(r.n)]));
}

export const classAssignmentsRepository = {
  async insert(db: DbOrTx, values: { classId: string; kind: AssignmentKind; count: number }) {
    const [row] = await db.insert(classAssignments).values(values).returning();
    return row!;
  },

  async list(db: DbOrTx, classId: string): Promise<AssignmentRow[]> {
    return db
      .select()
      .from(classAssignments)
      .where(eq(classAssignments.classId, classId))
      .orderBy(asc(classAssignments.createdAt), asc(classAssignments.id));
  },

  async countIn(db: DbOrTx, classId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(classAssignments)
      .where(eq(classAssignments.classId, classId));
    return Number(row?.n ?? 0);
  },

  /** Deletes the class's assignment; false when it is not one of this class's. */
  async delete(db: DbOrTx, classId: string, assignmentId: string): Promise<AssignmentRow | undefined> {
    const [row] = await db
      .delete(classAssignments)
      .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
      .returning();
    return row;
  },

  async completions(db: DbOrTx, assignmentIds: string[]): Promise<CompletionRow[]> {
    if (assignmentIds.length === 0) return [];
    return db
      .select()
      .from(classAssignmentCompletions)
      .where(inArray(classAssignmentCompletions.assignmentId, assignmentIds));
  },

  /** Records first completions; a row already there keeps its (earlier) time. */
  async complete(db: DbOrTx, rows: CompletionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(classAssignmentCompletions).values(rows).onConflictDoNothing();
  },

  /** Completed assignments per student of a class. */
  async doneCounts(db: DbOrTx, classId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ userId: classAssignmentCompletions.userId, n: count() })
      .from(classAssignmentCompletions)
      .innerJoin(classAssignments, eq(classAssignments.id, classAssignmentCompletions.assignmentId))
      .where(eq(classAssignments.classId, classId))
      .groupBy(classAssignmentCompletions.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.n)]));
  },

  /** Limit orders placed (not refused) per account. */
  async limitOrders(db: DbOrTx, accountIds: AccountId[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ accountId: orders.accountId, n: count() })
      .from(orders)
      .where(
        and(
          inArray(orders.accountId, accountIds),
          eq(orders.orderType, 'LIMIT'),
          ne(orders.status, 'REJECTED'),
        ),
      )
      .groupBy(orders.accountId);
    return counts(rows);
  },

  /** The symbols each account holds now (a quantity above zero). */
  async heldSymbols(db: DbOrTx, accountIds: AccountId[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (accountIds.length === 0) return out;
    const rows = await db
      .selectDistinct({ accountId: positions.accountId, symbol: positions.symbol })
      .from(positions)
      .where(and(inArray(positions.accountId, accountIds), sql`${positions.quantity} > 0`));
    for (const r of rows) out.set(r.accountId, [...(out.get(r.accountId) ?? []), r.symbol]);
    return out;
  },

  /** OCO GTTs (a stop and a target) set per account, whatever became of them since. */
  async ocoGtts(db: DbOrTx, accountIds: AccountId[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ accountId: gttTriggers.accountId, n: count() })
      .from(gttTriggers)
      .where(and(inArray(gttTriggers.accountId, accountIds), eq(gttTriggers.kind, 'oco')))
      .groupBy(gttTriggers.accountId);
    return counts(rows);
  },

  /**
   * Journal entries with a written review on a sell fill that closed its position (the account's
   * fills of that symbol and product net to zero once it is counted), per account.
   */
  async reviewedClosedTrades(db: DbOrTx, accountIds: AccountId[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ accountId: journalEntries.accountId, n: count() })
      .from(journalEntries)
      .innerJoin(fills, eq(fills.id, journalEntries.fillId))
      .where(
        and(
          inArray(journalEntries.accountId, accountIds),
          eq(fills.side, 'SELL'),
          sql`btrim(${journalEntries.review}) <> ''`,
          sql`(select coalesce(sum(case when f2.side = 'BUY' then f2.quantity else -f2.quantity end), 0)
               from ${fills} f2
               where f2.account_id = ${fills.accountId} and f2.symbol = ${fills.symbol}
                 and f2.product = ${fills.product} and f2.created_at <= ${fills.createdAt}) = 0`,
        ),
      )
      .groupBy(journalEntries.accountId);
    return counts(rows);
  },
};
