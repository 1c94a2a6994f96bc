import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { cashAccounts } from '../../db/schema/ledger.js';
import { fills, orders } from '../../db/schema/orders.js';
import { portfolios } from '../../db/schema/portfolios.js';
import { replays } from '../../db/schema/replay.js';

export type ReplayRow = typeof replays.$inferSelect;
export type NewReplayRow = typeof replays.$inferInsert;

const own = (userId: string, id: string) => and(eq(replays.id, id), eq(replays.userId, userId));

export const replayRepository = {
  async insert(db: DbOrTx, values: NewReplayRow): Promise<ReplayRow> {
    const [row] = await db.insert(replays).values(values).returning();
    return row!;
  },

  /** The user's replay, or undefined (another user's id reads as missing). */
  async findOwn(db: DbOrTx, userId: string, id: string): Promise<ReplayRow | undefined> {
    const [row] = await db.select().from(replays).where(own(userId, id));
    return row;
  },

  /** Marks the replay finished unless it already is: of two finishes racing, one gets the row. */
  async markFinished(
    db: DbOrTx,
    userId: string,
    id: string,
    values: Pick<ReplayRow, 'clockMs' | 'finishedAt'>,
  ): Promise<ReplayRow | undefined> {
    const [row] = await db
      .update(replays)
      .set({ ...values, status: 'finished', playingSince: null })
      .where(and(own(userId, id), ne(replays.status, 'finished')))
      .returning();
    return row;
  },

  /** Whether the portfolio is a blind replay's that is not finished: its names and dates are hidden. */
  async sealed(db: DbOrTx, portfolioId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: replays.id })
      .from(replays)
      .where(
        and(eq(replays.portfolioId, portfolioId), eq(replays.blind, true), ne(replays.status, 'finished')),
      );
    return Boolean(row);
  },

  /** Whether the portfolio is a replay's that is not finished yet (blind or not). */
  async unfinished(db: DbOrTx, portfolioId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: replays.id })
      .from(replays)
      .where(and(eq(replays.portfolioId, portfolioId), ne(replays.status, 'finished')));
    return Boolean(row);
  },

  /** How many of the user's replays are not finished. */
  async countOpen(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(replays)
      .where(and(eq(replays.userId, userId), ne(replays.status, 'finished')));
    return Number(row?.n ?? 0);
  },

  /** The user's replays, newest first, at most `limit`. */
  async listOwn(db: DbOrTx, userId: string, limit: number): Promise<ReplayRow[]> {
    return db
      .select()
      .from(replays)
      .where(eq(replays.userId, userId))
      .orderBy(desc(replays.createdAt), desc(replays.id))
      .limit(limit);
  },

  async update(
    db: DbOrTx,
    userId: string,
    id: string,
    values: Partial<Pick<ReplayRow, 'status' | 'clockMs' | 'playingSince' | 'finishedAt' | 'score'>>,
  ): Promise<ReplayRow | undefined> {
    const [row] = await db.update(replays).set(values).where(own(userId, id)).returning();
    return row;
  },

  /** The replay whose portfolio holds the cash account `accountId`, with that portfolio's account; undefined for any other account. */
  async findByAccount(db: DbOrTx, accountId: AccountId): Promise<ReplayRow | undefined> {
    const [row] = await db
      .select({ replay: replays })
      .from(replays)
      .innerJoin(cashAccounts, eq(cashAccounts.portfolioId, replays.portfolioId))
      .where(eq(cashAccounts.id, accountId));
    return row?.replay;
  },

  /** The open account of a replay's portfolio, with its cash and the portfolio's starting cash. */
  async account(db: DbOrTx, portfolioId: string) {
    const [row] = await db
      .select({
        accountId: cashAccounts.id,
        balancePaise: cashAccounts.balancePaise,
        reservedPaise: cashAccounts.reservedPaise,
        startingCashPaise: portfolios.startingCashPaise,
      })
      .from(cashAccounts)
      .innerJoin(portfolios, eq(portfolios.id, cashAccounts.portfolioId))
      .where(and(eq(cashAccounts.portfolioId, portfolioId), eq(cashAccounts.season, portfolios.season)));
    return row;
  },

  /** Records that resting orders were matched up to `ms` (never moves back). */
  async matchedTo(db: DbOrTx, id: string, ms: number): Promise<void> {
    await db
      .update(replays)
      .set({ matchedToMs: sql`greatest(coalesce(${replays.matchedToMs}, 0), ${ms})` })
      .where(eq(replays.id, id));
  },

  /** Every order of the account, newest first, with its fill (orders fill whole, once). */
  async orders(db: DbOrTx, accountId: AccountId) {
    return db
      .select({ order: orders, fill: fills })
      .from(orders)
      .leftJoin(fills, eq(fills.orderId, orders.id))
      .where(eq(orders.accountId, accountId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
  },

  /** The account's fills in replay-time order (an order's executedAt is on the replay clock). */
  async fills(db: DbOrTx, accountId: AccountId) {
    return db
      .select({
        symbol: fills.symbol,
        side: fills.side,
        product: fills.product,
        quantity: fills.quantity,
        pricePaise: fills.pricePaise,
        valuePaise: fills.valuePaise,
        feesPaise: fills.feesPaise,
        executedAt: orders.executedAt,
        clientOrderId: orders.clientOrderId,
      })
      .from(fills)
      .innerJoin(orders, eq(orders.id, fills.orderId))
      .where(eq(fills.accountId, accountId))
      .orderBy(asc(orders.executedAt), asc(fills.createdAt), asc(fills.id));
  },
};
