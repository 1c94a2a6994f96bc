import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { equitySnapshots } from '../../db/schema/portfolio.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders, positions } from '../../db/schema/orders.js';

export const accountRepository = {
  /**
   * Removes one account's trading history (the legacy Settings reset, main only): orders (their fills cascade), positions, ledger entries and
   * equity snapshots. Daily-reward rows stay, so a reset cannot re-open today's reward.
   */
  async clearHistory(db: DbOrTx, accountId: AccountId): Promise<void> {
    await db.delete(orders).where(eq(orders.accountId, accountId));
    await db.delete(positions).where(eq(positions.accountId, accountId));
    await db.delete(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
    await db.delete(equitySnapshots).where(eq(equitySnapshots.accountId, accountId));
  },
};
