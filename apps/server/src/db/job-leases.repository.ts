import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './database.js';
import { jobLeases } from './schema/jobs.js';

/** The database's own clock: every instance compares expiry times against the same one. */
const dbNow = sql`clock_timestamp()`;

export interface LeaseGrant {
  renewedAt: Date;
  lastRoundAt: Date | null;
  lastRoundDbAt: Date | null;
}

export const jobLeasesRepository = {
  /**
   * Takes the lease when it is free or expired, or renews it for its holder, in one statement (the
   * row lock serialises two instances trying at once). Undefined: another holder's lease is live.
   */
  async acquire(db: Db, name: string, holder: string, ttlMs: number): Promise<LeaseGrant | undefined> {
    const [row] = await db
      .insert(jobLeases)
      .values({
        name,
        holder,
        expiresAt: sql`${dbNow} + ${ttlMs}::int * interval '1 millisecond'`,
        acquiredAt: dbNow,
      })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: {
          holder: sql`excluded.holder`,
          expiresAt: sql`excluded.expires_at`,
          acquiredAt: sql`case when ${jobLeases.holder} = excluded.holder then ${jobLeases.acquiredAt} else excluded.acquired_at end`,
        },
        setWhere: sql`${jobLeases.holder} = excluded.holder or ${jobLeases.expiresAt} <= ${dbNow}`,
      })
      .returning({
        renewedAt: sql<Date>`${dbNow}`.mapWith(jobLeases.expiresAt),
        lastRoundAt: jobLeases.lastRoundAt,
        lastRoundDbAt: jobLeases.lastRoundDbAt,
      });
    return row;
  },

  /**
   * Inside a transaction: whether `holder` still holds a live lease. The row stays share-locked until
   * the transaction ends, so no other instance can take the lease over before this one's writes
   * commit; and a transaction left idle longer than the lease (a frozen holder) is ended by the
   * server, which releases that lock.
   */
  async holdsInTransaction(tx: DbOrTx, name: string, holder: string, ttlMs: number): Promise<boolean> {
    const rows = await tx
      .select({ timeout: sql`set_config('idle_in_transaction_session_timeout', ${String(ttlMs)}, true)` })
      .from(jobLeases)
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder), gt(jobLeases.expiresAt, dbNow)))
      .for('share');
    return rows.length === 1;
  },

  /** Stores the round just completed; false when `holder` no longer holds the lease. */
  async recordRound(db: Db, name: string, holder: string, at: Date, dbAt: Date): Promise<boolean> {
    const rows = await db
      .update(jobLeases)
      .set({ lastRoundAt: at, lastRoundDbAt: dbAt })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
      .returning({ name: jobLeases.name });
    return rows.length === 1;
  },

  /** Ends the holder's lease now (a clean shutdown), so the next instance to try takes over. */
  async release(db: Db, name: string, holder: string): Promise<void> {
    await db
      .update(jobLeases)
      .set({ expiresAt: dbNow })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
  },
};
