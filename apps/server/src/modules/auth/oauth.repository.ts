import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { oauthLoginCodes, oauthStates } from '../../db/schema/auth.js';

export const oauthRepository = {
  async saveState(db: DbOrTx, values: { state: string; codeVerifier: string; nonce: string; ttlMs: number }) {
    await db.insert(oauthStates).values({
      state: values.state,
      codeVerifier: values.codeVerifier,
      nonce: values.nonce,
      expiresAt: new Date(Date.now() + values.ttlMs),
    });
    await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  },

  /** Single use: the state row is deleted as it is read. */
  async takeState(db: DbOrTx, state: string) {
    const [row] = await db
      .delete(oauthStates)
      .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, sql`now()`)))
      .returning();
    return row;
  },

  async saveLoginCode(db: DbOrTx, codeHash: string, userId: string, isNewUser: boolean, ttlMs: number) {
    await db
      .insert(oauthLoginCodes)
      .values({ codeHash, userId, isNewUser, expiresAt: new Date(Date.now() + ttlMs) });
  },

  async consumeLoginCode(db: DbOrTx, codeHash: string) {
    const [row] = await db
      .update(oauthLoginCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oauthLoginCodes.codeHash, codeHash),
          isNull(oauthLoginCodes.usedAt),
          gt(oauthLoginCodes.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row;
  },
};
