import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { fills, orders, positions } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;

export interface OrderFilter {
  status?: string | undefined;
  side?: string | undefined;
  symbol?: string | undefined;
}

function filterWhere(userId: string, filter: OrderFilter): SQL | undefined {
  return and(
    eq(orders.userId, userId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.side ? eq(orders.side, filter.side) : undefined,
    filter.symbol ? eq(orders.symbol, filter.symbol) : undefined,
  );
}

export const ordersRepository = {
  async findByClientId(db: DbOrTx, userId: string, clientOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
      .limit(1);
    return row;
  },

  async findOwn(db: DbOrTx, userId: string, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
    const query = db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
    const [row] = options.lock ? await query.for('update') : await query.limit(1);
    return row;
  },

  async insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },

  async updateOrder(db: DbOrTx, id: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
    return row!;
  },

  async insertFill(db: DbOrTx, values: typeof fills.$inferInsert): Promise<FillRow> {
    const [row] = await db.insert(fills).values(values).returning();
    return row!;
  },

  async fillsFor(db: DbOrTx, orderIds: string[]): Promise<FillRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(fills).where(inArray(fills.orderId, orderIds)).orderBy(fills.createdAt);
  },

  async page(db: DbOrTx, userId: string, filter: OrderFilter, offset: number, limit: number) {
    const where = filterWhere(userId, filter);
    const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).offset(offset).limit(limit);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  async countByStatus(db: DbOrTx, userId: string): Promise<{ status: string; n: number }[]> {
    return db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.status);
  },

  async lockPosition(db: DbOrTx, userId: string, symbol: string): Promise<PositionRow | undefined> {
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)))
      .for('update');
    return row;
  },

  async upsertPosition(
    db: DbOrTx,
    values: { userId: string; symbol: string; quantity: number; reservedQuantity: number; costBasisPaise: bigint; realizedPnlPaise: bigint },
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
  async positions(db: DbOrTx, userId: string): Promise<PositionRow[]> {
    return db.select().from(positions).where(eq(positions.userId, userId)).orderBy(positions.symbol);
  },

  async openPositions(db: DbOrTx, userId: string): Promise<PositionRow[]> {
    return db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), gt(positions.quantity, 0)))
      .orderBy(positions.symbol);
  },
};
