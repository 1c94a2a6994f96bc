import { and, asc, count, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { ClassRules } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import {
  classes,
  classMembers,
  classRuleRefusals,
  classStandings,
  pendingTradeNotes,
} from '../../db/schema/classes.js';
import { journalEntries } from '../../db/schema/journal.js';
import { fills, orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema/users.js';

export type ClassRow = typeof classes.$inferSelect;
export type MemberRow = typeof classMembers.$inferSelect;
export type StandingRow = typeof classStandings.$inferSelect;
export type MemberWithName = MemberRow & { fullName: string };

export const classesRepository = {
  async insert(
    db: DbOrTx,
    values: {
      teacherId: string;
      name: string;
      startingCashPaise: bigint;
      startDate: string;
      endDate: string;
      rules: ClassRules;
      inviteCode: string;
    },
  ): Promise<ClassRow> {
    const [row] = await db.insert(classes).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, classId: string): Promise<ClassRow | undefined> {
    const [row] = await db.select().from(classes).where(eq(classes.id, classId)).limit(1);
    return row;
  },

  async byInviteCode(db: DbOrTx, inviteCode: string): Promise<ClassRow | undefined> {
    const [row] = await db.select().from(classes).where(eq(classes.inviteCode, inviteCode)).limit(1);
    return row;
  },

  async lock(db: DbOrTx, classId: string): Promise<ClassRow | undefined> {
    const [row] = await db.select().from(classes).where(eq(classes.id, classId)).for('update');
    return row;
  },

  async setInviteCode(db: DbOrTx, classId: string, inviteCode: string): Promise<void> {
    await db.update(classes).set({ inviteCode }).where(eq(classes.id, classId));
  },

  /** Classes the user teaches or is (or was) a student of, newest first. */
  async mine(db: DbOrTx, userId: string): Promise<ClassRow[]> {
    return db
      .select()
      .from(classes)
      .where(
        or(
          eq(classes.teacherId, userId),
          inArray(
            classes.id,
            db.select({ id: classMembers.classId }).from(classMembers).where(eq(classMembers.userId, userId)),
          ),
        ),
      )
      .orderBy(desc(classes.createdAt), asc(classes.id));
  },

  /** Classes whose standings the job keeps fresh: running, or ended within `graceDays`. */
  async running(db: DbOrTx, today: string, sinceEnd: string): Promise<ClassRow[]> {
    return db
      .select()
      .from(classes)
      .where(and(sql`${classes.startDate} <= ${today}`, gte(classes.endDate, sinceEnd)));
  },

  async member(db: DbOrTx, classId: string, userId: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
      .limit(1);
    return row;
  },

  async insertMember(
    db: DbOrTx,
    values: { classId: string; userId: string; portfolioId: string; accountId: AccountId },
  ): Promise<MemberRow> {
    const [row] = await db.insert(classMembers).values(values).returning();
    return row!;
  },

  async markRemoved(db: DbOrTx, classId: string, userId: string): Promise<void> {
    await db
      .update(classMembers)
      .set({ status: 'removed', removedAt: sql`now()` })
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)));
  },

  /** The class and membership of a class portfolio's account (undefined: not a class portfolio). */
  async byAccount(
    db: DbOrTx,
    accountId: AccountId,
  ): Promise<{ cls: ClassRow; member: MemberRow } | undefined> {
    const [row] = await db
      .select({ cls: classes, member: classMembers })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(eq(classMembers.accountId, accountId))
      .limit(1);
    return row;
  },

  async members(db: DbOrTx, classId: string): Promise<MemberWithName[]> {
    const rows = await db
      .select({ member: classMembers, fullName: users.fullName })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .where(eq(classMembers.classId, classId))
      .orderBy(asc(users.fullName), asc(classMembers.userId));
    return rows.map((r) => ({ ...r.member, fullName: r.fullName }));
  },

  async activeCounts(db: DbOrTx, classIds: string[]): Promise<Map<string, number>> {
    if (classIds.length === 0) return new Map();
    const rows = await db
      .select({ classId: classMembers.classId, n: count() })
      .from(classMembers)
      .where(and(inArray(classMembers.classId, classIds), eq(classMembers.status, 'active')))
      .groupBy(classMembers.classId);
    return new Map(rows.map((r) => [r.classId, Number(r.n)]));
  },

  async fullName(db: DbOrTx, userId: string): Promise<string> {
    const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
    return row?.fullName ?? '';
  },

  async fullNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, userIds));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  },

  /** Orders placed (not refused) in the account since `sinceMs`: the day's trade count. */
  async ordersSince(db: DbOrTx, accountId: AccountId, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.accountId, accountId), gte(orders.createdAt, since), ne(orders.status, 'REJECTED')),
      );
    return Number(row?.n ?? 0);
  },

  /** Shares of `symbol` the account's resting buy orders would add. */
  async restingBuyQuantity(db: DbOrTx, accountId: AccountId, symbol: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          eq(orders.symbol, symbol),
          eq(orders.side, 'BUY'),
          inArray(orders.status, ['PENDING', 'OPEN']),
        ),
      );
    return row?.n ?? 0;
  },

  async recordRefusal(db: DbOrTx, classId: string, userId: string, rule: string): Promise<void> {
    await db.insert(classRuleRefusals).values({ classId, userId, rule });
  },

  async refusalCounts(db: DbOrTx, classId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ userId: classRuleRefusals.userId, n: count() })
      .from(classRuleRefusals)
      .where(eq(classRuleRefusals.classId, classId))
      .groupBy(classRuleRefusals.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.n)]));
  },

  /** Fills (trades) and journal entries with a note, per account. */
  async activity(
    db: DbOrTx,
    accountIds: AccountId[],
  ): Promise<Map<string, { trades: number; notes: number }>> {
    const out = new Map<string, { trades: number; notes: number }>();
    if (accountIds.length === 0) return out;
    const [tradeRows, noteRows] = await Promise.all([
      db
        .select({ accountId: fills.accountId, n: count() })
        .from(fills)
        .where(inArray(fills.accountId, accountIds))
        .groupBy(fills.accountId),
      db
        .select({ accountId: journalEntries.accountId, n: count() })
        .from(journalEntries)
        .where(and(inArray(journalEntries.accountId, accountIds), sql`btrim(${journalEntries.note}) <> ''`))
        .groupBy(journalEntries.accountId),
    ]);
    for (const id of accountIds) out.set(id, { trades: 0, notes: 0 });
    for (const r of tradeRows) out.get(r.accountId)!.trades = Number(r.n);
    for (const r of noteRows) out.get(r.accountId)!.notes = Number(r.n);
    return out;
  },

  async upsertStandings(db: DbOrTx, rows: (typeof classStandings.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(classStandings)
      .values(rows)
      .onConflictDoUpdate({
        target: [classStandings.classId, classStandings.userId],
        set: {
          twr: sql`excluded.twr`,
          maxDrawdown: sql`excluded.max_drawdown`,
          score: sql`excluded.score`,
          trades: sql`excluded.trades`,
          notes: sql`excluded.notes`,
          refreshedAt: sql`excluded.refreshed_at`,
        },
      });
  },

  async standings(db: DbOrTx, classId: string): Promise<StandingRow[]> {
    return db.select().from(classStandings).where(eq(classStandings.classId, classId));
  },

  async addPendingNote(
    db: DbOrTx,
    values: { orderId: string; userId: string; accountId: AccountId; note: string },
  ): Promise<void> {
    await db.insert(pendingTradeNotes).values(values).onConflictDoNothing();
  },

  /** Pending notes whose order has filled since (up to `limit`). */
  async filledPendingNotes(db: DbOrTx, limit: number) {
    return db
      .select({
        orderId: pendingTradeNotes.orderId,
        userId: pendingTradeNotes.userId,
        accountId: pendingTradeNotes.accountId,
        note: pendingTradeNotes.note,
      })
      .from(pendingTradeNotes)
      .innerJoin(orders, eq(orders.id, pendingTradeNotes.orderId))
      .where(eq(orders.status, 'FILLED'))
      .limit(limit);
  },

  /** Pending notes of orders that ended without a fill: nothing to link them to. */
  async dropUnfilledNotes(db: DbOrTx): Promise<void> {
    await db.execute(
      sql`delete from ${pendingTradeNotes} p using ${orders} o
          where o.id = p.order_id and o.status in ('CANCELLED', 'EXPIRED', 'REJECTED')`,
    );
  },

  async deletePendingNote(db: DbOrTx, orderId: string): Promise<void> {
    await db.delete(pendingTradeNotes).where(eq(pendingTradeNotes.orderId, orderId));
  },
};
