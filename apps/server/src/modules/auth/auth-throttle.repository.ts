import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { authThrottle } from '../../db/schema/auth.js';

export const throttleRepository = {
  /**
   * Counts one attempt against every key in a single statement and returns each key's count in
   * its window, this attempt included. Reserving before the password is checked is what keeps
   * parallel guesses from all reading the same count and passing the limit together; a window
   * older than windowMs starts again at 1.
   */
  async reserve(db: DbOrTx, keys: string[], windowMs: number): Promise<Map<string, number>> {
    const windowStart = new Date(Date.now() - windowMs);
    const rows = await db
      .insert(authThrottle)
      .values(keys.map((key) => ({ key, failures: 1 })))
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN now() ELSE ${authThrottle.windowStartedAt} END`,
        },
      })
      .returning({ key: authThrottle.key, failures: authThrottle.failures });
    return new Map(rows.map((r) => [r.key, r.failures]));
  },

  /** Gives back an attempt reserved by `reserve` that turned out not to be a failure. */
  async release(db: DbOrTx, key: string): Promise<void> {
    await db
      .update(authThrottle)
      .set({ failures: sql`GREATEST(${authThrottle.failures} - 1, 0)` })
      .where(eq(authThrottle.key, key));
  },

  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
  },
};
