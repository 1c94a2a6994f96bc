import {
  CUSTOM_PORTFOLIOS_LIMIT_MESSAGE,
  DEFAULT_PORTFOLIO_STARTING_CASH_PAISE,
  MAX_CUSTOM_PORTFOLIOS,
  REPLAY_VALUED_ELSEWHERE_MESSAGE,
  paiseToRupees,
  rupeesToPaise,
  type CreatePortfolioRequest,
  type Portfolio,
  type PortfolioSeason,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { alertsRepository } from '../alerts/alerts.repository.js';
import { gttRepository } from '../gtt/gtt.repository.js';
import type { OrderAnnouncer, Executed } from '../orders/order-announcer.js';
import type { OrderExecution } from '../orders/order-execution.service.js';
import { ordersRepository } from '../orders/orders.repository.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { portfoliosRepository, type OpenPortfolio } from './portfolios.repository.js';

export const PORTFOLIO_NOT_FOUND = 'Portfolio not found';

/** The portfolio a money request is about, and the account its money lives in. */
export interface ResolvedPortfolio extends AccountRef {
  portfolioId: string;
  kind: Portfolio['kind'];
  /** The portfolio's name ("Main" for main), for reports that say which portfolio they are about. */
  name: string;
  /** Each season's starting cash. */
  startingCashPaise: bigint;
  season: number;
  /** False when a closed season was asked for: reads only. */
  open: boolean;
}

export function toPortfolio(row: OpenPortfolio): Portfolio {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    season: row.season,
    startingCash: paiseToRupees(row.startingCashPaise),
    createdAt: row.createdAt.toISOString(),
  };
}

type LockedAccount = NonNullable<Awaited<ReturnType<typeof ledgerRepository.lockAccount>>>;

/**
 * Closes a season's account read-only, inside the caller's transaction that holds its lock: its
 * resting orders are cancelled (reservations released) and its active GTTs ended first, so nothing
 * of it moves afterwards, then its final figures are kept. Shared by a reset and a class archive.
 */
async function closeSeason(
  tx: DbOrTx,
  execution: OrderExecution,
  account: LockedAccount,
  figures: { totalValue: number; availableCash: number; totalPnl: number; realisedPnl: number },
  reason: string,
  now: Date,
): Promise<{ account: LockedAccount; released: Executed[] }> {
  const released: Executed[] = [];
  for (const order of await ordersRepository.restingOfAccount(tx, account.id)) {
    const done = await execution.release(tx, account, order, 'CANCELLED', reason, now);
    released.push(done);
    account = done.account ?? account;
  }
  await gttRepository.cancelActiveForAccount(tx, account.id, reason);
  const totals = await portfoliosRepository.tradeTotals(tx, account.id);
  await portfoliosRepository.closeSeason(tx, account.id, {
    totalValue: figures.totalValue,
    availableCash: figures.availableCash,
    totalPnl: figures.totalPnl,
    realisedPnl: figures.realisedPnl,
    chargesPaid: paiseToRupees(totals.chargesPaise),
    trades: totals.trades,
  });
  return { account, released };
}

const resolved = (row: OpenPortfolio): ResolvedPortfolio => ({
  userId: row.userId,
  accountId: row.accountId,
  portfolioId: row.id,
  kind: row.kind,
  name: row.name,
  startingCashPaise: row.startingCashPaise,
  season: row.season,
  open: true,
});

/**
 * Named portfolios: the one resolver every money route goes through (a portfolio id the user
 * does not own is a 404, never someone else's money), and create/list.
 */
export class PortfoliosService {
  constructor(
    private readonly o: {
      db: Db;
      /** For a reset: the final figures, and releasing the closed season's resting orders. */
      portfolio?: PortfolioService;
      execution?: OrderExecution;
      announcer?: OrderAnnouncer;
      now?: () => Date;
      /** Whether a replay portfolio is an unfinished blind one (the replay module answers). */
      sealed?: (portfolioId: string) => Promise<boolean>;
      /** Whether a replay portfolio's replay is not finished yet (the replay module answers). */
      unfinished?: (portfolioId: string) => Promise<boolean>;
    },
  ) {}

  /**
   * The user's portfolio `portfolioId`, or main when omitted; 404 when it is not theirs. An
   * unfinished blind replay's portfolio is refused: every general route would name its stocks and
   * dates, which stay hidden until the finish (its own screen reads GET /api/replays/:id/portfolio).
   */
  async resolve(userId: string, portfolioId?: string, db: DbOrTx = this.o.db): Promise<ResolvedPortfolio> {
    const who = await this.resolveToTrade(userId, portfolioId, db);
    if (who.kind === 'replay' && (await this.o.sealed?.(who.portfolioId)))
      throw new AppError(
        403,
        'FORBIDDEN',
        "A blind replay's portfolio is shown on its replay screen until the replay is finished",
      );
    return who;
  }

  /**
   * For the routes that value a portfolio at market prices (summary, holdings, performance, stats):
   * those read today's market, so a replay's portfolio, which trades at its replay's clock, is refused
   * with where its own valuation is read instead of being shown at prices from another day.
   */
  async resolveValued(userId: string, portfolioId?: string): Promise<ResolvedPortfolio> {
    const who = await this.resolve(userId, portfolioId);
    if (who.kind === 'replay') throw conflict(REPLAY_VALUED_ELSEWHERE_MESSAGE);
    return who;
  }

  /**
   * For placing, changing and cancelling orders: any portfolio of the user, blind replays' too (the
   * order routes answer a blind replay with its stand-in names).
   */
  async resolveToTrade(
    userId: string,
    portfolioId?: string,
    db: DbOrTx = this.o.db,
  ): Promise<ResolvedPortfolio> {
    const row = await portfoliosRepository.find(db, userId, portfolioId);
    if (!row) throw notFound(PORTFOLIO_NOT_FOUND);
    return resolved(row);
  }

  /** For reads that may open a closed season (`?season=N`); 404 for a season that never was. */
  async resolveSeason(userId: string, portfolioId?: string, season?: number): Promise<ResolvedPortfolio> {
    const current = await this.resolve(userId, portfolioId);
    if (season === undefined || season === current.season) return current;
    const accountId = await portfoliosRepository.seasonAccount(this.o.db, current.portfolioId, season);
    if (!accountId) throw notFound('Season not found');
    return { ...current, accountId, season, open: false };
  }

  /**
   * For reports over a portfolio's record (tax reports, habits), of its open season or of a closed
   * one (`season`): as resolveSeason, and a replay's portfolio only once its replay is finished
   * (until then its trades are still being made on the replay's clock).
   */
  async resolveRecord(
    userId: string,
    portfolioId: string | undefined,
    season: number | undefined,
    what: string,
  ): Promise<ResolvedPortfolio> {
    const who = await this.resolveSeason(userId, portfolioId, season);
    if (who.kind === 'replay' && (await this.o.unfinished?.(who.portfolioId)))
      throw unprocessable(`${what} of a replay's portfolio can be read once the replay is finished`);
    return who;
  }

  /** The account of the user's main portfolio: what the reward, leaderboard and habits read. */
  async mainAccount(userId: string, db: DbOrTx = this.o.db): Promise<AccountId> {
    return (await this.resolve(userId, undefined, db)).accountId;
  }

  async list(userId: string): Promise<Portfolio[]> {
    return (await portfoliosRepository.list(this.o.db, userId)).map(toPortfolio);
  }

  async create(userId: string, body: CreatePortfolioRequest): Promise<Portfolio> {
    const startingCashPaise =
      body.startingCash === undefined
        ? BigInt(DEFAULT_PORTFOLIO_STARTING_CASH_PAISE)
        : rupeesToPaise(body.startingCash);
    const row = await this.o.db.transaction(async (tx) => {
      // The user row lock serialises one user's creates, so two at the cap cannot both pass it.
      if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
      if ((await portfoliosRepository.countOfKind(tx, userId, 'custom')) >= MAX_CUSTOM_PORTFOLIOS)
        throw conflict(CUSTOM_PORTFOLIOS_LIMIT_MESSAGE);
      return portfoliosRepository.create(
        tx,
        { userId, name: body.name, kind: 'custom', startingCashPaise },
        `Opening balance of portfolio "${body.name}"`,
      );
    });
    return toPortfolio(row);
  }

  /**
   * A class portfolio (issue 26) opened with the class's cash, inside the caller's transaction
   * (joining a class writes the membership in the same one).
   */
  createClass(
    tx: DbOrTx,
    userId: string,
    name: string,
    startingCashPaise: bigint,
  ): Promise<{ portfolioId: string; accountId: AccountId }> {
    return this.open(tx, { userId, name, kind: 'class', startingCashPaise }, `class portfolio "${name}"`);
  }

  /**
   * An agent token's portfolio (issue 27) opened with the token's budget, inside the caller's
   * transaction (the token is written in the same one).
   */
  createAgent(
    tx: DbOrTx,
    userId: string,
    name: string,
    startingCashPaise: bigint,
  ): Promise<{ portfolioId: string; accountId: AccountId }> {
    return this.open(tx, { userId, name, kind: 'agent', startingCashPaise }, `agent portfolio "${name}"`);
  }

  private async open(
    tx: DbOrTx,
    values: { userId: string; name: string; kind: Portfolio['kind']; startingCashPaise: bigint },
    what: string,
  ): Promise<{ portfolioId: string; accountId: AccountId }> {
    const row = await portfoliosRepository.create(tx, values, `Opening balance of ${what}`);
    return { portfolioId: row.id, accountId: row.accountId };
  }

  /**
   * Archives a portfolio read-only (a student removed from a class): its resting orders are
   * cancelled (reservations released), its active GTTs ended, and its open season closed with the
   * figures it ended on. Nothing is deleted and no new season opens; reads keep working.
   */
  async archive(userId: string, portfolioId: string, reason: string): Promise<void> {
    const { portfolio, execution } = this.o;
    if (!portfolio || !execution) throw new Error('PortfoliosService.archive needs portfolio and execution');
    const current = await this.resolveToTrade(userId, portfolioId);
    const { figures } = await portfolio.figures(current);
    const now = this.o.now?.() ?? new Date();
    const released = await this.o.db.transaction(async (tx) => {
      const locked = await portfoliosRepository.lock(tx, userId, portfolioId);
      if (!locked) throw notFound(PORTFOLIO_NOT_FOUND);
      const accountId = await portfoliosRepository.seasonAccount(tx, locked.id, locked.season);
      const account = accountId && (await ledgerRepository.lockAccount(tx, accountId));
      // Already closed: archiving again changes nothing.
      if (!account) return [];
      return (await closeSeason(tx, execution, account, figures, reason, now)).released;
    });
    for (const done of released) this.o.announcer?.announceLater(done);
  }

  /**
   * Closes the open season read-only and opens the next with the starting cash. The closed
   * season's resting orders are cancelled (their reservations released) and its active GTTs
   * ended first, so nothing of it moves afterwards; its orders, fills, ledger, journal entries
   * and final figures stay with it. Its price alerts carry on into the new season. Nothing is
   * deleted.
   */
  async reset(userId: string, portfolioId: string): Promise<Portfolio> {
    const { portfolio, execution } = this.o;
    if (!portfolio || !execution) throw new Error('PortfoliosService.reset needs portfolio and execution');
    const current = await this.resolve(userId, portfolioId);
    if (current.kind === 'replay')
      throw unprocessable("A replay's portfolio ends with its replay: finish it, and start a new replay");
    if (current.kind === 'class')
      throw unprocessable('A class portfolio runs for the whole class and cannot be reset');
    // Valued at live prices before the lock: the last figures the user saw of the season.
    const { figures } = await portfolio.figures(current);
    const now = this.o.now?.() ?? new Date();
    const { row, released } = await this.o.db.transaction(async (tx) => {
      const locked = await portfoliosRepository.lock(tx, userId, portfolioId);
      if (!locked) throw notFound(PORTFOLIO_NOT_FOUND);
      const accountId = await portfoliosRepository.seasonAccount(tx, locked.id, locked.season);
      let account = accountId && (await ledgerRepository.lockAccount(tx, accountId));
      if (!account) throw notFound(PORTFOLIO_NOT_FOUND);
      const reason = `Cancelled: portfolio reset (season ${locked.season} closed)`;
      const closed = await closeSeason(tx, execution, account, figures, reason, now);
      const released = closed.released;
      account = closed.account;
      const season = locked.season + 1;
      await portfoliosRepository.setSeason(tx, locked.id, season);
      const opened = await portfoliosRepository.openSeason(
        tx,
        locked,
        season,
        `Season ${season} of "${locked.name}": opening balance`,
      );
      // Alerts watch prices, not money: the portfolio's watch list carries on into the new season.
      await alertsRepository.moveAccount(tx, account.id, opened);
      return { row: { ...locked, season, accountId: opened }, released };
    });
    for (const done of released) this.o.announcer?.announceLater(done);
    return toPortfolio(row);
  }

  /** Every season of the portfolio, oldest first; closed ones with the figures they ended on. */
  async seasons(userId: string, portfolioId: string): Promise<PortfolioSeason[]> {
    const current = await this.resolve(userId, portfolioId);
    const rows = await portfoliosRepository.seasons(this.o.db, current.portfolioId);
    const row = await portfoliosRepository.find(this.o.db, userId, portfolioId);
    const startingCash = paiseToRupees(row!.startingCashPaise);
    return rows.map((s) => ({
      season: s.season,
      startedAt: s.startedAt.toISOString(),
      endedAt: s.closedAt?.toISOString() ?? null,
      startingCash,
      final: s.finalFigures ?? null,
    }));
  }
}
