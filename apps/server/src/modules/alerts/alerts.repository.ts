import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { onLiveMarket } from '../../db/live-accounts.js';
import { priceAlertFirings, priceAlerts } from '../../db/schema/alerts.js';
import { users } from '../../db/schema/users.js';

export type AlertRow = typeof priceAlerts.$inferSelect;
export type AlertFiringRow = typeof priceAlertFirings.$inferSelect;

/** How many firings each alert carries in its response. */
export const HISTORY_PER_ALERT = 20;

/** An alert of this user in this portfolio's account: another portfolio's id reads as not found. */
const own = (who: AccountRef, id: string) =>
  and(eq(priceAlerts.id, id), eq(priceAlerts.userId, who.userId), eq(priceAlerts.accountId, who.accountId));

export const alertsRepository = {
  /** Serialises a user's creates, so two at the limit cannot both pass the count. */
  async lockUser(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length === 1;
  },

  async countForUser(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    return Number(row?.n ?? 0);
  },

  async insert(db: DbOrTx, values: typeof priceAlerts.$inferInsert): Promise<AlertRow> {
    const [row] = await db.insert(priceAlerts).values(values).returning();
    return row!;
  },

  /** One account's alerts, newest first. */
  async listForAccount(db: DbOrTx, accountId: AccountId): Promise<AlertRow[]> {
    return db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.accountId, accountId))
      .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  },

  async findOwn(db: DbOrTx, who: AccountRef, id: string): Promise<AlertRow | undefined> {
    const [row] = await db.select().from(priceAlerts).where(own(who, id)).limit(1);
    return row;
  },

  async updateOwn(
    db: DbOrTx,
    who: AccountRef,
    id: string,
    values: Partial<typeof priceAlerts.$inferInsert>,
  ): Promise<AlertRow | undefined> {
    const [row] = await db
      .update(priceAlerts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(own(who, id))
      .returning();
    return row;
  },

  async deleteOwn(db: DbOrTx, who: AccountRef, id: string): Promise<boolean> {
    const rows = await db.delete(priceAlerts).where(own(who, id)).returning({ id: priceAlerts.id });
    return rows.length === 1;
  },

  /** Carries every alert of one account over to another (a portfolio reset opening its next season). */
  async moveAccount(db: DbOrTx, from: AccountId, to: AccountId): Promise<number> {
    const rows = await db
      .update(priceAlerts)
      .set({ accountId: to })
      .where(eq(priceAlerts.accountId, from))
      .returning({ id: priceAlerts.id });
    return rows.length;
  },

  /** The latest firings of each alert, newest first. */
  async history(db: DbOrTx, alertIds: string[]): Promise<Map<string, AlertFiringRow[]>> {
    const out = new Map<string, AlertFiringRow[]>();
    if (alertIds.length === 0) return out;
    const rows = await db
      .select()
      .from(priceAlertFirings)
      .where(inArray(priceAlertFirings.alertId, alertIds))
      .orderBy(asc(priceAlertFirings.alertId), desc(priceAlertFirings.firedAt));
    for (const row of rows) {
      const list = out.get(row.alertId) ?? [];
      if (list.length < HISTORY_PER_ALERT) list.push(row);
      out.set(row.alertId, list);
    }
    return out;
  },

  /** Every alert still watching on the live market, for the evaluator (a replay judges its own). */
  async active(db: DbOrTx): Promise<AlertRow[]> {
    return db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.status, 'ACTIVE'), onLiveMarket(priceAlerts.accountId)))
      .orderBy(asc(priceAlerts.createdAt));
  },

  /** One account's alerts still watching (a replay's catch-up judges them on its clock). */
  async activeForAccount(db: DbOrTx, accountId: AccountId): Promise<AlertRow[]> {
    return db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.accountId, accountId), eq(priceAlerts.status, 'ACTIVE')))
      .orderBy(asc(priceAlerts.createdAt));
  },

  /** Ends one account's alerts that can still fire (active or paused) with `reason` (a replay's finish). */
  async endForAccount(db: DbOrTx, accountId: AccountId, reason: string): Promise<number> {
    const rows = await db
      .update(priceAlerts)
      .set({ status: 'EXPIRED', statusReason: reason, updatedAt: sql`now()` })
      .where(and(eq(priceAlerts.accountId, accountId), inArray(priceAlerts.status, ['ACTIVE', 'DISABLED'])))
      .returning({ id: priceAlerts.id });
    return rows.length;
  },

  /** Locks an alert for firing; undefined when it is gone or no longer active. */
  async lockActive(db: DbOrTx, id: string): Promise<AlertRow | undefined> {
    const [row] = await db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'ACTIVE')))
      .for('update');
    return row;
  },

  async insertFiring(db: DbOrTx, values: typeof priceAlertFirings.$inferInsert): Promise<AlertFiringRow> {
    const [row] = await db.insert(priceAlertFirings).values(values).returning();
    return row!;
  },

  async firingsSince(db: DbOrTx, alertId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(priceAlertFirings)
      .where(and(eq(priceAlertFirings.alertId, alertId), gt(priceAlertFirings.firedAt, since)));
    return Number(row?.n ?? 0);
  },

  async setStatus(
    db: DbOrTx,
    id: string,
    values: Partial<typeof priceAlerts.$inferInsert>,
  ): Promise<AlertRow | undefined> {
    const [row] = await db
      .update(priceAlerts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(priceAlerts.id, id))
      .returning();
    return row;
  },

  /**
   * Expires what is past its date on the live clock, in one statement; returns the expired rows. A
   * replay's alerts are dated on its own clock (years back), so they are left to the replay.
   */
  async expireDue(db: DbOrTx, now: Date, reason: string): Promise<AlertRow[]> {
    return db
      .update(priceAlerts)
      .set({ status: 'EXPIRED', statusReason: reason, updatedAt: sql`now()` })
      .where(
        and(
          eq(priceAlerts.status, 'ACTIVE'),
          sql`${priceAlerts.expiresAt} <= ${now.toISOString()}`,
          onLiveMarket(priceAlerts.accountId),
        ),
      )
      .returning();
  },

  /** Expires one alert when its (replay) expiry comes before any firing. */
  async expireOne(db: DbOrTx, id: string, reason: string): Promise<AlertRow | undefined> {
    const [row] = await db
      .update(priceAlerts)
      .set({ status: 'EXPIRED', statusReason: reason, updatedAt: sql`now()` })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'ACTIVE')))
      .returning();
    return row;
  },
};
