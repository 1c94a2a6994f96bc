import { eq } from 'drizzle-orm';
import type { DbOrTx } from './database.js';
import { users } from './schema.js';

/**
 * Locks the user's row until the transaction ends. A per-user cap counts, then inserts; taking
 * this lock first serialises one user's creates, so two requests at the limit cannot both pass
 * the count. False when the user is gone.
 */
export async function lockUserRow(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length === 1;
}
