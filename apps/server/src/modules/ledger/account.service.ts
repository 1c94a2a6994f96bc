import { STARTING_BALANCE_PAISE, formatInr, paiseToRupees } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { accountRepository } from './account.repository.js';
import { balanceEvent } from './balance-event.js';
import { ledgerRepository } from './ledger.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';

/** Settings → Reset virtual account: a fresh start with the opening balance, in one transaction. */
export class AccountService {
  constructor(
    private readonly o: {
      db: Db;
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
      /** Runs before the history is wiped, for read models that must outlive it (the leaderboard). */
      beforeReset?: (userId: string) => Promise<void>;
    },
  ) {}

  async reset(userId: string): Promise<string> {
    await this.o.beforeReset?.(userId);
    const account = await this.o.db.transaction(async (tx) => {
      // Under the account lock no order, fill or reward of this user can interleave with the wipe.
      // The legacy Settings reset wipes main's open season; POST /api/portfolios/:id/reset archives instead.
      const main = await portfoliosRepository.find(tx, userId, undefined);
      const locked = main && (await ledgerRepository.lockAccount(tx, main.accountId));
      if (!locked) throw notFound('Virtual money account not found');
      await accountRepository.clearHistory(tx, locked.id);
      await ledgerRepository.append(tx, {
        userId,
        accountId: locked.id,
        kind: 'OPENING_BALANCE',
        amountPaise: STARTING_BALANCE_PAISE,
        balanceAfterPaise: STARTING_BALANCE_PAISE,
        description: 'Virtual account reset: opening virtual balance',
        orderId: null,
      });
      return ledgerRepository.setAccount(tx, locked.id, STARTING_BALANCE_PAISE, 0n);
    });
    const message = `Virtual account reset. Your balance is ${formatInr(paiseToRupees(STARTING_BALANCE_PAISE))} again.`;
    try {
      this.o.live.toUser(userId, 'balance-updated', balanceEvent(account));
      await this.o.notifications.notify(userId, {
        category: 'portfolio',
        type: 'info',
        title: 'Virtual account reset',
        message:
          'Orders, positions and history were cleared; the account restarted with the opening balance.',
        link: '/portfolio',
      });
    } catch (err) {
      this.o.log.error({ err, userId }, 'account reset announcement failed');
    }
    return message;
  }
}
