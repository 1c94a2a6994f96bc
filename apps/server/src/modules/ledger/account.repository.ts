import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { equitySnapshots } from '../../db/schema/portfolio.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders, positions } from '../../db/schema/orders.js';

export const accountRepository = {
  /**
   * Removes a user's trading history: orders (their fills cascade), positions, ledger entries and
   * equity snapshots. Daily-reward rows stay, so a reset cannot re-open today's reward.
   */
  async clearHistory(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(orders).where(eq(orders.userId, userId));
    await db.delete(positions).where(eq(positions.userId, userId));
    await db.delete(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    await db.delete(equitySnapshots).where(eq(equitySnapshots.userId, userId));
  },
};
