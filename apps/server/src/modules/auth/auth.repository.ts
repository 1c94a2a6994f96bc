import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import {
  authThrottle,
  oauthLoginCodes,
  oauthStates,
  passwordResetTokens,
  recoveryCodes,
  sessions,
  twoFactorChallenges,
  users,
} from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

function prepareActiveSession(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('active_session_by_token_hash');
}

// Still one query per request (a revoked session fails its next request); only the SQL text and
// the plan are reused. A database handle is a pool, so the prepared query never runs inside a
// caller's transaction.
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof prepareActiveSession>>();
function activeSessionQuery(db: Db) {
  let query = activeSessionQueries.get(db);
  if (!query) {
    query = prepareActiveSession(db);
    activeSessionQueries.set(db, query);
  }
  return query;
}

export const sessionsRepository = {
  async insert(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  /** Runs on every authenticated request, so it is built once per database and kept prepared. */
  async findActiveByTokenHash(db: Db, tokenHash: string) {
    const [row] = await activeSessionQuery(db).execute({ tokenHash });
    return row;
  },

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
  },

  async revoke(db: DbOrTx, id: string): Promise<void> {
    await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  /** Scoped by user: another user's session id revokes nothing. */
  async revokeForUser(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  async revokeAllForUser(db: DbOrTx, userId: string, exceptId?: string): Promise<string[]> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptId) conditions.push(ne(sessions.id, exceptId));
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },

  async listActive(db: DbOrTx, userId: string): Promise<SessionRow[]> {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastSeenAt));
  },

  async countForUser(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return row?.n ?? 0;
  },

  async hasSeenUserAgent(db: DbOrTx, userId: string, userAgent: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent)))
      .limit(1);
    return row !== undefined;
  },
};

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

export const totpRepository = {
  /**
   * Advances the last accepted step only if the new one is later, so two racing requests with
   * the same code cannot both succeed.
   */
  async acceptStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
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
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },
};

export const resetTokensRepository = {
  async create(db: DbOrTx, userId: string, tokenHash: string, ttlMs: number) {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: new Date(Date.now() + ttlMs) });
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

export const throttleRepository = {
  async failures(db: DbOrTx, key: string, windowMs: number): Promise<number> {
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
    if (!row || Date.now() - row.windowStartedAt.getTime() > windowMs) return 0;
    return row.failures;
  },

  /** Counts one failure; a window older than windowMs starts again at 1. */
  async recordFailure(db: DbOrTx, key: string, windowMs: number): Promise<void> {
    const windowStart = new Date(Date.now() - windowMs);
    await db
      .insert(authThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN now() ELSE ${authThrottle.windowStartedAt} END`,
        },
      });
  },

  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
  },
};

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
    await db.insert(oauthLoginCodes).values({ codeHash, userId, isNewUser, expiresAt: new Date(Date.now() + ttlMs) });
  },

  async consumeLoginCode(db: DbOrTx, codeHash: string) {
    const [row] = await db
      .update(oauthLoginCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(oauthLoginCodes.codeHash, codeHash), isNull(oauthLoginCodes.usedAt), gt(oauthLoginCodes.expiresAt, sql`now()`)),
      )
      .returning();
    return row;
  },
};
