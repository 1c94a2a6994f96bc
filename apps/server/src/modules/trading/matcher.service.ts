import { rupeesToPaise, type OrderSide, type OrderType } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { MarketService } from '../market/market.service.js';
import { ledgerRepository } from './ledger.repository.js';
import { EXPIRY_REASON, LATE_REJECTION_PREFIX, Shortfall, inr, type Executed, type OrderExecution } from './order-execution.service.js';
import { ordersRepository, type RestingOrder } from './orders.repository.js';
import { isTriggered, type OrderTerms } from './orders.rules.js';

export interface MatchRound {
  filled: number;
  expired: number;
  rejected: number;
}

const termsOf = (o: RestingOrder): OrderTerms => ({
  side: o.side as OrderSide,
  orderType: o.orderType as OrderType,
  limitPricePaise: o.limitPricePaise,
  triggerPricePaise: o.triggerPricePaise,
});

/**
 * One matching round over every resting order: DAY orders past their session's end expire first;
 * then, while the market trades, each order the current price has reached executes at that price
 * — queued market orders at the open, limits at or through their limit, stops at their trigger.
 * Each order moves in its own transaction under the same locks as placement, re-checked there, so
 * a cancel or modify racing the matcher either wins or waits; never both.
 */
export class MatcherService {
  constructor(
    private readonly o: { db: Db; market: MarketService; execution: OrderExecution; log: FastifyBaseLogger },
  ) {}

  async runOnce(): Promise<MatchRound> {
    const round: MatchRound = { filled: 0, expired: 0, rejected: 0 };
    const resting = await ordersRepository.resting(this.o.db);
    if (resting.length === 0) return round;
    const now = new Date(this.o.market.nowMs());

    const live: RestingOrder[] = [];
    for (const order of resting) {
      if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
        if (await this.settle(order, now, 'expire')) round.expired += 1;
      } else live.push(order);
    }
    if (live.length === 0) return round;

    const symbols = [...new Set(live.map((o) => o.symbol))];
    // One clock for every exchange (market-clock.ts), so one status answers for all symbols.
    if (!this.o.market.status('NSE').marketOpen) return round;
    const quotes = await this.o.market.quotes(symbols);
    const prices = new Map(quotes.map((q) => [q.symbol, rupeesToPaise(q.price)]));
    for (const order of live) {
      const price = prices.get(order.symbol);
      if (price === undefined || !isTriggered(termsOf(order), price)) continue;
      const outcome = await this.settle(order, now, 'execute', price);
      if (outcome === 'filled') round.filled += 1;
      else if (outcome === 'rejected') round.rejected += 1;
    }
    return round;
  }

  /**
   * Expires or executes one order in its own transaction: the owner's cash account, then the
   * order row (still resting? still triggered after any modification?), then the position.
   */
  private async settle(order: RestingOrder, now: Date, action: 'expire' | 'execute', pricePaise = 0n): Promise<Executed['event'] | undefined> {
    try {
      const done = await this.o.db.transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, order.userId);
        const row = await ordersRepository.lockById(tx, order.id);
        if (!account || !row || row.status !== 'PENDING') return undefined;
        if (action === 'expire') {
          if (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) return undefined;
          return this.o.execution.release(tx, account, row, 'EXPIRED', EXPIRY_REASON, now);
        }
        if (!isTriggered(termsOf(row), pricePaise)) return undefined;
        try {
          return await this.o.execution.fill(tx, account, pricePaise, now, { kind: 'resting', row });
        } catch (error) {
          // A stop or queued market order can cost more than it reserved; nothing was written yet.
          if (!(error instanceof Shortfall)) throw error;
          return this.o.execution.release(tx, account, row, 'REJECTED', `${LATE_REJECTION_PREFIX} at ${inr(pricePaise)}: ${error.message}`, now);
        }
      });
      if (!done) return undefined;
      await this.o.execution.announce(done);
      return done.event;
    } catch (err) {
      this.o.log.error({ err, orderId: order.id }, `matcher could not ${action} an order`);
      return undefined;
    }
  }
}
