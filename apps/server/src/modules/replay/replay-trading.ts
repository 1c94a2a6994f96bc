import {
  intradayCutoff,
  paiseToRupees,
  rupeesToPaise,
  sessionBounds,
  type OrderSide,
  type OrderType,
  type Product,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import type { Executed, OrderAnnouncer } from '../orders/order-announcer.js';
import {
  EXPIRY_REASON,
  type FillContext,
  type NewOrder,
  type OrderExecution,
} from '../orders/order-execution.service.js';
import { ordersRepository, type RestingOrder } from '../orders/orders.repository.js';
import { isTriggered, requestFingerprint, type OrderTerms } from '../orders/orders.rules.js';
import { positionsRepository } from '../orders/positions.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';
import type { ReplayMarket } from './replay-market.js';
import { ReplayWatch, type WatchEvent } from './replay-watch.js';

export const REPLAY_FINISHED_REASON = 'Cancelled when the replay finished';
/** The clientOrderId prefix of the sells `finish` makes to close what is still held. */
export const REPLAY_CLOSING_KEY = 'replay-finish';

const termsOf = (
  o: Pick<RestingOrder, 'side' | 'orderType' | 'limitPricePaise' | 'triggerPricePaise'>,
): OrderTerms => ({
  side: o.side as OrderSide,
  orderType: o.orderType as OrderType,
  limitPricePaise: o.limitPricePaise,
  triggerPricePaise: o.triggerPricePaise,
});

/** One thing that happens to a replay's portfolio at a replay time, in time order. */
type Event =
  | { ms: number; kind: 'fill'; order: RestingOrder; pricePaise: bigint }
  | { ms: number; kind: 'expire'; order: RestingOrder }
  | { ms: number; kind: 'cutoff' }
  | WatchEvent;

/**
 * The matcher and the intraday square-off of a replay's portfolio, run on the replay's clock when
 * it moves (the live jobs leave replay accounts alone, see live-accounts.ts). Between two clock
 * readings every resting order is checked against the path it crossed: a LIMIT fills at its limit,
 * a STOP at the first price past its trigger, a queued MARKET order at the first tick of the session;
 * a DAY order expires at its session's close; at each day's 15:20 cut-off resting MIS orders are
 * cancelled and MIS positions sold at that minute's price. Each step is its own transaction under
 * the placement locks, re-checked there, so two requests catching up the same replay cannot fill an
 * order twice (the square-off key is unique).
 */
export class ReplayTrading {
  /** The portfolio's price alerts and GTTs, judged in the same time order (replay-watch.ts). */
  readonly watch: ReplayWatch;

  constructor(
    private readonly o: {
      db: Db;
      execution: OrderExecution;
      announcer: OrderAnnouncer;
    },
  ) {
    this.watch = new ReplayWatch(o);
  }

  /**
   * Plays the portfolio's orders, alerts and GTTs through (fromMs, toMs] of the replay's market,
   * in time order. A GTT that fires places an order that may rest: the moments after it are looked
   * for again, so that order can fill later in the same stretch (so can a repeating alert fire again).
   */
  async catchUp(market: ReplayMarket, who: AccountRef, days: number[], fromMs: number, toMs: number) {
    let from = fromMs;
    while (from < toMs) {
      const again = await this.playFrom(market, who, days, from, toMs);
      if (again === undefined) return;
      from = again;
    }
  }

  /** Plays (fromMs, toMs]; returns the moment to look again from, when a watch event asked to. */
  private async playFrom(
    market: ReplayMarket,
    who: AccountRef,
    days: number[],
    fromMs: number,
    toMs: number,
  ) {
    const events: Event[] = [];
    for (const day of days) {
      const cutoffMs = Date.parse(intradayCutoff('nse', sessionBounds('nse', day).openMs).at);
      if (cutoffMs > fromMs && cutoffMs <= toMs) events.push({ ms: cutoffMs, kind: 'cutoff' });
    }
    for (const order of await ordersRepository.resting(this.o.db, who.accountId)) {
      const until = order.expiresAt ? Math.min(order.expiresAt.getTime(), toMs) : toMs;
      const fill = this.crossing(market, order, fromMs, until);
      if (fill) events.push({ kind: 'fill', order, ...fill });
      else if (order.expiresAt && order.expiresAt.getTime() <= toMs)
        events.push({ ms: order.expiresAt.getTime(), kind: 'expire', order });
    }
    events.push(...(await this.watch.due(market, who, fromMs, toMs)));
    // A cut-off goes before a fill in the same second: the fill would come after trading stopped.
    events.sort((a, b) => a.ms - b.ms || (a.kind === 'cutoff' ? -1 : b.kind === 'cutoff' ? 1 : 0));
    let again: number | undefined;
    for (const event of events) {
      // Past a moment that changed what rests, the rest is looked for again.
      if (again !== undefined && event.ms > again) break;
      if (event.kind === 'cutoff') await this.squareOff(market, who, event.ms);
      else if (event.kind === 'expire') await this.settle(who, event.order.id, event.ms, 'expire');
      else if (event.kind === 'fill')
        await this.settle(who, event.order.id, event.ms, 'fill', event.pricePaise);
      else if (await this.watch.apply(market, event)) again ??= event.ms;
    }
    return again;
  }

  /** When and at what price the path first reaches a resting order in (fromMs, toMs]. */
  private crossing(market: ReplayMarket, order: RestingOrder, fromMs: number, toMs: number) {
    const buy = order.side === 'BUY';
    if (order.orderType === 'MARKET') {
      const tick = market.firstTickPast(order.symbol, fromMs, toMs, 'gte', 0);
      return tick && { ms: tick.ms, pricePaise: rupeesToPaise(tick.price) };
    }
    if (order.orderType === 'LIMIT' && order.limitPricePaise !== null) {
      const level = order.limitPricePaise;
      const tick = market.firstTickPast(order.symbol, fromMs, toMs, buy ? 'lte' : 'gte', Number(level));
      return tick && { ms: tick.ms, pricePaise: level };
    }
    if (order.orderType === 'STOP' && order.triggerPricePaise !== null) {
      const level = order.triggerPricePaise;
      const tick = market.firstTickPast(order.symbol, fromMs, toMs, buy ? 'gte' : 'lte', Number(level));
      return tick && { ms: tick.ms, pricePaise: rupeesToPaise(tick.price) };
    }
    return undefined;
  }

  /** Under the placement lock order: the account, then the order. */
  private async settle(who: AccountRef, id: string, ms: number, action: 'fill' | 'expire', pricePaise = 0n) {
    const now = new Date(ms);
    await this.step(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, who.accountId);
      const row = await ordersRepository.lockById(tx, id);
      if (!account || !row || row.status !== 'PENDING') return undefined;
      if (action === 'expire')
        return this.o.execution.release(tx, account, row, 'EXPIRED', EXPIRY_REASON, now);
      if (!isTriggered(termsOf(row), pricePaise)) return undefined;
      const context: FillContext = { occasion: 'resting', lastPricePaise: pricePaise };
      return this.o.execution.fillResting(tx, account, row, pricePaise, now, context);
    });
  }

  /** The 15:20 cut-off of a replay day: resting MIS orders cancelled, MIS positions sold at that minute. */
  private async squareOff(market: ReplayMarket, who: AccountRef, cutoffMs: number) {
    const reason = 'Cancelled at the 15:20 intraday cut-off: intraday (MIS) orders do not carry over';
    await this.cancelResting(who, cutoffMs, reason, 'MIS');
    await this.sellAll(market, who, cutoffMs, 'MIS', `replay-square-off:${cutoffMs}`);
  }

  /**
   * Sells every open position of `product` (or of both) at the replay's price at `ms`; `key`
   * makes each sale's clientOrderId, so doing it twice sells once.
   */
  async sellAll(market: ReplayMarket, who: AccountRef, ms: number, product: Product | null, key: string) {
    const now = new Date(ms);
    const open = (await positionsRepository.forAccount(this.o.db, who.accountId)).filter(
      (p) => p.quantity > 0 && (product === null || p.product === product),
    );
    for (const p of open) {
      const pricePaise = rupeesToPaise(market.quote(p.symbol, ms).price);
      await this.step(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, who.accountId);
        const position = await positionsRepository.lock(tx, who.accountId, p.symbol, p.product);
        if (!account || !position) return undefined;
        const quantity = position.quantity - position.reservedQuantity;
        if (quantity <= 0) return undefined;
        const terms = {
          symbol: p.symbol,
          side: 'SELL' as const,
          orderType: 'MARKET' as const,
          quantity,
          limitPricePaise: null,
          triggerPricePaise: null,
          validity: 'DAY' as const,
          product: p.product,
        };
        const values: NewOrder = {
          ...terms,
          userId: who.userId,
          accountId: who.accountId,
          clientOrderId: `${key}:${p.symbol}:${p.product}:${who.accountId}`,
          name: market.instruments.find((i) => i.symbol === p.symbol)?.name ?? p.symbol,
          requestFingerprint: requestFingerprint(terms),
          expiresAt: null,
        };
        const context: FillContext =
          product === 'MIS'
            ? { occasion: 'square-off', lastPricePaise: pricePaise, cutoffLabel: '15:20' }
            : {
                occasion: 'placement',
                lastPricePaise: pricePaise,
                reason: 'Closed when the replay finished',
              };
        return this.o.execution.fill(
          tx,
          account,
          pricePaise,
          now,
          { kind: 'new', values },
          { position },
          context,
        );
      });
    }
  }

  /**
   * Closes the finished replay's account under its lock, if nothing is left open in it: from then
   * on it cannot be locked for a money change (ledgerRepository.lockAccount), so an order that was
   * already in flight when the replay finished is refused instead of filling after the sell-off.
   * False when an in-flight order slipped in first: the caller sells again.
   */
  async close(who: AccountRef): Promise<boolean> {
    return this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, who.accountId);
      if (!account) return true;
      const positions = await positionsRepository.forAccount(tx, who.accountId);
      const held = positions.some((p) => p.quantity > 0);
      if (held || (await ordersRepository.resting(tx, who.accountId)).length > 0) return false;
      const totals = await portfoliosRepository.tradeTotals(tx, who.accountId);
      const cash = paiseToRupees(account.balancePaise);
      const realised = paiseToRupees(positions.reduce((sum, p) => sum + p.realizedPnlPaise, 0n));
      await portfoliosRepository.closeSeason(tx, who.accountId, {
        totalValue: cash,
        availableCash: cash,
        totalPnl: realised,
        realisedPnl: realised,
        chargesPaid: paiseToRupees(totals.chargesPaise),
        trades: totals.trades,
      });
      return true;
    });
  }

  /** Cancels every resting order of the portfolio (a finished replay trades no more). */
  cancelAll(who: AccountRef, ms: number) {
    return this.cancelResting(who, ms, REPLAY_FINISHED_REASON, null);
  }

  /** Cancels the portfolio's resting orders of `product` (or all), each under the placement locks. */
  private async cancelResting(who: AccountRef, ms: number, reason: string, product: Product | null) {
    const now = new Date(ms);
    for (const order of await ordersRepository.resting(this.o.db, who.accountId)) {
      await this.step(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, who.accountId);
        const row = await ordersRepository.lockById(tx, order.id);
        if (!account || !row || row.status !== 'PENDING') return undefined;
        if (product !== null && row.product !== product) return undefined;
        return this.o.execution.release(tx, account, row, 'CANCELLED', reason, now);
      });
    }
  }

  private async step(work: (tx: DbOrTx) => Promise<Executed | undefined>): Promise<void> {
    try {
      const done = await this.o.db.transaction((tx) => work(tx));
      if (done) await this.o.announcer.announce(done);
    } catch (error) {
      // A second request catching up the same replay made this sale first under the same key.
      if (isUniqueViolation(error)) return;
      throw error;
    }
  }
}
