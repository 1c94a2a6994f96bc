import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { watchlistItems, watchlists } from '../../db/schema/watchlists.js';

export type WatchlistRow = typeof watchlists.$inferSelect;
export type WatchlistItemRow = typeof watchlistItems.$inferSelect;

export const watchlistsRepository = {
  async listForUser(db: DbOrTx, userId: string): Promise<WatchlistRow[]> {
    return db
      .select()
      .from(watchlists)
      .where(eq(watchlists.userId, userId))
      .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  },

  async items(db: DbOrTx, watchlistIds: string[]): Promise<WatchlistItemRow[]> {
    if (watchlistIds.length === 0) return [];
    return db
      .select()
      .from(watchlistItems)
      .where(inArray(watchlistItems.watchlistId, watchlistIds))
      .orderBy(asc(watchlistItems.addedAt), asc(watchlistItems.symbol));
  },

  async findOwn(db: DbOrTx, userId: string, id: string): Promise<WatchlistRow | undefined> {
    const [row] = await db
      .select()
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .limit(1);
    return row;
  },

  /** Inserts the default list unless one exists already; safe under concurrent first visits. */
  async ensureDefault(db: DbOrTx, userId: string, name: string): Promise<void> {
    await db.insert(watchlists).values({ userId, name, isDefault: true }).onConflictDoNothing();
  },

  async insert(db: DbOrTx, values: typeof watchlists.$inferInsert): Promise<WatchlistRow> {
    const [row] = await db.insert(watchlists).values(values).returning();
    return row!;
  },

  async deleteOwn(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .returning({ id: watchlists.id });
    return rows.length > 0;
  },

  /** False when the symbol was already in the list. */
  async addItem(db: DbOrTx, watchlistId: string, symbol: string): Promise<boolean> {
    const rows = await db
      .insert(watchlistItems)
      .values({ watchlistId, symbol })
      .onConflictDoNothing()
      .returning({ symbol: watchlistItems.symbol });
    return rows.length > 0;
  },

  async removeItem(db: DbOrTx, watchlistId: string, symbol: string): Promise<boolean> {
    const rows = await db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.watchlistId, watchlistId), eq(watchlistItems.symbol, symbol)))
      .returning({ symbol: watchlistItems.symbol });
    return rows.length > 0;
  },
  /** Puts a symbol on the user's default list, if they have one; one statement, no read first. */
  /** Puts a symbol on the user's default watchlist; a statement, so a fill can run it in its own. */
  addToDefaultSql(userId: string, symbol: string): SQL {
    return sql`
      insert into ${watchlistItems} (watchlist_id, symbol)
      select ${watchlists.id}, ${symbol} from ${watchlists}
      where ${watchlists.userId} = ${userId} and ${watchlists.isDefault}
      on conflict do nothing`;
  },

  removeFromDefaultSql(userId: string, symbol: string): SQL {
    return sql`
      delete from ${watchlistItems}
      where ${watchlistItems.symbol} = ${symbol}
        and ${watchlistItems.watchlistId} in (select ${watchlists.id} from ${watchlists} where ${watchlists.userId} = ${userId} and ${watchlists.isDefault})`;
  },
};
