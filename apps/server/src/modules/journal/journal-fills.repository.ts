import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';

/** A fill as the journal shows it; read-only, straight from the trading ledger's tables. */
export interface JournalFillRow {
  id: string;
  order_id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price_paise: string;
  fees_paise: string;
  realized_pnl_paise: string;
  created_at: Date | string;
}

const COLUMNS = sql`f.id::text as id, f.order_id::text as order_id, f.symbol, f.side, f.quantity,
  f.price_paise::text as price_paise, f.fees_paise::text as fees_paise,
  f.realized_pnl_paise::text as realized_pnl_paise, f.created_at`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const journalFillsRepository = {
  /** The user's own fill; another user's id finds nothing. */
  async findOwn(db: DbOrTx, userId: string, fillId: string): Promise<JournalFillRow | undefined> {
    const [row] = await rows<JournalFillRow>(
      db,
      sql`select ${COLUMNS} from fills f where f.id = ${fillId} and f.user_id = ${userId}`,
    );
    return row;
  },

  /** The (first) fill of one of the user's orders; orders fill whole, so a filled order has one. */
  async findOwnByOrder(db: DbOrTx, userId: string, orderId: string): Promise<JournalFillRow | undefined> {
    const [row] = await rows<JournalFillRow>(
      db,
      sql`select ${COLUMNS} from fills f where f.order_id = ${orderId} and f.user_id = ${userId} order by f.created_at, f.id limit 1`,
    );
    return row;
  },
};
