import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { onLiveMarket } from '../../db/live-accounts.js';
import { gttTriggers } from '../../db/schema/gtt.js';
import { users } from '../../db/schema/users.js';

export type GttRow = typeof gttTriggers.$inferSelect;
export type NewGttRow = typeof gttTriggers.$inferInsert;

/** A GTT of this user in this portfolio's account: another portfolio's id reads as not found. */
const own = (who: AccountRef, id: string) =>
  and(eq(gttTriggers.id, id), eq(gttTriggers.userId, who.userId), eq(gttTriggers.accountId, who.accountId));
const activeOwn = (who: AccountRef, id: string) => and(own(who, id), eq(gttTriggers.status, 'ACTIVE'));

export const gttRepository = {
  /** Serialises a user's creates, so two at the active limit cannot both pass the count. */
  async lockUser(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length === 1;
  },

  async countActive(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(gttTriggers)
      .where(and(eq(gttTriggers.userId, userId), eq(gttTriggers.status, 'ACTIVE')));
    return Number(row?.n ?? 0);
  },

  async insert(db: DbOrTx, values: NewGttRow): Promise<GttRow> {
    const [row] = await db.insert(gttTriggers).values(values).returning();
    return row!;
  },

  /** One account's GTTs, newest first, optionally one status. */
  async listForAccount(
    db: DbOrTx,
    accountId: AccountId,
    status: string | undefined,
    limit: number,
  ): Promise<GttRow[]> {
    return db
      .select()
      .from(gttTriggers)
      .where(and(eq(gttTriggers.accountId, accountId), status ? eq(gttTriggers.status, status) : undefined))
      .orderBy(desc(gttTriggers.createdAt), desc(gttTriggers.id))
      .limit(limit);
  },

  async findOwn(db: DbOrTx, who: AccountRef, id: string): Promise<GttRow | undefined> {
    const [row] = await db.select().from(gttTriggers).where(own(who, id)).limit(1);
    return row;
  },

  /** Changes an ACTIVE GTT of the account; undefined when it is not in it or no longer active. */
  async updateActiveOwn(
    db: DbOrTx,
    who: AccountRef,
    id: string,
    values: Partial<NewGttRow>,
  ): Promise<GttRow | undefined> {
    const [row] = await db
      .update(gttTriggers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(activeOwn(who, id))
      .returning();
    return row;
  },

  /** Ends every active GTT of one money account with `reason` (a portfolio reset closing its season). */
  async cancelActiveForAccount(db: DbOrTx, accountId: AccountId, reason: string): Promise<number> {
    const rows = await db
      .update(gttTriggers)
      .set({ status: 'CANCELLED', statusReason: reason, updatedAt: sql`now()` })
      .where(and(eq(gttTriggers.accountId, accountId), eq(gttTriggers.status, 'ACTIVE')))
      .returning({ id: gttTriggers.id });
    return rows.length;
  },

  /** Every GTT still watching on the live market, for the evaluator (a replay fires its own). */
  async active(db: DbOrTx): Promise<GttRow[]> {
    return db
      .select()
      .from(gttTriggers)
      .where(and(eq(gttTriggers.status, 'ACTIVE'), onLiveMarket(gttTriggers.accountId)))
      .orderBy(asc(gttTriggers.createdAt));
  },

  /** One account's GTTs still watching (a replay's catch-up fires them on its clock). */
  async activeForAccount(db: DbOrTx, accountId: AccountId): Promise<GttRow[]> {
    return db
      .select()
      .from(gttTriggers)
      .where(and(eq(gttTriggers.accountId, accountId), eq(gttTriggers.status, 'ACTIVE')))
      .orderBy(asc(gttTriggers.createdAt));
  },

  /**
   * Claimed (TRIGGERED) but with no order yet: a placement that failed for a reason other than a
   * refusal. Live accounts only: a replay places its GTTs' orders in its own catch-up.
   */
  async unplaced(db: DbOrTx): Promise<GttRow[]> {
    return db
      .select()
      .from(gttTriggers)
      .where(
        and(
          eq(gttTriggers.status, 'TRIGGERED'),
          isNull(gttTriggers.orderId),
          onLiveMarket(gttTriggers.accountId),
        ),
      )
      .orderBy(asc(gttTriggers.triggeredAt));
  },

  /**
   * The one claim of a firing: ACTIVE → TRIGGERED, only if the row is still active and armed as the
   * evaluator read it (not modified since). Undefined when another evaluator, a cancel or an edit
   * got there first.
   */
  async claim(
    db: DbOrTx,
    id: string,
    armedAt: Date,
    values: Pick<NewGttRow, 'triggeredLeg' | 'triggeredAt' | 'triggeredPricePaise' | 'clientOrderId'>,
  ): Promise<GttRow | undefined> {
    const [row] = await db
      .update(gttTriggers)
      .set({ ...values, status: 'TRIGGERED', updatedAt: sql`now()` })
      .where(and(eq(gttTriggers.id, id), eq(gttTriggers.status, 'ACTIVE'), eq(gttTriggers.armedAt, armedAt)))
      .returning();
    return row;
  },

  /** Records the placed order's id, or the refusal (status REJECTED), on a claimed GTT. */
  async settlePlacement(
    db: DbOrTx,
    id: string,
    values: { orderId: string } | { status: 'REJECTED'; statusReason: string },
  ): Promise<GttRow | undefined> {
    const [row] = await db
      .update(gttTriggers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(gttTriggers.id, id), eq(gttTriggers.status, 'TRIGGERED'), isNull(gttTriggers.orderId)))
      .returning();
    return row;
  },

  /** Expires what is past its date, in one statement; returns the expired rows. */
  async expireDue(db: DbOrTx, now: Date, reason: string): Promise<GttRow[]> {
    return db
      .update(gttTriggers)
      .set({ status: 'EXPIRED', statusReason: reason, updatedAt: sql`now()` })
      .where(
        and(
          eq(gttTriggers.status, 'ACTIVE'),
          sql`${gttTriggers.expiresAt} <= ${now.toISOString()}`,
          // A replay's GTTs are dated on its own clock (years back): the replay ends them.
          onLiveMarket(gttTriggers.accountId),
        ),
      )
      .returning();
  },
};
