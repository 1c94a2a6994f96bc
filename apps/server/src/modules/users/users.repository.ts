import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { cashAccounts } from '../../db/schema/ledger.js';
import { users } from '../../db/schema/users.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserUpdate = Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;

export interface UserWithBalance {
  user: UserRow;
  balancePaise: bigint;
}

export const usersRepository = {
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  async findByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
    return row;
  },

  async usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    return row !== undefined;
  },

  async insert(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, values: UserUpdate): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  async findWithBalance(db: DbOrTx, id: string): Promise<UserWithBalance | undefined> {
    const [row] = await db
      .select({ user: users, balancePaise: cashAccounts.balancePaise })
      .from(users)
      // The profile shows main's cash: the open season's account of the user's main portfolio.
      .leftJoin(
        cashAccounts,
        and(
          eq(cashAccounts.userId, users.id),
          sql`(${cashAccounts.portfolioId}, ${cashAccounts.season}) = (select p.id, p.season from portfolios p where p.user_id = ${users.id} and p.kind = 'main')`,
        ),
      )
      .where(eq(users.id, id))
      .limit(1);
    return row ? { user: row.user, balancePaise: row.balancePaise ?? 0n } : undefined;
  },
};
