import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { classRuleRefusals } from '../../db/schema/classes.js';
import { journalEntries } from '../../db/schema/journal.js';

/** What the teacher's view of a student reads beside the fills and holdings (issue 26). */
export const classStudentsRepository = {
  /** The note and review of each journal entry linked to a fill of the account. */
  async notesByFill(
    db: DbOrTx,
    accountId: AccountId,
  ): Promise<Map<string, { note: string; review: string }>> {
    const rows = await db
      .select({ fillId: journalEntries.fillId, note: journalEntries.note, review: journalEntries.review })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, accountId), isNotNull(journalEntries.fillId)));
    return new Map(rows.map((r) => [r.fillId!, { note: r.note, review: r.review }]));
  },

  /** Orders the class rules refused this student. */
  async refusals(db: DbOrTx, classId: string, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(classRuleRefusals)
      .where(and(eq(classRuleRefusals.classId, classId), eq(classRuleRefusals.userId, userId)));
    return Number(row?.n ?? 0);
  },
};
