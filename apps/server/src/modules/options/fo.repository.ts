import { OPEN_ORDER_STATUSES } from '@nivesh/shared';
import { and, asc, eq, gte, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { cashAccounts } from '../../db/schema/ledger.js';
import { foPositions, foSettlements } from '../../db/schema/options.js';
import { fills, orders } from '../../db/schema/orders.js';

export type FoPositionRow = typeof foPositions.$inferSelect;
export type FoOrderRow = typeof orders.$inferSelect;
export type FoFillRow = typeof fills.$inferSelect;

/** The F&O rows: derivative positions, their settlements, and the F&O orders and fills they come from. */
export const foRepository = {
  async positions(
    db: DbOrTx,
    accountId: AccountId,
    options: { lock?: boolean } = {},
  ): Promise<FoPositionRow[]> {
    const query = db
      .select()
      .from(foPositions)
      .where(eq(foPositions.accountId, accountId))
      .orderBy(foPositions.tradingsymbol, foPositions.product);
    return options.lock ? query.for('update') : query;
  },

  /** Every open position of the given symbols, across accounts (the settlement's work list). */
  async openOf(db: DbOrTx, symbols: string[]): Promise<FoPositionRow[]> {
    if (!symbols.length) return [];
    return db
      .select()
      .from(foPositions)
      .where(and(ne(foPositions.quantity, 0), sql`${foPositions.tradingsymbol} in ${symbols}`));
  },

  /** The distinct symbols with an open position anywhere. */
  async openSymbols(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .selectDistinct({ s: foPositions.tradingsymbol })
      .from(foPositions)
      .where(ne(foPositions.quantity, 0));
    return rows.map((r) => r.s);
  },

  async upsertPosition(db: DbOrTx, values: typeof foPositions.$inferInsert): Promise<void> {
    await db
      .insert(foPositions)
      .values(values)
      .onConflictDoUpdate({
        target: [foPositions.accountId, foPositions.tradingsymbol, foPositions.product],
        set: {
          quantity: values.quantity,
          averagePricePaise: values.averagePricePaise,
          realizedPnlPaise: values.realizedPnlPaise,
          settledQuantity: values.settledQuantity,
          updatedAt: sql`now()`,
        },
      });
  },

  async orderByClientId(db: DbOrTx, userId: string, clientOrderId: string): Promise<FoOrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
      .limit(1);
    return row;
  },

  async fillOf(db: DbOrTx, orderId: string): Promise<FoFillRow | undefined> {
    const [row] = await db.select().from(fills).where(eq(fills.orderId, orderId)).limit(1);
    return row;
  },

  async insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<FoOrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },

  async updateOrder(
    db: DbOrTx,
    id: string,
    values: Partial<typeof orders.$inferInsert>,
  ): Promise<FoOrderRow> {
    const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
    return row!;
  },

  /** Resting F&O orders (a non-marketable LIMIT), oldest first; `product` narrows to MIS for the cut-off. */
  async resting(db: DbOrTx, product?: 'MIS'): Promise<FoOrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.segment, 'FO'),
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          product ? eq(orders.product, product) : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** One F&O order of the account (another account's id finds nothing). */
  async ownOrder(db: DbOrTx, accountId: AccountId, id: string): Promise<FoOrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.accountId, accountId), eq(orders.segment, 'FO')))
      .limit(1);
    return row;
  },

  /** Row-locks one order by id (the matcher and the square-off act for whichever user owns it). */
  async lockOrder(db: DbOrTx, id: string): Promise<FoOrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  /**
   * Open MIS derivative positions, across accounts. With `before` (a cut-off the job missed), only
   * those with no MIS fill of the symbol at or after it: a position opened in the window that has
   * opened since is not yet due.
   */
  async openIntraday(db: DbOrTx, before?: Date): Promise<FoPositionRow[]> {
    const filledSince = before
      ? db
          .select({ one: sql`1` })
          .from(orders)
          .where(
            and(
              eq(orders.accountId, foPositions.accountId),
              eq(orders.symbol, foPositions.tradingsymbol),
              eq(orders.product, 'MIS'),
              gte(orders.executedAt, before),
            ),
          )
      : undefined;
    return db
      .select()
      .from(foPositions)
      .where(
        and(
          eq(foPositions.product, 'MIS'),
          ne(foPositions.quantity, 0),
          filledSince ? notExists(filledSince) : undefined,
        ),
      );
  },

  async insertFill(db: DbOrTx, values: typeof fills.$inferInsert): Promise<FoFillRow> {
    const [row] = await db.insert(fills).values(values).returning();
    return row!;
  },

  /** Sets the account's balance, its reserved cash and the F&O margin inside it, in one write. */
  async setAccount(
    db: DbOrTx,
    accountId: AccountId,
    v: { balancePaise: bigint; reservedPaise: bigint; foMarginPaise: bigint },
  ) {
    const [row] = await db
      .update(cashAccounts)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(cashAccounts.id, accountId))
      .returning();
    return row!;
  },

  /** Records a settlement; false when this position's expiry was already settled (the unique key). */
  async insertSettlement(db: DbOrTx, values: typeof foSettlements.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(foSettlements)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: foSettlements.id });
    return rows.length > 0;
  },

  async settlements(db: DbOrTx, accountId: AccountId) {
    return db.select().from(foSettlements).where(eq(foSettlements.accountId, accountId));
  },
};
