import type { DbOrTx } from '../../db/database.js';
import { contactMessages } from '../../db/schema/contact.js';

export const contactRepository = {
  async insert(db: DbOrTx, values: typeof contactMessages.$inferInsert) {
    const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
    return row!;
  },
};
