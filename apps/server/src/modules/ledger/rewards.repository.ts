import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { dailyRewards } from '../../db/schema/ledger.js';

export type DailyRewardRow = typeof dailyRewards.$inferSelect;

export const rewardsRepository = {
  async find(db: DbOrTx, userId: string): Promise<DailyRewardRow | undefined> {
    const [row] = await db.select().from(dailyRewards).where(eq(dailyRewards.userId, userId)).limit(1);
    return row;
  },

  async save(
    db: DbOrTx,
    values: {
      userId: string;
      lastClaimDate: string;
      streak: number;
      totalRewardsPaise: bigint;
      lastClaimedAt: Date;
    },
  ): Promise<DailyRewardRow> {
    const [row] = await db
      .insert(dailyRewards)
      .values(values)
      .onConflictDoUpdate({
        target: dailyRewards.userId,
        set: {
          lastClaimDate: values.lastClaimDate,
          streak: values.streak,
          totalRewardsPaise: values.totalRewardsPaise,
          lastClaimedAt: sql`excluded.last_claimed_at`,
        },
      })
      .returning();
    return row!;
  },
};
