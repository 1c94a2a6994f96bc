import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { passwordResetTokens } from '../../db/schema/auth.js';

export const resetTokensRepository = {
  async create(db: DbOrTx, userId: string, tokenHash: string, ttlMs: number) {
    await db
      .insert(passwordResetTokens)
      .values({ userId, tokenHash, expiresAt: new Date(Date.now() + ttlMs) });
  },

  /** Marks the token used and returns its user, only if it was unused and unexpired. */
  async consume(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  },

  async invalidateForUser(db: DbOrTx, userId: string) {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
