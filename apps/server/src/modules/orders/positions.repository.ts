import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { reusedStatement } from '../../db/fast-path/index.js';
import { fills, positions } from '../../db/schema/orders.js';

export type PositionRow = typeof positions.$inferSelect;

const lockPosition = reusedStatement('lock_position', (db, name) =>
  db
    .select()
    .from(positions)
    .where(
      and(eq(positions.userId, sql.placeholder('userId')), eq(positions.symbol, sql.placeholder('symbol'))),
    )
    .for('update')
    .prepare(name),
);

export const positionsRepository = {
  /** Row-locks the user's position in `symbol`; taken after the cash account and the order row. */
  async lock(db: DbOrTx, userId: string, symbol: string): Promise<PositionRow | undefined> {
    // Every sell runs it: rendered once, named so PostgreSQL plans it once per connection.
    const [row] = await lockPosition(db).execute({ userId, symbol });
    return row;
  },

  async find(db: DbOrTx, userId: string, symbol: string): Promise<PositionRow | undefined> {
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)))
      .limit(1);
    return row;
  },

  async upsert(
    db: DbOrTx,
    values: {
      userId: string;
      symbol: string;
      quantity: number;
      reservedQuantity: number;
      costBasisPaise: bigint;
      realizedPnlPaise: bigint;
    },
  ): Promise<PositionRow> {
    const [row] = await db
      .insert(positions)
      .values(values)
      .onConflictDoUpdate({
        target: [positions.userId, positions.symbol],
        set: {
          quantity: values.quantity,
          reservedQuantity: values.reservedQuantity,
          costBasisPaise: values.costBasisPaise,
          realizedPnlPaise: values.realizedPnlPaise,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  },

  /** Every position row: open ones and closed ones that still carry realized P&L. */
  async forUser(db: DbOrTx, userId: string): Promise<PositionRow[]> {
    return db.select().from(positions).where(eq(positions.userId, userId)).orderBy(positions.symbol);
  },

  /** Per symbol, the shares bought since `since` and what they cost with their fees, for Day's P&L. */
  async buysSince(
    db: DbOrTx,
    userId: string,
    since: Date,
  ): Promise<{ symbol: string; quantity: number; costPaise: bigint }[]> {
    const rows = await db
      .select({
        symbol: fills.symbol,
        quantity: sql<string>`coalesce(sum(${fills.quantity}), 0)::text`,
        costPaise: sql<string>`coalesce(sum(${fills.valuePaise} + ${fills.feesPaise}), 0)::text`,
      })
      .from(fills)
      .where(and(eq(fills.userId, userId), eq(fills.side, 'BUY'), gte(fills.createdAt, since)))
      .groupBy(fills.symbol);
    return rows.map((r) => ({
      symbol: r.symbol,
      quantity: Number(r.quantity),
      costPaise: BigInt(r.costPaise),
    }));
  },
};
