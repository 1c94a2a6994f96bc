import { and, asc, count, desc, eq, ilike, inArray, or, SQL, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type OrderListQuery } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import type { RunLast } from '../../db/fast-path/index.js';
import { containsPattern } from '../../lib/sql-like.js';
import { onLiveMarket } from '../../db/live-accounts.js';
import { fills, orders } from '../../db/schema/orders.js';
import { executeFillStatement, fillStatement, type FillWrite, type FillWritten } from './fill-statement.js';

export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;

export interface OrderFilter {
  status?: string | undefined;
  side?: string | undefined;
  orderType?: string | undefined;
  symbol?: string | undefined;
  /** Case-insensitive substring of symbol, name or order id. */
  search?: string | undefined;
}

export type OrderSort = OrderListQuery['sort'];

const FINISHED_STATUSES = ['FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED'];

function filterWhere(accountId: AccountId, filter: OrderFilter): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    eq(orders.accountId, accountId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.side ? eq(orders.side, filter.side) : undefined,
    filter.orderType ? eq(orders.orderType, filter.orderType) : undefined,
    filter.symbol ? eq(orders.symbol, filter.symbol) : undefined,
    pattern
      ? or(
          ilike(orders.symbol, pattern),
          ilike(orders.name, pattern),
          ilike(sql`${orders.id}::text`, pattern),
        )
      : undefined,
  );
}

function orderBy(sort: OrderSort): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace(/^-/, '');
  // Unfilled orders have no total; they sort after the filled ones either way.
  const column =
    key === 'total'
      ? sql`${orders.totalPaise} ${sql.raw(dir === desc ? 'desc' : 'asc')} nulls last`
      : key === 'symbol'
        ? dir(orders.symbol)
        : dir(orders.createdAt);
  return [column, desc(orders.createdAt), desc(orders.id)];
}

/** What the matcher needs to decide about a resting order without loading all of it. */
export interface RestingOrder {
  id: string;
  userId: string;
  accountId: AccountId;
  symbol: string;
  side: string;
  orderType: string;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  expiresAt: Date | null;
  /** Last placed or changed (database clock): tells whether a stored matcher round saw these terms. */
  updatedAt: Date;
}

export const ordersRepository = {
  /** By the user's idempotency key, which is unique per user across all their portfolios. */
  async findByClientId(db: DbOrTx, userId: string, clientOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
      .limit(1);
    return row;
  },

  async findOwn(
    db: DbOrTx,
    accountId: AccountId,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<OrderRow | undefined> {
    const query = db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.accountId, accountId)));
    const [row] = options.lock ? await query.for('update') : await query.limit(1);
    return row;
  },

  async insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },

  async updateOrder(db: DbOrTx, id: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db
      .update(orders)
      .set({ updatedAt: sql`now()`, ...values })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  },

  /**
   * Writes a whole fill in ONE statement (fill-statement.ts): the order, the fill, every ledger
   * line, the cash account and the position. Orders are the hot path, and each round trip to the
   * database is most of an order's cost.
   */
  /** `last` sends the statement as its transaction's last (COMMIT behind it); otherwise it just runs. */
  async writeFill(tx: DbOrTx, w: FillWrite, last?: RunLast): Promise<FillWritten> {
    return executeFillStatement(tx, fillStatement(tx, w), last);
  },

  async fillsFor(db: DbOrTx, orderIds: string[]): Promise<FillRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(fills).where(inArray(fills.orderId, orderIds)).orderBy(fills.createdAt);
  },

  async page(
    db: DbOrTx,
    accountId: AccountId,
    filter: OrderFilter,
    sort: OrderSort,
    offset: number,
    limit: number,
  ) {
    const where = filterWhere(accountId, filter);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...orderBy(sort))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Every matching order, for the CSV export; `cap` bounds one download. */
  async all(
    db: DbOrTx,
    accountId: AccountId,
    filter: OrderFilter,
    sort: OrderSort,
    cap: number,
  ): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(filterWhere(accountId, filter))
      .orderBy(...orderBy(sort))
      .limit(cap);
  },

  /** Finished orders (filled, cancelled, rejected, expired), newest first. */
  async history(db: DbOrTx, accountId: AccountId, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), inArray(orders.status, FINISHED_STATUSES)))
      .orderBy(desc(orders.updatedAt), desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  /**
   * Resting share orders in time priority (the partial index `orders_resting_idx` holds only these):
   * those on the live market, or, given `accountId`, that account's alone (a replay's). Resting F&O
   * limits are the options module's matcher's.
   */
  async resting(db: DbOrTx, accountId?: AccountId): Promise<RestingOrder[]> {
    return db
      .select({
        id: orders.id,
        userId: orders.userId,
        accountId: orders.accountId,
        symbol: orders.symbol,
        side: orders.side,
        orderType: orders.orderType,
        limitPricePaise: orders.limitPricePaise,
        triggerPricePaise: orders.triggerPricePaise,
        expiresAt: orders.expiresAt,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          eq(orders.segment, 'EQ'),
          accountId ? eq(orders.accountId, accountId) : onLiveMarket(orders.accountId),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** Resting intraday (MIS) share orders, which the 15:20 cut-off cancels (F&O's is at 15:25). */
  async restingIntraday(db: DbOrTx): Promise<{ id: string; userId: string; accountId: AccountId }[]> {
    return db
      .select({ id: orders.id, userId: orders.userId, accountId: orders.accountId })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          eq(orders.product, 'MIS'),
          eq(orders.segment, 'EQ'),
          onLiveMarket(orders.accountId),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** The resting orders of one account, row-locked, oldest first (a portfolio reset cancels them). */
  async restingOfAccount(db: DbOrTx, accountId: AccountId): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .for('update');
  },

  /** Row-locks one order by id alone (the matcher acts for whichever user owns it). */
  async lockById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  async countByStatus(db: DbOrTx, accountId: AccountId): Promise<{ status: string; n: number }[]> {
    return db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(eq(orders.accountId, accountId))
      .groupBy(orders.status);
  },
};
