import type { Db } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { notFound } from '../../lib/errors.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';
import { fillsRepository, type ChargedFillRecord, type FillRecord } from './fills.repository.js';

export type { ChargedFillRecord, FillRecord } from './fills.repository.js';

/**
 * A user's fills, read one way for every screen that replays them (profile stats, performance,
 * insights, journal links), so they cannot disagree about what was traded.
 */
export class FillsService {
  constructor(private readonly db: Db) {}

  /**
   * The account of the user's main portfolio, for Saytrix when the chat names no other portfolio
   * (issue 25).
   */
  async mainAccount(userId: string): Promise<AccountId> {
    const main = await portfoliosRepository.find(this.db, userId, undefined);
    if (!main) throw notFound('Virtual money account not found');
    return main.accountId;
  }

  /** Every fill, oldest first. */
  history(accountId: AccountId): Promise<FillRecord[]> {
    return fillsRepository.history(this.db, accountId);
  }

  /** Every fill (or those of trade dates from–to, inclusive), oldest first, with its charge lines. */
  historyWithCharges(
    accountId: AccountId,
    days?: { from: string; to: string },
  ): Promise<ChargedFillRecord[]> {
    return fillsRepository.historyWithCharges(this.db, accountId, days);
  }

  /** The user's own fill, or undefined (also for another user's id). */
  own(accountId: AccountId, fillId: string): Promise<FillRecord | undefined> {
    return fillsRepository.findOwn(this.db, accountId, fillId);
  }

  /** The fill of the user's own filled order, or undefined. */
  ofOwnOrder(accountId: AccountId, orderId: string): Promise<FillRecord | undefined> {
    return fillsRepository.findOwnByOrder(this.db, accountId, orderId);
  }
}
