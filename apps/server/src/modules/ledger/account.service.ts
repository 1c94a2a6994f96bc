import { formatInr, paiseToRupees } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { balanceEvent } from './balance-event.js';
import { ledgerRepository } from './ledger.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';

/**
 * Settings → Reset virtual account: main's season is closed and archived (its orders, fills,
 * ledger and final figures stay, read-only, on /history) and a new season opens with main's
 * starting cash — the same reset as POST /api/portfolios/:id/reset. Nothing is deleted.
 */
export class AccountService {
  constructor(
    private readonly o: {
      db: Db;
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
      /** Runs before the season closes, for read models that book the reset (the leaderboard). */
      beforeReset?: (userId: string) => Promise<void>;
      /** Closes main's season and opens the next (PortfoliosService.reset); answers the new season. */
      resetMain: (userId: string) => Promise<{ season: number }>;
    },
  ) {}

  async reset(userId: string): Promise<string> {
    await this.o.beforeReset?.(userId);
    const { season } = await this.o.resetMain(userId);
    const account = await this.o.db.transaction(async (tx) => {
      const main = await portfoliosRepository.find(tx, userId, undefined);
      return main && ledgerRepository.lockAccount(tx, main.accountId);
    });
    if (!account) throw notFound('Virtual money account not found');
    const message = `Virtual account reset. Your balance is ${formatInr(paiseToRupees(account.balancePaise))} again; season ${season - 1} is kept on History.`;
    try {
      this.o.live.toUser(userId, 'balance-updated', balanceEvent(account));
      await this.o.notifications.notify(userId, {
        category: 'portfolio',
        type: 'info',
        title: 'Virtual account reset',
        message: `Season ${season - 1} of your main portfolio was closed and kept, read-only, on History; season ${season} started with the opening balance.`,
        link: '/history',
      });
    } catch (err) {
      this.o.log.error({ err, userId }, 'account reset announcement failed');
    }
    return message;
  }
}
