import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { twoFactorChallenges } from '../../db/schema/auth.js';

export const challengesRepository = {
  async create(db: DbOrTx, userId: string, rememberMe: boolean, ttlMs: number) {
    await db.insert(twoFactorChallenges).values({
      userId,
      rememberMe,
      expiresAt: new Date(Date.now() + ttlMs),
    });
  },

  /** The newest open challenge for the user, if it is still within its window. */
  async findOpen(db: DbOrTx, userId: string) {
    const [row] = await db
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.userId, userId),
          isNull(twoFactorChallenges.consumedAt),
          gt(twoFactorChallenges.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(twoFactorChallenges.createdAt))
      .limit(1);
    return row;
  },

  async recordFailure(db: DbOrTx, id: string): Promise<number> {
    const [row] = await db
      .update(twoFactorChallenges)
      .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
      .where(eq(twoFactorChallenges.id, id))
      .returning({ failed: twoFactorChallenges.failedAttempts });
    return row?.failed ?? 0;
  },

  /** Returns false when another request consumed it first. */
  async consume(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(twoFactorChallenges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
      .returning({ id: twoFactorChallenges.id });
    return rows.length > 0;
  },
};
