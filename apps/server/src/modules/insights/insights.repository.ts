import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { HabitFill } from './habits.math.js';

interface FillRow {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price_paise: string;
  value_paise: string;
  fees_paise: string;
  realized_pnl_paise: string;
  created_at: Date | string;
}

/** Read-only over the trading ledger's fills: the habits are computed from nothing else the user did. */
export const insightsRepository = {
  async fills(db: DbOrTx, userId: string): Promise<HabitFill[]> {
    const result = (await db.execute(sql`
      select symbol, side, quantity, price_paise::text as price_paise, value_paise::text as value_paise,
        fees_paise::text as fees_paise, realized_pnl_paise::text as realized_pnl_paise, created_at
      from fills where user_id = ${userId}
      order by created_at, id`)) as unknown as { rows: FillRow[] };
    return result.rows.map((r) => ({
      symbol: r.symbol,
      side: r.side,
      quantity: r.quantity,
      pricePaise: BigInt(r.price_paise),
      valuePaise: BigInt(r.value_paise),
      feesPaise: BigInt(r.fees_paise),
      realizedPnlPaise: BigInt(r.realized_pnl_paise),
      at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).getTime(),
    }));
  },
};
