import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { recoveryCodes } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

export const totpRepository = {
  /**
   * Advances the last accepted step only if the new one is later, so two racing requests with
   * the same code cannot both succeed.
   */
  async acceptStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (codeHashes.length > 0) {
      await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    }
  },

  async useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },
};
