import {
  CUSTOM_PORTFOLIOS_LIMIT_MESSAGE,
  DEFAULT_PORTFOLIO_STARTING_CASH_PAISE,
  MAX_CUSTOM_PORTFOLIOS,
  paiseToRupees,
  rupeesToPaise,
  type CreatePortfolioRequest,
  type Portfolio,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { portfoliosRepository, type OpenPortfolio } from './portfolios.repository.js';

export const PORTFOLIO_NOT_FOUND = 'Portfolio not found';

/** The portfolio a money request is about, and the account its money lives in. */
export interface ResolvedPortfolio extends AccountRef {
  portfolioId: string;
  kind: Portfolio['kind'];
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

const resolved = (row: OpenPortfolio): ResolvedPortfolio => ({
  userId: row.userId,
  accountId: row.accountId,
  portfolioId: row.id,
  kind: row.kind,
  season: row.season,
  open: true,
});

/**
 * Named portfolios: the one resolver every money route goes through (a portfolio id the user
 * does not own is a 404, never someone else's money), and create/list.
 */
export class PortfoliosService {
  constructor(private readonly o: { db: Db }) {}

  /** The user's portfolio `portfolioId`, or main when omitted; 404 when it is not theirs. */
  async resolve(userId: string, portfolioId?: string, db: DbOrTx = this.o.db): Promise<ResolvedPortfolio> {
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
}
