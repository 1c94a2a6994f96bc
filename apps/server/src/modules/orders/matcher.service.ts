import { GTC_LAPSED_REASON, lockedSide, rupeesToPaise, type OrderSide, type OrderType } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { LeaseLost, type Fence, type StoredRound } from '../../db/lease.js';
import type { OrderMarket } from './order-market.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import type { Executed, OrderAnnouncer } from './order-announcer.js';
import { EXPIRY_REASON, type FillContext, type OrderExecution } from './order-execution.service.js';
import { ordersRepository, type RestingOrder } from './orders.repository.js';
import { isTriggered, type OrderTerms } from './orders.rules.js';

export interface MatchRound {
  filled: number;
  expired: number;
  rejected: number;
}

/** An order's terms as one string, to tell whether it still rests on the same terms as last round. */
const termsKey = (o: RestingOrder) =>
  `${o.side}|${o.orderType}|${o.limitPricePaise ?? ''}|${o.triggerPricePaise ?? ''}`;

/** A matcher scanning after a long pause looks back at most this far for a crossing it missed. */
export const MAX_GAP_LOOKBACK_MS = 60 * 60_000;

/** A previous round: its time, and whether an order rested through it on the terms it has now. */
interface Previous {
  ms: number;
  rested: (order: RestingOrder) => boolean;
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
 *
 * Between two rounds the market keeps ticking: a price can cross an order's level and come back
 * before the next round looks. So an order that rested through the previous round on the same terms
 * and is not triggered now is checked against the ticks since that round: a LIMIT the path reached
 * fills at its limit, a STOP at the first price past its trigger. (An order placed or modified since
 * the last round is judged from the current price only: its placement already saw the tick then.)
 *
 * The previous round may be another instance's (a lease take-over): it comes stored with the lease.
 * This instance then has no record of the terms that round saw, so an order counts as resting
 * through it when it was last changed before that round began reading (by the database's clock).
 */
export class MatcherService {
  constructor(
    private readonly o: {
      db: Db;
      market: OrderMarket;
      execution: OrderExecution;
      announcer: OrderAnnouncer;
      log: FastifyBaseLogger;
    },
  ) {}

  /** When this instance's last round looked, and the terms each resting order had then. */
  private last: { ms: number; terms: Map<string, string> } | undefined;

  /** This instance's last round's time on the market clock: the next round's checks start there. */
  get lastRoundMs(): number | undefined {
    return this.last?.ms;
  }

  /**
   * The round this one continues from: `since` (the last round stored with the lease) if given,
   * else this instance's own last round; with whether an order rested through it on its terms.
   */
  private previousRound(since: StoredRound | undefined): Previous | undefined {
    const own = this.last;
    if (own && (!since || since.atMs === own.ms))
      return { ms: own.ms, rested: (o) => own.terms.get(o.id) === termsKey(o) };
    if (!since) return undefined;
    // Strictly before: the stored time is cut to milliseconds, so a change in that millisecond is not trusted.
    return { ms: since.atMs, rested: (o) => o.updatedAt.getTime() < since.dbAt.getTime() };
  }

  /**
   * One round. `since`: the last round stored with the lease (another instance's after a take-over).
   * `fence`: checked in each order's transaction; a round whose lease is gone stops with LeaseLost
   * before writing anything more.
   */
  async runOnce(options: { since?: StoredRound; fence?: Fence } = {}): Promise<MatchRound> {
    const now = new Date(this.o.market.nowMs());
    const previous = this.previousRound(options.since);
    const resting = await ordersRepository.resting(this.o.db);
    this.last = { ms: now.getTime(), terms: new Map(resting.map((o) => [o.id, termsKey(o)])) };
    const round: MatchRound = { filled: 0, expired: 0, rejected: 0 };
    const settle = (
      order: RestingOrder,
      action: 'expire' | 'execute',
      price?: bigint,
      context?: FillContext,
    ) => this.settle(order, now, action, price, options.fence, context);
    if (resting.length === 0) return round;

    const live: RestingOrder[] = [];
    for (const order of resting) {
      if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
        if (await settle(order, 'expire')) round.expired += 1;
      } else live.push(order);
    }
    if (live.length === 0) return round;

    const symbols = [...new Set(live.map((o) => o.symbol))];
    // One clock for every exchange (market-clock.ts), so one status answers for all symbols.
    if (!this.o.market.status('NSE').marketOpen) return round;
    const quotes = await this.o.market.quotes(symbols);
    const prices = new Map(quotes.map((q) => [q.symbol, rupeesToPaise(q.price)]));
    // A stock locked at a circuit has no counterparty on one side: those orders keep resting.
    const locked = new Map(quotes.map((q) => [q.symbol, lockedSide(q.circuitLock)]));
    for (const order of live) {
      const last = prices.get(order.symbol);
      if (last === undefined || locked.get(order.symbol) === order.side) continue;
      let price: bigint | undefined = last;
      let context: FillContext = { occasion: 'resting', lastPricePaise: last };
      if (!isTriggered(termsOf(order), last)) {
        price = previous?.rested(order)
          ? await this.crossedSince(order, previous.ms, now.getTime())
          : undefined;
        if (price === undefined) continue;
        context = { occasion: 'between-checks', lastPricePaise: last };
      }
      const outcome = await settle(order, 'execute', price, context);
      if (outcome === 'filled') round.filled += 1;
      else if (outcome === 'rejected') round.rejected += 1;
    }
    return round;
  }

  /**
   * The fill price of a resting order the path crossed in (fromMs, toMs] though the current price
   * no longer reaches it: a LIMIT at its limit, a STOP at the first tick past its trigger.
   */
  private async crossedSince(order: RestingOrder, fromMs: number, toMs: number): Promise<bigint | undefined> {
    if (!this.o.market.knowsPath) return undefined;
    const from = Math.max(fromMs, toMs - MAX_GAP_LOOKBACK_MS);
    const buy = order.side === 'BUY';
    if (order.orderType === 'LIMIT' && order.limitPricePaise !== null) {
      const tick = await this.o.market.firstTickPast(
        order.symbol,
        from,
        toMs,
        buy ? 'lte' : 'gte',
        order.limitPricePaise,
      );
      return tick ? order.limitPricePaise : undefined;
    }
    if (order.orderType === 'STOP' && order.triggerPricePaise !== null) {
      const tick = await this.o.market.firstTickPast(
        order.symbol,
        from,
        toMs,
        buy ? 'gte' : 'lte',
        order.triggerPricePaise,
      );
      return tick ? rupeesToPaise(tick.price) : undefined;
    }
    return undefined;
  }

  /**
   * Expires or executes one order in its own transaction: the owner's cash account, then the
   * order row (still resting? still triggered after any modification?), then the position.
   */
  private async settle(
    order: RestingOrder,
    now: Date,
    action: 'expire' | 'execute',
    pricePaise = 0n,
    fence?: Fence,
    context?: FillContext,
  ): Promise<Executed['event'] | undefined> {
    try {
      const done = await this.o.db.transaction(async (tx) => {
        if (fence && !(await fence(tx))) throw new LeaseLost('order matcher');
        const account = await ledgerRepository.lockAccount(tx, order.accountId);
        const row = await ordersRepository.lockById(tx, order.id);
        if (!account || !row || row.status !== 'PENDING') return undefined;
        if (action === 'expire') {
          if (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) return undefined;
          // Resting GTC orders from before GTC was withdrawn lapse (migration 0013) with their own reason.
          const reason = row.validity === 'GTC' ? GTC_LAPSED_REASON : EXPIRY_REASON;
          return this.o.execution.release(tx, account, row, 'EXPIRED', reason, now);
        }
        if (!isTriggered(termsOf(row), pricePaise)) return undefined;
        return this.o.execution.fillResting(
          tx,
          account,
          row,
          pricePaise,
          now,
          context ?? { occasion: 'resting', lastPricePaise: pricePaise },
        );
      });
      if (!done) return undefined;
      await this.o.announcer.announce(done);
      return done.event;
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      this.o.log.error({ err, orderId: order.id }, `matcher could not ${action} an order`);
      return undefined;
    }
  }
}
