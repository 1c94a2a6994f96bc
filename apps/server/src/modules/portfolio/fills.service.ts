import type { Db } from '../../db/database.js';
import { fillsRepository, type ChargedFillRecord, type FillRecord } from './fills.repository.js';

export type { ChargedFillRecord, FillRecord } from './fills.repository.js';

/**
 * A user's fills, read one way for every screen that replays them (profile stats, performance,
 * insights, journal links), so they cannot disagree about what was traded.
 */
export class FillsService {
  constructor(private readonly db: Db) {}

  /** Every fill, oldest first. */
  history(userId: string): Promise<FillRecord[]> {
    return fillsRepository.history(this.db, userId);
  }

  /** Every fill (or those of trade dates from–to, inclusive), oldest first, with its charge lines. */
  historyWithCharges(userId: string, days?: { from: string; to: string }): Promise<ChargedFillRecord[]> {
    return fillsRepository.historyWithCharges(this.db, userId, days);
  }

  /** The user's own fill, or undefined (also for another user's id). */
  own(userId: string, fillId: string): Promise<FillRecord | undefined> {
    return fillsRepository.findOwn(this.db, userId, fillId);
  }

  /** The fill of the user's own filled order, or undefined. */
  ofOwnOrder(userId: string, orderId: string): Promise<FillRecord | undefined> {
    return fillsRepository.findOwnByOrder(this.db, userId, orderId);
  }
}
