import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { cashAccounts, ledgerEntries } from '../../db/schema.js';

export type LedgerKind = 'OPENING_BALANCE';

export const ledgerRepository = {
  /** Opens the cash account with its first ledger entry; call inside the sign-up transaction. */
  async openAccount(db: DbOrTx, userId: string, openingPaise: bigint, description: string): Promise<void> {
    await db.insert(cashAccounts).values({ userId, balancePaise: openingPaise });
    await db.insert(ledgerEntries).values({
      userId,
      kind: 'OPENING_BALANCE' satisfies LedgerKind,
      amountPaise: openingPaise,
      balanceAfterPaise: openingPaise,
      description,
    });
  },

  async entries(db: DbOrTx, userId: string) {
    return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
  },
};
