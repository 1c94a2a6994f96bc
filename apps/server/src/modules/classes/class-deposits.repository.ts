import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { classDeposits } from '../../db/schema/class-assignments.js';

export const classDepositsRepository = {
  /** The weeks already paid, as `userId:week`. */
  async paid(db: DbOrTx, classId: string): Promise<Set<string>> {
    const rows = await db
      .select({ userId: classDeposits.userId, week: classDeposits.week })
      .from(classDeposits)
      .where(eq(classDeposits.classId, classId));
    return new Set(rows.map((r) => `${r.userId}:${r.week}`));
  },

  /**
   * Claims a week's deposit for a student: true when this call inserted the key. A second
   * instance's insert waits on the key until the first commits, then inserts nothing.
   */
  async claim(
    db: DbOrTx,
    values: { classId: string; userId: string; week: number; accountId: AccountId; amountPaise: bigint },
  ): Promise<boolean> {
    const rows = await db
      .insert(classDeposits)
      .values(values)
      .onConflictDoNothing()
      .returning({ week: classDeposits.week });
    return rows.length > 0;
  },
};
