import {
  DAILY_REWARD_PAISE,
  REWARD_ALREADY_CLAIMED_MESSAGE,
  REWARD_CLAIMED_MESSAGE,
  currentStreak,
  decideReward,
  formatInr,
  istDate,
  nextIstMidnight,
  paiseToRupees,
  type DailyRewardStatus,
  type LoginRewardResponse,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { balanceEvent } from './balance-event.js';
import { ledgerRepository, type CashAccountRow } from './ledger.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';
import { rewardsRepository, type DailyRewardRow } from './rewards.repository.js';

/** The daily reward: ₹100 once per IST calendar day, with a login streak. */
export class RewardsService {
  constructor(
    private readonly o: {
      db: Db;
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  private toStatus(row: DailyRewardRow | undefined, nowMs: number): DailyRewardStatus {
    const today = istDate(nowMs);
    const claimedToday = row?.lastClaimDate === today;
    return {
      lastClaimDate: row?.lastClaimDate ?? null,
      loginStreak: currentStreak(row ?? null, today),
      totalRewards: paiseToRupees(row?.totalRewardsPaise ?? 0n),
      claimedToday,
      nextRewardAvailable: new Date(claimedToday ? nextIstMidnight(nowMs) : nowMs).toISOString(),
      amount: paiseToRupees(DAILY_REWARD_PAISE),
    };
  }

  async status(userId: string): Promise<DailyRewardStatus> {
    const main = await portfoliosRepository.find(this.o.db, userId, undefined);
    if (!main) throw notFound('Virtual money account not found');
    return this.toStatus(await rewardsRepository.find(this.o.db, userId), this.now());
  }

  /** When the user last claimed, for the account view; null before the first claim. */
  async lastClaimedAt(userId: string): Promise<Date | null> {
    return (await rewardsRepository.find(this.o.db, userId))?.lastClaimedAt ?? null;
  }

  /**
   * The account row lock comes first (as for orders), so two tabs claiming at once queue here
   * and the second one reads the first one's committed claim.
   */
  async claim(userId: string): Promise<Omit<LoginRewardResponse, 'success'>> {
    const nowMs = this.now();
    const today = istDate(nowMs);
    const outcome = await this.o.db.transaction(async (tx) => {
      // The daily reward goes to the main portfolio only (issue 25), to its open season.
      const main = await portfoliosRepository.find(tx, userId, undefined);
      const account = main && (await ledgerRepository.lockAccount(tx, main.accountId));
      if (!account) throw notFound('Virtual money account not found');
      const row = await rewardsRepository.find(tx, userId);
      const decision = decideReward(row ?? null, today);
      if (!decision.awarded) return { awarded: false as const, row, account };
      const balance = account.balancePaise + DAILY_REWARD_PAISE;
      await ledgerRepository.append(tx, {
        userId,
        accountId: account.id,
        kind: 'DAILY_REWARD',
        amountPaise: DAILY_REWARD_PAISE,
        balanceAfterPaise: balance,
        description: `Daily login reward (day ${decision.streak} streak)`,
        orderId: null,
      });
      const updated = await ledgerRepository.setAccount(tx, account.id, balance, account.reservedPaise);
      const saved = await rewardsRepository.save(tx, {
        userId,
        lastClaimDate: today,
        streak: decision.streak,
        totalRewardsPaise: (row?.totalRewardsPaise ?? 0n) + DAILY_REWARD_PAISE,
        lastClaimedAt: new Date(nowMs),
      });
      return { awarded: true as const, row: saved, account: updated };
    });

    const status = this.toStatus(outcome.row, nowMs);
    if (outcome.awarded) await this.announce(userId, outcome.account, status.loginStreak);
    return {
      message: outcome.awarded ? REWARD_CLAIMED_MESSAGE : REWARD_ALREADY_CLAIMED_MESSAGE,
      reward: {
        awarded: outcome.awarded,
        amount: outcome.awarded ? paiseToRupees(DAILY_REWARD_PAISE) : 0,
        streak: status.loginStreak,
        totalRewards: status.totalRewards,
      },
      data: status,
    };
  }

  /** After commit: the reward stands whatever happens here, so failures are logged, not thrown. */
  private async announce(userId: string, account: CashAccountRow, streak: number) {
    try {
      this.o.live.toUser(userId, 'balance-updated', balanceEvent(account));
      await this.o.notifications.notify(userId, {
        category: 'portfolio',
        type: 'success',
        title: 'Daily reward claimed',
        message: `${formatInr(paiseToRupees(DAILY_REWARD_PAISE))} was added to your virtual balance. Login streak: ${streak} day${streak === 1 ? '' : 's'}.`,
        link: '/portfolio',
        data: { streak },
      });
    } catch (err) {
      this.o.log.error({ err, userId }, 'daily reward announcement failed');
    }
  }
}
