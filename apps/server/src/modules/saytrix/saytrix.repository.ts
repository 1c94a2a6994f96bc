import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { saytrixMessages, saytrixSessions } from '../../db/schema/saytrix.js';

export type SaytrixMessageRow = typeof saytrixMessages.$inferSelect;

/** Chat sessions and their messages; every query is scoped by the user. */
export const saytrixRepository = {
  async context(db: DbOrTx, userId: string, sessionId: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await db
      .select({ context: saytrixSessions.context })
      .from(saytrixSessions)
      .where(and(eq(saytrixSessions.userId, userId), eq(saytrixSessions.id, sessionId)));
    return row?.context;
  },

  /** One turn: the question, the answer and the session's new context, together. */
  async saveTurn(
    db: Db,
    turn: {
      userId: string;
      sessionId: string;
      question: string;
      source: 'text' | 'voice';
      answer: string;
      reply: Record<string, unknown>;
      context: Record<string, unknown>;
    },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .insert(saytrixSessions)
        .values({ userId: turn.userId, id: turn.sessionId, context: turn.context })
        .onConflictDoUpdate({
          target: [saytrixSessions.userId, saytrixSessions.id],
          set: { context: turn.context, updatedAt: sql`now()` },
        });
      await tx.insert(saytrixMessages).values([
        {
          userId: turn.userId,
          sessionId: turn.sessionId,
          role: 'user',
          content: turn.question,
          source: turn.source,
          reply: null,
        },
        {
          userId: turn.userId,
          sessionId: turn.sessionId,
          role: 'assistant',
          content: turn.answer,
          source: null,
          reply: turn.reply,
        },
      ]);
    });
  },

  async messages(
    db: DbOrTx,
    userId: string,
    sessionId: string,
    limit: number,
  ): Promise<SaytrixMessageRow[] | undefined> {
    const exists = await this.context(db, userId, sessionId);
    if (!exists) return undefined;
    const rows = await db
      .select()
      .from(saytrixMessages)
      .where(and(eq(saytrixMessages.userId, userId), eq(saytrixMessages.sessionId, sessionId)))
      .orderBy(asc(saytrixMessages.id));
    return rows.slice(-limit);
  },

  async remove(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
    const deleted = await db
      .delete(saytrixSessions)
      .where(and(eq(saytrixSessions.userId, userId), eq(saytrixSessions.id, sessionId)))
      .returning({ id: saytrixSessions.id });
    return deleted.length > 0;
  },
};
