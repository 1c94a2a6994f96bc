import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  is,
  isNotNull,
  isNull,
  or,
  Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { notifications } from '../../db/schema/notifications.js';
import { users } from '../../db/schema/users.js';
import { containsPattern } from '../../lib/sql-like.js';

export type NotificationRow = typeof notifications.$inferSelect;

export type NotificationValues = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;
/** The user setting (a key of one of the users' jsonb settings columns) that can switch a notification off. */
export interface NotificationSetting {
  column: 'notificationSettings' | 'securitySettings';
  key: string;
}

export interface NotificationFilter {
  type?: string | undefined;
  read?: boolean | undefined;
  search?: string | undefined;
}

function where(userId: string, filter: NotificationFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(notifications.userId, userId)];
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  if (filter.read !== undefined)
    conditions.push(filter.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(notifications.title, pattern), ilike(notifications.message, pattern)));
  }
  return and(...conditions)!;
}

export const notificationsRepository = {
  async insert(db: DbOrTx, values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await db.insert(notifications).values(values).returning();
    return row!;
  },

  /**
   * Inserts only when the user exists and has not switched `setting` off, in one statement: the
   * preference read and the insert are one round trip on the order path.
   */
  async insertIfAllowed(
    db: DbOrTx,
    values: NotificationValues,
    setting: NotificationSetting,
  ): Promise<NotificationRow | undefined> {
    const [row] = await notificationsRepository.insertIfAllowedQuery(db, values, setting);
    return row;
  },

  /** The statement of `insertIfAllowed`, for a caller that runs it inside its own (a fill's CTE). */
  insertIfAllowedQuery(db: DbOrTx, values: NotificationValues, setting: NotificationSetting) {
    return db
      .insert(notifications)
      .select((qb) =>
        qb
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            userId: users.id,
            type: sql`${values.type}`.as('type'),
            title: sql`${values.title}`.as('title'),
            message: sql`${values.message}`.as('message'),
            link: sql`${values.link ?? null}::text`.as('link'),
            data: sql`${values.data === undefined || values.data === null ? null : is(values.data, Placeholder) ? values.data : JSON.stringify(values.data)}::jsonb`.as(
              'data',
            ),
            readAt: sql`null::timestamptz`.as('read_at'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(users)
          .where(
            and(
              eq(users.id, values.userId),
              sql`(${users[setting.column]} -> ${setting.key}) is distinct from 'false'::jsonb`,
            ),
          ),
      )
      .returning();
  },

  /** Deletes all but the newest `keep` of the user's notifications. */
  async prune(db: DbOrTx, userId: string, keep: number): Promise<void> {
    await db.execute(sql`
      DELETE FROM ${notifications}
      WHERE ${notifications.id} IN (
        SELECT ${notifications.id} FROM ${notifications}
        WHERE ${notifications.userId} = ${userId}
        ORDER BY ${notifications.createdAt} DESC, ${notifications.id} DESC
        OFFSET ${keep}
      )`);
  },

  async page(
    db: DbOrTx,
    userId: string,
    filter: NotificationFilter,
    options: { offset: number; limit: number; newestFirst: boolean },
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const condition = where(userId, filter);
    const order = options.newestFirst
      ? [desc(notifications.createdAt), desc(notifications.id)]
      : [asc(notifications.createdAt), asc(notifications.id)];
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(condition)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset),
      db.select({ n: count() }).from(notifications).where(condition),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  async findOwn(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row;
  },

  async unreadCount(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  },

  /** Sets readAt once; an already-read notification keeps its first readAt. */
  async markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  },

  async markAllRead(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },

  async deleteOwn(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },
};
