import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

export type SessionRow = typeof sessions.$inferSelect;

function prepareActiveSession(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
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

  /** The sessions among `ids` that are neither revoked nor expired, with their user's idle timeout. */
  async findLive(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ session: sessions, securitySettings: users.securitySettings })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  },

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, id));
  },

  async revoke(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
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
