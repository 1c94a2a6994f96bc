import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { fills } from '../../db/schema/orders.js';

export type FillHistoryRow = Pick<
  typeof fills.$inferSelect,
  'symbol' | 'side' | 'quantity' | 'pricePaise' | 'realizedPnlPaise' | 'createdAt'
>;

export const statsRepository = {
  /** Every fill of a user, oldest first: the source of positions over time and of trade stats. */
  async fills(db: DbOrTx, userId: string): Promise<FillHistoryRow[]> {
    return db
      .select({
        symbol: fills.symbol,
        side: fills.side,
        quantity: fills.quantity,
        pricePaise: fills.pricePaise,
        realizedPnlPaise: fills.realizedPnlPaise,
        createdAt: fills.createdAt,
      })
      .from(fills)
      .where(eq(fills.userId, userId))
      .orderBy(asc(fills.createdAt), asc(fills.id));
  },
};
