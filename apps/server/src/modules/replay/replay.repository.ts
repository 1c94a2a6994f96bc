import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { replays } from '../../db/schema/replay.js';

export type ReplayRow = typeof replays.$inferSelect;
export type NewReplayRow = typeof replays.$inferInsert;

const own = (userId: string, id: string) => and(eq(replays.id, id), eq(replays.userId, userId));

export const replayRepository = {
  async insert(db: DbOrTx, values: NewReplayRow): Promise<ReplayRow> {
    const [row] = await db.insert(replays).values(values).returning();
    return row!;
  },

  /** The user's replay, or undefined (another user's id reads as missing). */
  async findOwn(db: DbOrTx, userId: string, id: string): Promise<ReplayRow | undefined> {
    const [row] = await db.select().from(replays).where(own(userId, id));
    return row;
  },

  /** The user's replays, newest first, at most `limit`. */
  async listOwn(db: DbOrTx, userId: string, limit: number): Promise<ReplayRow[]> {
    return db
      .select()
      .from(replays)
      .where(eq(replays.userId, userId))
      .orderBy(desc(replays.createdAt), desc(replays.id))
      .limit(limit);
  },

  async update(
    db: DbOrTx,
    userId: string,
    id: string,
    values: Partial<Pick<ReplayRow, 'status' | 'clockMs' | 'playingSince' | 'finishedAt'>>,
  ): Promise<ReplayRow | undefined> {
    const [row] = await db.update(replays).set(values).where(own(userId, id)).returning();
    return row;
  },
};
