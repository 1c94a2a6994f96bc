import {
  ALERT_EXPIRED_REASON,
  REPLAY_ENDED_ALERT_REASON,
  REPLAY_ENDED_GTT_REASON,
  rupeesToPaise,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { alertFloor, priceAlertHit, recordAlertFiring } from '../alerts/alert-firing.js';
import { alertsRepository, type AlertRow } from '../alerts/alerts.repository.js';
import { claimGtt, firstLegTouched, placeGttOrder } from '../gtt/gtt-triggers.service.js';
import { gttRepository, type GttRow } from '../gtt/gtt.repository.js';
import type { PathMarket } from '../market/path-touch.js';
import type { OrderAnnouncer } from '../orders/order-announcer.js';
import { OrderCommandsService } from '../orders/order-commands.service.js';
import type { OrderExecution } from '../orders/order-execution.service.js';
import { OrderIntake } from '../orders/order-intake.js';
import type { ReplayMarket } from './replay-market.js';
import { ReplayOrderMarket } from './replay-order-market.js';

/** A price alert or a GTT of a replay's portfolio that the replay's path reaches at `ms`. */
export type WatchEvent =
  | { ms: number; kind: 'alert'; alert: AlertRow; price: number }
  | { ms: number; kind: 'alert-expiry'; alert: AlertRow }
  | { ms: number; kind: 'gtt'; gtt: GttRow; leg: number; price: number };

/** The replay's market as the shared path checks read it (market/path-touch.ts). */
function pathOf(market: ReplayMarket): PathMarket {
  return {
    knowsPath: true,
    firstTickPast: async (symbol, fromMs, toMs, test, levelPaise) =>
      market.firstTickPast(symbol, fromMs, toMs, test, Number(levelPaise)),
    quoteAt: async (symbol, ms) => market.quote(symbol, ms),
  };
}

/**
 * The price alerts and GTTs of a replay's portfolio, judged on the replay's clock (the live
 * evaluators leave replay accounts alone, see live-accounts.ts). `due` finds where the replay's
 * minute path first reaches each of them in (from, to], with the same touch and crossing checks
 * as live; ReplayTrading plays those moments in time order with its resting orders. An alert that
 * fires is recorded at that replay time and tells no one (its replay screen lists it); a GTT that
 * fires places its LIMIT order on the replay's desk at that minute, under `gtt-<id>-<leg>`.
 */
export class ReplayWatch {
  constructor(
    private readonly o: {
      db: Db;
      execution: OrderExecution;
      announcer: OrderAnnouncer;
    },
  ) {}

  /** Each active alert's and GTT's first moment in (fromMs, toMs], never past the clock `toMs`. */
  async due(market: ReplayMarket, who: AccountRef, fromMs: number, toMs: number): Promise<WatchEvent[]> {
    const path = pathOf(market);
    const events: WatchEvent[] = [];
    for (const alert of await alertsRepository.activeForAccount(this.o.db, who.accountId)) {
      const expiresMs = alert.expiresAt.getTime();
      const from = alertFloor(alert, fromMs);
      const until = Math.min(expiresMs, toMs);
      // Only price alerts are set in a replay (AlertsService.create); the path is all it knows.
      const hit =
        alert.watch === 'price' && from < until ? await priceAlertHit(path, alert, from, until) : undefined;
      if (hit) events.push({ ms: hit.tickMs, kind: 'alert', alert, price: hit.price });
      else if (expiresMs <= toMs)
        events.push({ ms: Math.max(expiresMs, fromMs), kind: 'alert-expiry', alert });
    }
    for (const gtt of await gttRepository.activeForAccount(this.o.db, who.accountId)) {
      const from = Math.max(fromMs, gtt.armedAt.getTime());
      const hit = from < toMs ? await firstLegTouched(path, gtt, from, toMs) : undefined;
      if (hit) events.push({ ms: hit.ms, kind: 'gtt', gtt, leg: hit.leg, price: hit.price });
    }
    return events;
  }

  /**
   * Plays one moment. True when it placed an order that now rests (a GTT's LIMIT not yet
   * marketable), so the caller must look again for what the path does to it after `event.ms`;
   * also true for an alert that fired and watches on ('daily', 'every'), to find its next firing.
   */
  async apply(market: ReplayMarket, event: WatchEvent): Promise<boolean> {
    if (event.kind === 'alert-expiry') {
      await alertsRepository.expireOne(this.o.db, event.alert.id, ALERT_EXPIRED_REASON);
      return false;
    }
    if (event.kind === 'alert') {
      const hit = { tickMs: event.ms, price: event.price, valueHundredths: rupeesToPaise(event.price) };
      const done = await recordAlertFiring(this.o.db, event.alert, hit);
      return done?.updated.status === 'ACTIVE';
    }
    const claimed = await claimGtt(this.o.db, event.gtt, {
      leg: event.leg,
      ms: event.ms,
      price: event.price,
    });
    if (!claimed) return false;
    const { orderStatus } = await placeGttOrder(this.o.db, this.deskAt(market, event.ms), claimed);
    return orderStatus === 'PENDING';
  }

  /** The replay's order desk at one minute of its clock (real names: the order is stored as is). */
  private deskAt(market: ReplayMarket, ms: number): OrderCommandsService {
    const desk = new ReplayOrderMarket(market, ms, null);
    return new OrderCommandsService({
      db: this.o.db,
      market: desk,
      intake: new OrderIntake(desk),
      execution: this.o.execution,
      announcer: this.o.announcer,
    });
  }

  /** A finished replay watches no more: its GTTs are cancelled and its alerts ended, with the reason. */
  async end(who: AccountRef): Promise<void> {
    await gttRepository.cancelActiveForAccount(this.o.db, who.accountId, REPLAY_ENDED_GTT_REASON);
    await alertsRepository.endForAccount(this.o.db, who.accountId, REPLAY_ENDED_ALERT_REASON);
  }
}
