import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, is, or, SQL, sql, type Query, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();
/**
 * The fill statement's SQL text and parameter slots by shape (see `Bindings`), each with a name
 * of its own: on PostgreSQL every pooled connection then parses and plans a shape once.
 */
const compiledFills = new Map<string, { query: Query; name: string }>();

/**
 * Turns the values of a fill into named placeholders, so the statement — a dozen nested builders,
 * the costliest thing an order does in Node — is rendered once per shape and reused. The shape is
 * which columns are set, which are null (a null placeholder would go through the column's encoder)
 * and the statement's variant; everything else is a placeholder value.
 */
class Bindings {
  readonly values: Record<string, unknown> = {};
  private key = '';

  shape(part: string) {
    this.key += `|${part}`;
  }

  /** `as never`: a placeholder stands in wherever the builders take a value. */
  value<T>(name: string, value: T): T {
    this.values[name] = value;
    return sql.placeholder(name) as never;
  }

  row<T extends Record<string, unknown>>(prefix: string, values: T): T {
    const out: Record<string, unknown> = {};
    let shape = prefix;
    for (const [column, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (value === null || is(value, SQL)) {
        shape += `,${column}=${value === null ? 'null' : 'sql'}`;
        out[column] = value;
      } else {
        shape += `,${column}`;
        out[column] = this.value(`${prefix}_${column}`, value);
      }
    }
    this.shape(shape);
    return out as T;
  }

  /** `build` must derive its text from the shape alone, which the calls above recorded. */
  compiled(build: () => SQL): { query: Query; name: string } {
    let compiled = compiledFills.get(this.key);
    if (!compiled) {
      compiled = { query: dialect.sqlToQuery(build()), name: `order_fill_${compiledFills.size}` };
      compiledFills.set(this.key, compiled);
    }
    return compiled;
  }
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
    const b = new Bindings();
    b.shape(`${'insert' in w.order ? 'insert' : 'update'}|${'add' in w.position ? 'add' : 'set'}|${w.watchlist ?? ''}|${w.notification ? 'notify' : ''}`);
    const orderSql =
      'insert' in w.order
        ? tx.insert(orders).values(b.row('o', { ...w.order.insert, id: orderId })).returning()
        : tx
            .update(orders)
            .set(b.row('o', { updatedAt: sql`now()`, ...w.order.set }))
            .where(eq(orders.id, b.value('oid', orderId)))
            .returning();
    const fillSql = tx.insert(fills).values(b.row('f', { ...w.fill, orderId })).returning();
    const ledgerSql = tx.insert(ledgerEntries).values(w.ledger.map((line, i) => b.row(`l${i}`, { ...line, orderId })));
    const accountSql = tx
      .update(cashAccounts)
      .set(b.row('a', { balancePaise: w.account.balancePaise, reservedPaise: w.account.reservedPaise, updatedAt: sql`now()` }))
      .where(eq(cashAccounts.userId, b.value('uid', w.account.userId)))
      .returning();
    const userId = b.value('pu', w.position.userId);
    const symbol = b.value('ps', w.position.symbol);
    const positionSql =
      'add' in w.position
        ? tx
            .insert(positions)
            .values({ userId, symbol, quantity: b.value('pq', w.position.add.quantity), costBasisPaise: b.value('pc', w.position.add.costPaise) })
            .onConflictDoUpdate({
              target: [positions.userId, positions.symbol],
              set: {
                quantity: sql`${positions.quantity} + ${b.value('pq2', w.position.add.quantity)}`,
                costBasisPaise: sql`${positions.costBasisPaise} + ${b.value('pc2', w.position.add.costPaise)}`,
                updatedAt: sql`now()`,
              },
            })
        : tx
            .insert(positions)
            .values({ userId, symbol, ...b.row('pv', w.position.set) })
            .onConflictDoUpdate({ target: [positions.userId, positions.symbol], set: { ...b.row('pset', w.position.set), updatedAt: sql`now()` } });
    const watchlistSql =
      w.watchlist === 'remove'
        ? sql`, w as (${watchlistsRepository.removeFromDefaultSql(b.value('wu', w.position.userId), b.value('ws', w.position.symbol))})`
        : w.watchlist === 'add'
          ? sql`, w as (${watchlistsRepository.addToDefaultSql(b.value('wu', w.position.userId), b.value('ws', w.position.symbol))})`
          : sql``;
    let notificationSql = sql``;
    if (w.notification) {
      const { values, setting } = w.notification;
      b.shape(`${setting.column}.${setting.key}`);
      const bound = { ...b.row('n', { userId: values.userId, type: values.type, title: values.title, message: values.message, link: values.link ?? null }), data: b.value('nd', JSON.stringify({ orderId })) };
      notificationSql = sql`, n as (${notificationsRepository.insertIfAllowedQuery(tx, bound as unknown as NotificationValues, setting).getSQL()})`;
    }
    const statement = () => sql`
      with o as (${orderSql.getSQL()}), f as (${fillSql.getSQL()}), l as (${ledgerSql.getSQL()}), a as (${accountSql.getSQL()}), p as (${positionSql.getSQL()})${watchlistSql}${notificationSql}
      select (select row_to_json(o) from o) as o, (select row_to_json(f) from f) as f, (select row_to_json(a) from a) as a${w.notification ? sql`, (select row_to_json(n) from n) as n` : sql``}`;
    const { query, name } = b.compiled(statement);
    const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute(b.values)) as unknown as {
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
    // Named, so PostgreSQL parses and plans it once per connection: every sell runs it.
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, sql.placeholder('userId')), eq(positions.symbol, sql.placeholder('symbol'))))
      .for('update')
      .prepare('lock_position')
      .execute({ userId, symbol });
    return row;
  },

  async position(db: DbOrTx, userId: string, symbol: string): Promise<PositionRow | undefined> {
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)))
      .limit(1);
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
