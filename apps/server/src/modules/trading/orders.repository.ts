import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, or, sql, type SQL, type Table } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type OrderListQuery } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import { cashAccounts, fills, ledgerEntries, notifications, orders, positions } from '../../db/schema.js';
import { notificationsRepository, type NotificationRow, type NotificationSetting, type NotificationValues } from '../notifications/notifications.repository.js';
import { watchlistsRepository } from '../watchlists/watchlists.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;
type CashAccountRow = typeof cashAccounts.$inferSelect;

/** Everything one fill writes, for `writeFill`. */
export interface FillWrite {
  /** A new order (filled on placement) or the id of a resting one, with its filled-state columns. */
  order: { insert: typeof orders.$inferInsert } | { update: string; set: Partial<typeof orders.$inferInsert> };
  fill: Omit<typeof fills.$inferInsert, 'orderId'>;
  ledger: Omit<typeof ledgerEntries.$inferInsert, 'orderId'>[];
  account: { userId: string; balancePaise: bigint; reservedPaise: bigint };
  /** A buy adds to the position; a sell sets the values computed under the position's row lock. */
  position: { userId: string; symbol: string } & ({ add: { quantity: number; costPaise: bigint } } | { set: Omit<typeof positions.$inferInsert, 'userId' | 'symbol'> });
  /** Takes the symbol off, or puts it back on, the user's default watchlist in the same statement. */
  watchlist?: 'remove' | 'add' | undefined;
  /** The fill's notification, stored unless `setting` is off; its data gets the order's id. */
  notification?: { values: Omit<NotificationValues, 'data'>; setting: NotificationSetting } | undefined;
}

/** A row that came back as JSON (row_to_json), typed as Drizzle would have read it. */
function fromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

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

function filterWhere(userId: string, filter: OrderFilter): SQL | undefined {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(orders.userId, userId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.side ? eq(orders.side, filter.side) : undefined,
    filter.orderType ? eq(orders.orderType, filter.orderType) : undefined,
    filter.symbol ? eq(orders.symbol, filter.symbol) : undefined,
    pattern ? or(ilike(orders.symbol, pattern), ilike(orders.name, pattern), ilike(sql`${orders.id}::text`, pattern)) : undefined,
  );
}

function orderBy(sort: OrderSort): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace(/^-/, '');
  // Unfilled orders have no total; they sort after the filled ones either way.
  const column = key === 'total' ? sql`${orders.totalPaise} ${sql.raw(dir === desc ? 'desc' : 'asc')} nulls last` : key === 'symbol' ? dir(orders.symbol) : dir(orders.createdAt);
  return [column, desc(orders.createdAt), desc(orders.id)];
}

/** What the matcher needs to decide about a resting order without loading all of it. */
export interface RestingOrder {
  id: string;
  userId: string;
  symbol: string;
  side: string;
  orderType: string;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  expiresAt: Date | null;
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
    const [row] = await db.update(orders).set({ updatedAt: sql`now()`, ...values }).where(eq(orders.id, id)).returning();
    return row!;
  },

  /**
   * Writes a whole fill in ONE statement (data-modifying CTEs): the order, the fill, every ledger
   * line, the cash account and the position. Orders are the hot path, and each round trip to the
   * database is most of an order's cost.
   */
  async writeFill(tx: DbOrTx, w: FillWrite): Promise<{ order: OrderRow; fill: FillRow; account: CashAccountRow; notification: NotificationRow | undefined }> {
    const orderId = 'insert' in w.order ? randomUUID() : w.order.update;
    const orderSql =
      'insert' in w.order
        ? tx.insert(orders).values({ ...w.order.insert, id: orderId }).returning()
        : tx.update(orders).set({ updatedAt: sql`now()`, ...w.order.set }).where(eq(orders.id, orderId)).returning();
    const fillSql = tx.insert(fills).values({ ...w.fill, orderId }).returning();
    const ledgerSql = tx.insert(ledgerEntries).values(w.ledger.map((line) => ({ ...line, orderId })));
    const accountSql = tx
      .update(cashAccounts)
      .set({ balancePaise: w.account.balancePaise, reservedPaise: w.account.reservedPaise, updatedAt: sql`now()` })
      .where(eq(cashAccounts.userId, w.account.userId))
      .returning();
    const { userId, symbol } = w.position;
    const positionSql =
      'add' in w.position
        ? tx
            .insert(positions)
            .values({ userId, symbol, quantity: w.position.add.quantity, costBasisPaise: w.position.add.costPaise })
            .onConflictDoUpdate({
              target: [positions.userId, positions.symbol],
              set: {
                quantity: sql`${positions.quantity} + ${w.position.add.quantity}`,
                costBasisPaise: sql`${positions.costBasisPaise} + ${w.position.add.costPaise}`,
                updatedAt: sql`now()`,
              },
            })
        : tx
            .insert(positions)
            .values({ userId, symbol, ...w.position.set })
            .onConflictDoUpdate({ target: [positions.userId, positions.symbol], set: { ...w.position.set, updatedAt: sql`now()` } });
    const watchlistSql =
      w.watchlist === 'remove'
        ? sql`, w as (${watchlistsRepository.removeFromDefaultSql(userId, symbol)})`
        : w.watchlist === 'add'
          ? sql`, w as (${watchlistsRepository.addToDefaultSql(userId, symbol)})`
          : sql``;
    const notificationSql = w.notification
      ? sql`, n as (${notificationsRepository.insertIfAllowedQuery(tx, { ...w.notification.values, data: { orderId } }, w.notification.setting).getSQL()})`
      : sql``;
    const result = (await tx.execute(sql`
      with o as (${orderSql.getSQL()}), f as (${fillSql.getSQL()}), l as (${ledgerSql.getSQL()}), a as (${accountSql.getSQL()}), p as (${positionSql.getSQL()})${watchlistSql}${notificationSql}
      select (select row_to_json(o) from o) as o, (select row_to_json(f) from f) as f, (select row_to_json(a) from a) as a${w.notification ? sql`, (select row_to_json(n) from n) as n` : sql``}`)) as unknown as {
      rows: { o: Record<string, unknown>; f: Record<string, unknown>; a: Record<string, unknown>; n?: Record<string, unknown> | null }[];
    };
    const [row] = result.rows;
    if (!row?.o || !row.f || !row.a) throw new Error('fill was not written');
    return {
      order: fromJson(orders, row.o),
      fill: fromJson(fills, row.f),
      account: fromJson(cashAccounts, row.a),
      notification: row.n ? fromJson(notifications, row.n) : undefined,
    };
  },

  async fillsFor(db: DbOrTx, orderIds: string[]): Promise<FillRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(fills).where(inArray(fills.orderId, orderIds)).orderBy(fills.createdAt);
  },

  async page(db: DbOrTx, userId: string, filter: OrderFilter, sort: OrderSort, offset: number, limit: number) {
    const where = filterWhere(userId, filter);
    const [rows, [total]] = await Promise.all([
      db.select().from(orders).where(where).orderBy(...orderBy(sort)).offset(offset).limit(limit),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Every matching order, for the CSV export; `cap` bounds one download. */
  async all(db: DbOrTx, userId: string, filter: OrderFilter, sort: OrderSort, cap: number): Promise<OrderRow[]> {
    return db.select().from(orders).where(filterWhere(userId, filter)).orderBy(...orderBy(sort)).limit(cap);
  },

  /** Finished orders (filled, cancelled, rejected, expired), newest first. */
  async history(db: DbOrTx, userId: string, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, FINISHED_STATUSES)))
      .orderBy(desc(orders.updatedAt), desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  /** Resting orders in time priority; the partial index `orders_resting_idx` holds only these. */
  async resting(db: DbOrTx): Promise<RestingOrder[]> {
    return db
      .select({
        id: orders.id,
        userId: orders.userId,
        symbol: orders.symbol,
        side: orders.side,
        orderType: orders.orderType,
        limitPricePaise: orders.limitPricePaise,
        triggerPricePaise: orders.triggerPricePaise,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(inArray(orders.status, [...OPEN_ORDER_STATUSES]))
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** Row-locks one order by id alone (the matcher acts for whichever user owns it). */
  async lockById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  async countByStatus(db: DbOrTx, userId: string): Promise<{ status: string; n: number }[]> {
    return db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.status);
  },

  async lockPosition(db: DbOrTx, userId: string, symbol: string): Promise<PositionRow | undefined> {
    return ordersRepository.position(db, userId, symbol, { lock: true });
  },

  async position(db: DbOrTx, userId: string, symbol: string, options: { lock?: boolean } = {}): Promise<PositionRow | undefined> {
    const query = db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)));
    const [row] = options.lock ? await query.for('update') : await query.limit(1);
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
