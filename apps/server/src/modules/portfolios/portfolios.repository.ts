import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { asAccountId, type AccountId } from '../../db/account-id.js';
import { cashAccounts, ledgerEntries, type SeasonFinalFigures } from '../../db/schema/ledger.js';
import { portfolios } from '../../db/schema/portfolios.js';
import { fills } from '../../db/schema/orders.js';
import type { PortfolioKind } from '@nivesh/shared';

export type PortfolioRow = typeof portfolios.$inferSelect;
export type SeasonRow = typeof cashAccounts.$inferSelect;

/** A portfolio with the account of its open season. */
export type OpenPortfolio = PortfolioRow & { accountId: AccountId };

const withOpenAccount = {
  portfolio: portfolios,
  accountId: cashAccounts.id,
};

export const portfoliosRepository = {
  /**
   * Creates a portfolio and opens its first season's account with the starting cash as its first
   * ledger entry. Call inside a transaction.
   */
  async create(
    db: DbOrTx,
    values: { userId: string; name: string; kind: PortfolioKind; startingCashPaise: bigint },
    description: string,
  ): Promise<OpenPortfolio> {
    const [portfolio] = await db.insert(portfolios).values(values).returning();
    const accountId = await portfoliosRepository.openSeason(db, portfolio!, 1, description);
    return { ...portfolio!, accountId };
  },

  /** Opens season `season` of a portfolio: a fresh cash account holding the starting cash. */
  async openSeason(
    db: DbOrTx,
    portfolio: PortfolioRow,
    season: number,
    description: string,
  ): Promise<AccountId> {
    const [account] = await db
      .insert(cashAccounts)
      .values({
        userId: portfolio.userId,
        portfolioId: portfolio.id,
        season,
        balancePaise: portfolio.startingCashPaise,
      })
      .returning({ id: cashAccounts.id });
    const accountId = asAccountId(account!.id);
    await db.insert(ledgerEntries).values({
      userId: portfolio.userId,
      accountId,
      kind: 'OPENING_BALANCE',
      amountPaise: portfolio.startingCashPaise,
      balanceAfterPaise: portfolio.startingCashPaise,
      description,
    });
    return accountId;
  },

  /** The user's portfolios, main first, each with its open season's account. */
  async list(db: DbOrTx, userId: string): Promise<OpenPortfolio[]> {
    const rows = await db
      .select(withOpenAccount)
      .from(portfolios)
      .innerJoin(
        cashAccounts,
        and(eq(cashAccounts.portfolioId, portfolios.id), eq(cashAccounts.season, portfolios.season)),
      )
      .where(eq(portfolios.userId, userId))
      .orderBy(sql`${portfolios.kind} <> 'main'`, asc(portfolios.createdAt), asc(portfolios.id));
    return rows.map((r) => ({ ...r.portfolio, accountId: asAccountId(r.accountId) }));
  },

  /** One of the user's portfolios (main when `portfolioId` is undefined); undefined when not theirs. */
  async find(
    db: DbOrTx,
    userId: string,
    portfolioId: string | undefined,
  ): Promise<OpenPortfolio | undefined> {
    const [row] = await db
      .select(withOpenAccount)
      .from(portfolios)
      .innerJoin(
        cashAccounts,
        and(eq(cashAccounts.portfolioId, portfolios.id), eq(cashAccounts.season, portfolios.season)),
      )
      .where(
        and(
          eq(portfolios.userId, userId),
          portfolioId === undefined ? eq(portfolios.kind, 'main') : eq(portfolios.id, portfolioId),
        ),
      )
      .limit(1);
    return row && { ...row.portfolio, accountId: asAccountId(row.accountId) };
  },

  /** Row-locks the portfolio: a reset and the season it replaces queue here. */
  async lock(db: DbOrTx, userId: string, portfolioId: string): Promise<PortfolioRow | undefined> {
    const [row] = await db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.userId, userId), eq(portfolios.id, portfolioId)))
      .for('update');
    return row;
  },

  async countOfKind(db: DbOrTx, userId: string, kind: PortfolioKind): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(portfolios)
      .where(and(eq(portfolios.userId, userId), eq(portfolios.kind, kind)));
    return row?.n ?? 0;
  },

  async setSeason(db: DbOrTx, portfolioId: string, season: number): Promise<void> {
    await db.update(portfolios).set({ season }).where(eq(portfolios.id, portfolioId));
  },

  /** Marks a season's account closed (read-only) with the figures it ended on. */
  async closeSeason(db: DbOrTx, accountId: AccountId, figures: SeasonFinalFigures): Promise<void> {
    await db
      .update(cashAccounts)
      .set({ closedAt: sql`now()`, finalFigures: figures })
      .where(and(eq(cashAccounts.id, accountId), isNull(cashAccounts.closedAt)));
  },

  /** Charges paid and trades made in one account: two of a closed season's final figures. */
  async tradeTotals(db: DbOrTx, accountId: AccountId): Promise<{ chargesPaise: bigint; trades: number }> {
    const [row] = await db
      .select({
        charges: sql<string>`coalesce(sum(${fills.feesPaise}), 0)::text`,
        trades: sql<number>`count(*)::int`,
      })
      .from(fills)
      .where(eq(fills.accountId, accountId));
    return { chargesPaise: BigInt(row?.charges ?? '0'), trades: row?.trades ?? 0 };
  },

  async seasons(db: DbOrTx, portfolioId: string): Promise<SeasonRow[]> {
    return db
      .select()
      .from(cashAccounts)
      .where(eq(cashAccounts.portfolioId, portfolioId))
      .orderBy(asc(cashAccounts.season));
  },

  async seasonAccount(db: DbOrTx, portfolioId: string, season: number): Promise<AccountId | undefined> {
    const [row] = await db
      .select({ id: cashAccounts.id })
      .from(cashAccounts)
      .where(and(eq(cashAccounts.portfolioId, portfolioId), eq(cashAccounts.season, season)))
      .limit(1);
    return row && asAccountId(row.id);
  },
};
