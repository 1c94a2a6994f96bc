import { intradayCutoff, latestCutoffAtOrBefore, rupeesToPaise, type SessionMode } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { MarketService } from '../market/market.service.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import type { Executed, OrderAnnouncer } from './order-announcer.js';
import type { NewOrder, OrderExecution } from './order-execution.service.js';
import { ordersRepository } from './orders.repository.js';
import { requestFingerprint } from './orders.rules.js';
import { positionsRepository } from './positions.repository.js';

export interface SquareOffRound {
  /** Market-clock time of the round. */
  at: number;
  cancelled: number;
  squaredOff: number;
}

/** What the cut-off is called in words a user knows, by session mode. */
export function cutoffLabel(mode: SessionMode): string {
  return mode === 'nse' ? '15:20' : 'simulated 15:20';
}

/**
 * The intraday cut-off, as a broker runs it: once the cut-off has passed (and until the next MIS
 * window opens), resting MIS orders are cancelled with the reason, then every open MIS position
 * is sold at the last price with the square-off charge. Each order and each position moves in its
 * own transaction under the placement locks (account, then order or position), so a second
 * instance running the same round finds nothing left to do: a cancelled order is no longer
 * PENDING, a squared-off position holds 0 shares, and the square-off order's key
 * (`square-off:<cut-off>:<symbol>:<account>`) is unique per user.
 */
export class SquareOffService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      execution: OrderExecution;
      announcer: OrderAnnouncer;
      log: FastifyBaseLogger;
    },
  ) {}

  async runOnce(options: { fence?: Fence } = {}): Promise<SquareOffRound> {
    const nowMs = this.o.market.nowMs();
    const mode = this.o.market.status('NSE').session;
    const cutoff = intradayCutoff(mode, nowMs);
    const round: SquareOffRound = { at: nowMs, cancelled: 0, squaredOff: 0 };
    const now = new Date(nowMs);
    // Inside an MIS window only what was left over from an earlier session is closed: the job may
    // have been down through the whole gap between that cut-off and this window's open.
    const leftOverBefore = cutoff.passed ? undefined : new Date(latestCutoffAtOrBefore(mode, nowMs));
    const cutoffMs = leftOverBefore ? leftOverBefore.getTime() : Date.parse(cutoff.at);
    const label = leftOverBefore ? `${cutoffLabel(mode)} (of an earlier session, missed)` : cutoffLabel(mode);

    // Resting MIS orders first: a resting MIS sell holds shares the square-off must sell.
    // (Left-over resting MIS orders are DAY orders: the matcher has expired them at their session's end.)
    const resting = leftOverBefore ? [] : await ordersRepository.restingIntraday(this.o.db);
    for (const order of resting) {
      const done = await this.step(options.fence, async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, order.accountId);
        const row = await ordersRepository.lockById(tx, order.id);
        if (!account || !row || row.status !== 'PENDING') return undefined;
        const reason = `Cancelled at the ${label} intraday cut-off: intraday (MIS) orders do not carry over`;
        return this.o.execution.release(tx, account, row, 'CANCELLED', reason, now);
      });
      if (done) round.cancelled += 1;
    }

    const open = await positionsRepository.openIntraday(this.o.db, leftOverBefore);
    if (open.length === 0) return round;
    const quotes = await this.o.market.quotes([...new Set(open.map((p) => p.symbol))]);
    const prices = new Map(quotes.map((q) => [q.symbol, rupeesToPaise(q.price)]));
    for (const { userId, accountId, symbol } of open) {
      const price = prices.get(symbol);
      if (price === undefined) continue;
      const done = await this.step(options.fence, async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, accountId);
        const position = await positionsRepository.lock(tx, accountId, symbol, 'MIS');
        if (!account || !position) return undefined;
        const quantity = position.quantity - position.reservedQuantity;
        if (quantity <= 0) return undefined;
        const terms = {
          symbol,
          side: 'SELL' as const,
          orderType: 'MARKET' as const,
          quantity,
          limitPricePaise: null,
          triggerPricePaise: null,
          validity: 'DAY' as const,
          product: 'MIS' as const,
        };
        const values: NewOrder = {
          ...terms,
          userId,
          accountId,
          // Keys are unique per user, and each portfolio of the user squares off on its own.
          clientOrderId: `square-off:${cutoffMs}:${symbol}:${accountId}`,
          name: this.o.market.catalog.resolve(symbol)?.name ?? symbol,
          requestFingerprint: requestFingerprint(terms),
          expiresAt: null,
        };
        return this.o.execution.fill(
          tx,
          account,
          price,
          now,
          { kind: 'new', values },
          { position },
          { occasion: 'square-off', lastPricePaise: price, cutoffLabel: label },
        );
      });
      if (done) round.squaredOff += 1;
    }
    return round;
  }

  /** One order's or position's transaction, fenced by the lease; announced after its commit. */
  private async step(
    fence: Fence | undefined,
    work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<Executed | undefined>,
  ): Promise<Executed | undefined> {
    try {
      const done = await this.o.db.transaction(async (tx) => {
        if (fence && !(await fence(tx))) throw new LeaseLost('intraday square-off');
        return work(tx);
      });
      if (done) await this.o.announcer.announce(done);
      return done;
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      // Another instance squared this position off first under the same key: nothing to do.
      if (isUniqueViolation(err)) return undefined;
      this.o.log.error({ err }, 'intraday square-off step failed');
      return undefined;
    }
  }
}
