import { and, eq, gt, gte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { reusedStatement } from '../../db/fast-path/index.js';
import { onLiveMarket } from '../../db/live-accounts.js';
import type { Product } from '@nivesh/shared';
import { fills, orders, positions } from '../../db/schema/orders.js';

export type PositionRow = typeof positions.$inferSelect;

const lockPosition = reusedStatement('lock_position', (db, name) =>
  db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.accountId, sql.placeholder('accountId')),
        eq(positions.symbol, sql.placeholder('symbol')),
        eq(positions.product, sql.placeholder('product')),
      ),
    )
    .for('update')
    .prepare(name),
);

export const positionsRepository = {
  /**
   * Row-locks the user's position in `symbol` under `product`; taken after the cash account and
   * the order row. A sell draws only on the position of its own product.
   */
  async lock(
    db: DbOrTx,
    accountId: AccountId,
    symbol: string,
    product: Product,
  ): Promise<PositionRow | undefined> {
    // Every sell runs it: rendered once, named so PostgreSQL plans it once per connection.
    const [row] = await lockPosition(db).execute({ accountId, symbol, product });
    return row;
  },

  async find(
    db: DbOrTx,
    accountId: AccountId,
    symbol: string,
    product: Product,
  ): Promise<PositionRow | undefined> {
    const [row] = await db
      .select()
      .from(positions)
      .where(
        and(eq(positions.accountId, accountId), eq(positions.symbol, symbol), eq(positions.product, product)),
      )
      .limit(1);
    return row;
  },

  /** Whether the user already sold `symbol` from delivery on `tradeDate` (the DP charge is once a day). */
  async soldForDeliveryOn(
    db: DbOrTx,
    accountId: AccountId,
    symbol: string,
    tradeDate: string,
  ): Promise<boolean> {
    const [row] = await db
      .select({ id: fills.id })
      .from(fills)
      .where(
        and(
          eq(fills.accountId, accountId),
          eq(fills.symbol, symbol),
          eq(fills.product, 'CNC'),
          eq(fills.side, 'SELL'),
          eq(fills.tradeDate, tradeDate),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Open intraday positions of every user, for the square-off at the cut-off. */
  /**
   * Open MIS positions; with `before`, only those with no MIS fill since it (market time): left
   * over from a session whose cut-off passed while no instance ran the square-off.
   */
  async openIntraday(
    db: DbOrTx,
    before?: Date,
  ): Promise<{ userId: string; accountId: AccountId; symbol: string }[]> {
    const filledSince = before
      ? db
          .select({ one: sql`1` })
          .from(orders)
          .where(
            and(
              eq(orders.accountId, positions.accountId),
              eq(orders.symbol, positions.symbol),
              eq(orders.product, 'MIS'),
              gte(orders.executedAt, before),
            ),
          )
      : undefined;
    return db
      .select({ userId: positions.userId, accountId: positions.accountId, symbol: positions.symbol })
      .from(positions)
      .where(
        and(
          eq(positions.product, 'MIS'),
          gt(positions.quantity, 0),
          onLiveMarket(positions.accountId),
          filledSince ? notExists(filledSince) : undefined,
        ),
      )
      .orderBy(positions.userId, positions.accountId, positions.symbol);
  },

  async upsert(
    db: DbOrTx,
    values: {
      userId: string;
      accountId: AccountId;
      symbol: string;
      product: Product;
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
        target: [positions.accountId, positions.symbol, positions.product],
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
  async forAccount(db: DbOrTx, accountId: AccountId): Promise<PositionRow[]> {
    return db
      .select()
      .from(positions)
      .where(eq(positions.accountId, accountId))
      .orderBy(positions.symbol, positions.product);
  },

  /** Per symbol and product, the shares bought since `since` and what they cost with their fees, for Day's P&L. */
  async buysSince(
    db: DbOrTx,
    accountId: AccountId,
    since: Date,
  ): Promise<{ symbol: string; product: Product; quantity: number; costPaise: bigint }[]> {
    const rows = await db
      .select({
        symbol: fills.symbol,
        product: fills.product,
        quantity: sql<string>`coalesce(sum(${fills.quantity}), 0)::text`,
        costPaise: sql<string>`coalesce(sum(${fills.valuePaise} + ${fills.feesPaise}), 0)::text`,
      })
      .from(fills)
      .where(and(eq(fills.accountId, accountId), eq(fills.side, 'BUY'), gte(fills.createdAt, since)))
      .groupBy(fills.symbol, fills.product);
    return rows.map((r) => ({
      symbol: r.symbol,
      product: r.product,
      quantity: Number(r.quantity),
      costPaise: BigInt(r.costPaise),
    }));
  },
};
