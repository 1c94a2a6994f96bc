import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, is, SQL, sql, type Query, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Product } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { runNamed, type NamedStatement, type RunLast } from '../../db/fast-path/index.js';
import { cashAccounts, ledgerEntries } from '../../db/schema/ledger.js';
import { fills, orders, positions } from '../../db/schema/orders.js';
import { notifications } from '../../db/schema/notifications.js';
/* eslint-disable import-x/no-restricted-paths -- a fill writes its notice and the watchlist change in the same statement as the money. */
import {
  notificationsRepository,
  type NotificationRow,
  type NotificationSetting,
  type NotificationValues,
} from '../notifications/notifications.repository.js';
/* eslint-enable import-x/no-restricted-paths */
// eslint-disable-next-line import-x/no-restricted-paths -- one statement, one transaction: the fill's watchlist change.
import { watchlistsRepository } from '../watchlists/watchlists.repository.js';

type OrderRow = typeof orders.$inferSelect;
type FillRow = typeof fills.$inferSelect;
type CashAccountRow = typeof cashAccounts.$inferSelect;

/** Everything one fill writes, for `ordersRepository.writeFill`. */
export interface FillWrite {
  /** A new order (filled on placement) or the id of a resting one, with its filled-state columns. */
  order:
    { insert: typeof orders.$inferInsert } | { update: string; set: Partial<typeof orders.$inferInsert> };
  fill: Omit<typeof fills.$inferInsert, 'orderId'>;
  ledger: Omit<typeof ledgerEntries.$inferInsert, 'orderId'>[];
  /** The money account (portfolio season) the fill lands in, locked by the caller. */
  account: { id: AccountId; balancePaise: bigint; reservedPaise: bigint };
  /** A buy adds to the position; a sell sets the values computed under the position's row lock. */
  position: { userId: string; accountId: AccountId; symbol: string; product: Product } & (
    | { add: { quantity: number; costPaise: bigint } }
    | { set: Omit<typeof positions.$inferInsert, 'userId' | 'accountId' | 'symbol' | 'product'> }
  );
  /** Takes the symbol off, or puts it back on, the user's default watchlist in the same statement. */
  watchlist?: 'remove' | 'add' | undefined;
  /** The fill's notification, stored unless `setting` is off; its data gets the order's id. */
  notification?: { values: Omit<NotificationValues, 'data'>; setting: NotificationSetting } | undefined;
}

/** What the fill statement returns, typed as Drizzle would have read the rows. */
export interface FillWritten {
  order: OrderRow;
  fill: FillRow;
  account: CashAccountRow;
  notification: NotificationRow | undefined;
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

/** A placeholder is only its name: one per name serves every fill (most are never rendered). */
const placeholders = new Map<string, ReturnType<typeof sql.placeholder>>();

/**
 * Turns the values of a fill into named placeholders, so the statement — a dozen nested builders,
 * once the costliest thing an order did in Node — is built and rendered once per shape. The shape is
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
    let placeholder = placeholders.get(name);
    if (!placeholder) placeholders.set(name, (placeholder = sql.placeholder(name)));
    return placeholder as never;
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

/** One fill as a single statement: its rendered text, its per-shape name and its values. */
export type FillStatement = NamedStatement;

/**
 * Builds the whole fill as ONE statement (data-modifying CTEs): the order, the fill, every ledger
 * line, the cash account and the position, and optionally the watchlist change and the notice.
 * `orderId` is the new order's id (an insert) — a resting order's id comes with `w.order.update`.
 */
export function fillStatement(
  tx: DbOrTx,
  w: FillWrite,
  orderId: string = 'insert' in w.order ? randomUUID() : w.order.update,
): FillStatement {
  const b = new Bindings();
  b.shape(
    `${'insert' in w.order ? 'insert' : 'update'}|${'add' in w.position ? 'add' : 'set'}|${w.watchlist ?? ''}|${w.notification ? 'notify' : ''}`,
  );
  // Every value is bound (and the shape recorded) first; the builders below only run when this
  // shape has not been rendered yet, so a repeated shape costs no builder at all.
  const order =
    'insert' in w.order
      ? ({ kind: 'insert', values: b.row('o', { ...w.order.insert, id: orderId }) } as const)
      : ({
          kind: 'update',
          id: b.value('oid', orderId),
          set: b.row('o', { updatedAt: sql`now()`, ...w.order.set }),
        } as const);
  const fill = b.row('f', { ...w.fill, orderId });
  const ledger = w.ledger.map((line, i) => b.row(`l${i}`, { ...line, orderId }));
  const account = b.row('a', {
    balancePaise: w.account.balancePaise,
    reservedPaise: w.account.reservedPaise,
    updatedAt: sql`now()`,
  });
  const accountKey = b.value('aid', w.account.id);
  const userId = b.value('pu', w.position.userId);
  const accountId = b.value('pa', w.position.accountId);
  const symbol = b.value('ps', w.position.symbol);
  const product = b.value('pp', w.position.product);
  const position =
    'add' in w.position
      ? ({
          kind: 'add',
          quantity: b.value('pq', w.position.add.quantity),
          costBasisPaise: b.value('pc', w.position.add.costPaise),
          quantityAgain: b.value('pq2', w.position.add.quantity),
          costAgain: b.value('pc2', w.position.add.costPaise),
        } as const)
      : ({
          kind: 'set',
          values: b.row('pv', w.position.set),
          update: b.row('pset', w.position.set),
        } as const);
  const watchlist = w.watchlist
    ? {
        change: w.watchlist,
        userId: b.value('wu', w.position.userId),
        symbol: b.value('ws', w.position.symbol),
      }
    : undefined;
  let notification: { bound: NotificationValues; setting: NotificationSetting } | undefined;
  if (w.notification) {
    const { values, setting } = w.notification;
    b.shape(`${setting.column}.${setting.key}`);
    const bound = {
      ...b.row('n', {
        userId: values.userId,
        type: values.type,
        title: values.title,
        message: values.message,
        link: values.link ?? null,
      }),
      data: b.value('nd', JSON.stringify({ orderId })),
    };
    notification = { bound: bound as unknown as NotificationValues, setting };
  }
  const statement = () => {
    const orderSql =
      order.kind === 'insert'
        ? tx.insert(orders).values(order.values).returning()
        : tx.update(orders).set(order.set).where(eq(orders.id, order.id)).returning();
    const fillSql = tx.insert(fills).values(fill).returning();
    const ledgerSql = tx.insert(ledgerEntries).values(ledger);
    const accountSql = tx
      .update(cashAccounts)
      .set(account)
      .where(eq(cashAccounts.id, accountKey))
      .returning();
    const positionSql =
      position.kind === 'add'
        ? tx
            .insert(positions)
            .values({
              userId,
              accountId,
              symbol,
              product,
              quantity: position.quantity,
              costBasisPaise: position.costBasisPaise,
            })
            .onConflictDoUpdate({
              target: [positions.accountId, positions.symbol, positions.product],
              set: {
                quantity: sql`${positions.quantity} + ${position.quantityAgain}`,
                costBasisPaise: sql`${positions.costBasisPaise} + ${position.costAgain}`,
                updatedAt: sql`now()`,
              },
            })
        : tx
            .insert(positions)
            .values({ userId, accountId, symbol, product, ...position.values })
            .onConflictDoUpdate({
              target: [positions.accountId, positions.symbol, positions.product],
              set: { ...position.update, updatedAt: sql`now()` },
            });
    const watchlistSql =
      watchlist?.change === 'remove'
        ? sql`, w as (${watchlistsRepository.removeFromDefaultSql(watchlist.userId, watchlist.symbol)})`
        : watchlist?.change === 'add'
          ? sql`, w as (${watchlistsRepository.addToDefaultSql(watchlist.userId, watchlist.symbol)})`
          : sql``;
    const notificationSql = notification
      ? sql`, n as (${notificationsRepository.insertIfAllowedQuery(tx, notification.bound, notification.setting).getSQL()})`
      : sql``;
    return sql`
      with o as (${orderSql.getSQL()}), f as (${fillSql.getSQL()}), l as (${ledgerSql.getSQL()}), a as (${accountSql.getSQL()}), p as (${positionSql.getSQL()})${watchlistSql}${notificationSql}
      select (select row_to_json(o) from o) as o, (select row_to_json(f) from f) as f, (select row_to_json(a) from a) as a${notification ? sql`, (select row_to_json(n) from n) as n` : sql``}`;
  };
  const { query, name } = b.compiled(statement);
  return { query, name, values: b.values };
}

/** Runs a built fill statement as a named prepared statement (or through `last`) and reads back its rows. */
export async function executeFillStatement(
  tx: DbOrTx,
  statement: FillStatement,
  last?: RunLast,
): Promise<FillWritten> {
  const rows = (await (last ? last(statement) : runNamed(tx, statement))) as {
    o?: Record<string, unknown>;
    f?: Record<string, unknown>;
    a?: Record<string, unknown>;
    n?: Record<string, unknown> | null;
  }[];
  const [row] = rows;
  if (!row?.o || !row.f || !row.a) throw new Error('fill was not written');
  return {
    order: fromJson(orders, row.o),
    fill: fromJson(fills, row.f),
    account: fromJson(cashAccounts, row.a),
    notification: row.n ? fromJson(notifications, row.n) : undefined,
  };
}
