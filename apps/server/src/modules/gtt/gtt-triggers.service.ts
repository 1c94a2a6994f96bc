import {
  GTT_EXPIRED_REASON,
  describeGtt,
  paiseToRupees,
  rupeesToPaise,
  type OrderSide,
  type PlaceOrderRequest,
  type Product,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { AppError } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { firstTouch, type PathMarket } from '../market/path-touch.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import { legsOf, toGtt } from './gtt.mapper.js';
import { gttRepository, type GttRow } from './gtt.repository.js';

/** After a pause (a restart, a failover) the evaluator looks back at most this far along the path. */
export const MAX_GTT_LOOKBACK_MS = 60 * 60_000;

/** The client order id of a leg's order: derived, so a retry or a second instance cannot place twice. */
export const gttClientOrderId = (id: string, leg: number) => `gtt-${id}-${leg + 1}`;

/** The leg whose trigger the path touched first in (from, to]; for OCO the earlier of the two. */
export async function firstLegTouched(market: PathMarket, row: GttRow, fromMs: number, toMs: number) {
  let best: { leg: number; ms: number; price: number } | undefined;
  for (const [leg, { triggerPaise }] of legsOf(row).entries()) {
    const direction = triggerPaise > row.referencePricePaise ? 'up' : 'down';
    const tick = await firstTouch(market, row.symbol, fromMs, toMs, direction, triggerPaise);
    if (tick && (!best || tick.ms < best.ms)) best = { leg, ms: tick.ms, price: tick.price };
  }
  return best;
}

/**
 * The one firing of a GTT: ACTIVE → TRIGGERED with the leg, the time and price the path touched,
 * and the derived client order id; undefined when a cancel, an edit or another check got there first.
 */
export function claimGtt(db: DbOrTx, row: GttRow, hit: { leg: number; ms: number; price: number }) {
  return gttRepository.claim(db, row.id, row.armedAt, {
    triggeredLeg: hit.leg,
    triggeredAt: new Date(hit.ms),
    triggeredPricePaise: rupeesToPaise(hit.price),
    clientOrderId: gttClientOrderId(row.id, hit.leg),
  });
}

/**
 * Places a claimed GTT's LIMIT DAY order through `orders` (the live desk, or a replay's at the
 * firing's minute). A refusal (an answer a user would get: no cash, no shares, outside the band)
 * ends the GTT as REJECTED with its reason; any other failure is thrown, leaving it claimed with no
 * order, to be placed again under the same client id.
 */
export async function placeGttOrder(
  db: Db,
  orders: Pick<OrderCommandsService, 'place'>,
  row: GttRow,
): Promise<{ outcome: 'placed' | 'rejected'; row: GttRow | undefined; orderStatus?: string }> {
  const leg = legsOf(row)[row.triggeredLeg ?? 0]!;
  // `product` goes with the order as placement takes it (a field the orders schema carries).
  const request = {
    symbol: row.symbol,
    type: row.side as OrderSide,
    orderType: 'LIMIT',
    quantity: row.quantity,
    price: paiseToRupees(leg.limitPaise),
    validity: 'DAY',
    clientOrderId: row.clientOrderId ?? gttClientOrderId(row.id, row.triggeredLeg ?? 0),
    product: row.product as Product,
    // The user's standing instruction, placed for them: a class's trade-note rule asks a person.
    automatic: true,
  } satisfies PlaceOrderRequest & { product: Product; automatic: true };
  try {
    const { order } = await orders.place({ userId: row.userId, accountId: row.accountId }, request);
    const done = await gttRepository.settlePlacement(db, row.id, { orderId: order.id });
    return { outcome: 'placed', row: done, orderStatus: order.status };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    const done = await gttRepository.settlePlacement(db, row.id, {
      status: 'REJECTED',
      statusReason: err.message,
    });
    return { outcome: 'rejected', row: done };
  }
}

export interface GttRound {
  /** The market time the round checked up to. */
  at: number;
  checked: number;
  triggered: number;
  rejected: number;
  expired: number;
}

/**
 * The GTT check the one elected instance runs each round. Each check covers the path since the
 * previous one (or since the GTT was armed) with the same touch check as the price alerts, so a
 * touch or a gap through a trigger between two checks fires it. Firing claims the row first (one
 * update that only one evaluator can win), then places a LIMIT DAY order through the orders
 * service under a client order id derived from the GTT and the leg.
 */
export class GttTriggersService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      orders: OrderCommandsService;
      notifications: NotificationsService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** One round: expire what is due, finish placements left over, then check every active GTT over (floor, now]. */
  async evaluate(lastCheckMs: number | undefined, fence?: Fence): Promise<GttRound> {
    const nowMs = this.o.market.nowMs();
    const round: GttRound = { at: nowMs, checked: 0, triggered: 0, rejected: 0, expired: 0 };
    const expired = await gttRepository.expireDue(this.o.db, new Date(nowMs), GTT_EXPIRED_REASON);
    round.expired = expired.length;
    for (const row of expired) await this.announce(row, 'expired');
    for (const row of await gttRepository.unplaced(this.o.db)) {
      if ((await this.place(row)) === 'rejected') round.rejected += 1;
    }
    for (const row of await gttRepository.active(this.o.db)) {
      round.checked += 1;
      try {
        const from = Math.max(row.armedAt.getTime(), lastCheckMs ?? -Infinity, nowMs - MAX_GTT_LOOKBACK_MS);
        if (from >= nowMs) continue;
        const hit = await firstLegTouched(this.o.market, row, from, nowMs);
        if (!hit) continue;
        const claimed = await this.claim(row, hit, fence);
        if (!claimed) continue;
        round.triggered += 1;
        if ((await this.place(claimed)) === 'rejected') round.rejected += 1;
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        this.o.log.error({ err, gttId: row.id }, 'GTT check failed');
      }
    }
    return round;
  }

  private async claim(row: GttRow, hit: { leg: number; ms: number; price: number }, fence?: Fence) {
    return this.o.db.transaction(async (tx) => {
      if (fence && !(await fence(tx))) throw new LeaseLost('GTT triggers');
      return claimGtt(tx, row, hit);
    });
  }

  /** Places the claimed leg's order (see placeGttOrder); a failure other than a refusal is retried next round. */
  private async place(row: GttRow): Promise<'placed' | 'rejected' | 'pending'> {
    try {
      const { outcome, row: done } = await placeGttOrder(this.o.db, this.o.orders, row);
      if (done) await this.announce(done, outcome === 'placed' ? 'triggered' : 'rejected');
      return outcome;
    } catch (err) {
      this.o.log.error({ err, gttId: row.id }, 'GTT order placement failed; retried next round');
      return 'pending';
    }
  }

  private async announce(row: GttRow, what: 'triggered' | 'rejected' | 'expired'): Promise<void> {
    const gtt = toGtt(row);
    const leg = gtt.triggeredLeg === null ? undefined : gtt.legs[gtt.triggeredLeg];
    const fired = leg
      ? `${row.symbol} touched ${fmt(gtt.triggeredPrice ?? leg.triggerPrice)} (trigger ${fmt(leg.triggerPrice)})`
      : '';
    const other = gtt.kind === 'oco' ? ' The other leg is cancelled.' : '';
    const notice =
      what === 'triggered'
        ? {
            type: 'success' as const,
            title: `GTT triggered: ${row.symbol}`,
            message: `${fired}: ${row.side.toLowerCase()} limit order for ${row.quantity} at ${fmt(leg!.limitPrice)} placed.${other}`,
          }
        : what === 'rejected'
          ? {
              type: 'error' as const,
              title: `GTT order refused: ${row.symbol}`,
              message: `${fired}, but the ${row.side.toLowerCase()} order was refused: ${row.statusReason}`,
            }
          : {
              type: 'info' as const,
              title: `GTT expired: ${row.symbol}`,
              message: `${describeGtt(gtt)} did not trigger within its year and has lapsed.`,
            };
    try {
      await this.o.notifications.notify(row.userId, {
        // A refused order is always kept (as account notices are); the others follow portfolio updates.
        category: what === 'rejected' ? 'account' : 'portfolio',
        ...notice,
        link: '/orders?tab=gtt',
        data: { gttId: row.id, symbol: row.symbol, orderId: row.orderId, status: row.status },
      });
    } catch (err) {
      this.o.log.error({ err, gttId: row.id }, 'GTT notice failed');
    }
  }
}

const fmt = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
