import { and, asc, eq, gte, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import { FEE_LINES, type FeeLineKey, type Product } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { fills } from '../../db/schema/orders.js';

/** One fill as its readers (stats, performance, insights, journal) see it; money in paise. */
export type FillRecord = Pick<
  typeof fills.$inferSelect,
  | 'id'
  | 'orderId'
  | 'symbol'
  | 'quantity'
  | 'pricePaise'
  | 'valuePaise'
  | 'feesPaise'
  | 'realizedPnlPaise'
  | 'createdAt'
> & { side: 'BUY' | 'SELL' };

const COLUMNS = {
  id: fills.id,
  orderId: fills.orderId,
  symbol: fills.symbol,
  side: fills.side,
  quantity: fills.quantity,
  pricePaise: fills.pricePaise,
  valuePaise: fills.valuePaise,
  feesPaise: fills.feesPaise,
  realizedPnlPaise: fills.realizedPnlPaise,
  createdAt: fills.createdAt,
};

/**
 * The stored column of each fee line. Typed over every `FeeLineKey`, so a new line in FEE_LINES
 * fails to compile here until its column is mapped, and then every report that totals charges has it.
 */
const FEE_COLUMNS = {
  brokerage: fills.brokeragePaise,
  exchangeCharge: fills.exchangeChargePaise,
  stt: fills.sttPaise,
  gst: fills.gstPaise,
  sebiFee: fills.sebiFeePaise,
  stampDuty: fills.stampDutyPaise,
  dpCharge: fills.dpChargePaise,
  squareOffCharge: fills.squareOffChargePaise,
} satisfies Record<FeeLineKey, AnyColumn>;

/** A fill with each charge line it was booked with (paise), for reports that itemise charges. */
export type ChargedFillRecord = FillRecord & {
  product: Product;
  /** The IST date on the market clock the fill was booked on (its contract-note day). */
  tradeDate: string;
  charges: Record<FeeLineKey, bigint>;
};

// The column is text with a check constraint; the type says which two values it holds.
const typed = (rows: (Omit<FillRecord, 'side'> & { side: string })[]) => rows as FillRecord[];

async function first(db: DbOrTx, where: SQL | undefined): Promise<FillRecord | undefined> {
  const rows = await db
    .select(COLUMNS)
    .from(fills)
    .where(where)
    .orderBy(asc(fills.createdAt), asc(fills.id))
    .limit(1);
  return typed(rows)[0];
}

/** The one reader of the fills table outside the order path that writes it. */
export const fillsRepository = {
  /** Every fill of a user, oldest first (ties by id, so a replay is deterministic). */
  async history(db: DbOrTx, accountId: AccountId): Promise<FillRecord[]> {
    return typed(
      await db
        .select(COLUMNS)
        .from(fills)
        .where(eq(fills.accountId, accountId))
        .orderBy(asc(fills.createdAt), asc(fills.id)),
    );
  },

  /**
   * Every fill of a user, oldest first, with its product, trade date and charge lines as stored
   * when it was booked; with `days`, only those of trade dates `from` to `to` (IST, inclusive).
   */
  async historyWithCharges(
    db: DbOrTx,
    accountId: AccountId,
    days?: { from: string; to: string },
  ): Promise<ChargedFillRecord[]> {
    const rows = await db
      .select({ ...COLUMNS, ...FEE_COLUMNS, product: fills.product, tradeDate: fills.tradeDate })
      .from(fills)
      .where(
        and(
          eq(fills.accountId, accountId),
          days ? gte(fills.tradeDate, days.from) : undefined,
          days ? lte(fills.tradeDate, days.to) : undefined,
        ),
      )
      .orderBy(asc(fills.createdAt), asc(fills.id));
    return rows.map((row) => ({
      ...typed([row])[0]!,
      product: row.product,
      tradeDate: row.tradeDate,
      charges: Object.fromEntries(FEE_LINES.map(({ key }) => [key, row[key]])) as Record<FeeLineKey, bigint>,
    }));
  },

  /** The user's own fill; another user's id finds nothing. */
  async findOwn(db: DbOrTx, accountId: AccountId, fillId: string): Promise<FillRecord | undefined> {
    return first(db, and(eq(fills.id, fillId), eq(fills.accountId, accountId)));
  },

  /** The (first) fill of one of the user's orders; orders fill whole, so a filled order has one. */
  async findOwnByOrder(db: DbOrTx, accountId: AccountId, orderId: string): Promise<FillRecord | undefined> {
    return first(db, and(eq(fills.orderId, orderId), eq(fills.accountId, accountId)));
  },
};
