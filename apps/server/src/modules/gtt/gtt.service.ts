import {
  DEFAULT_PRODUCT,
  GTT_CANCELLED_REASON,
  GTT_EXPIRED_REASON,
  GTT_LIMIT_MESSAGE,
  GTT_RESET_REASON,
  describeGtt,
  gttDirection,
  gttExpiry,
  gttPriceIssues,
  gttShapeIssues,
  gttValidityFor,
  isTradable,
  paiseToRupees,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  type CreateGttRequest,
  type Gtt,
  type GttIssue,
  type GttKind,
  type GttLegInput,
  type GttListQuery,
  type GttStatus,
  type OrderSide,
  type PlaceOrderRequest,
  type Product,
  type UpdateGttRequest,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { firstTouch } from '../market/path-touch.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import { gttRepository, type GttRow } from './gtt.repository.js';

/** After a pause (a restart, a failover) the evaluator looks back at most this far along the path. */
export const MAX_GTT_LOOKBACK_MS = 60 * 60_000;

const NOT_FOUND = 'GTT not found';

function legsOf(row: GttRow): { triggerPaise: bigint; limitPaise: bigint }[] {
  const legs = [{ triggerPaise: row.leg1TriggerPaise, limitPaise: row.leg1LimitPaise }];
  if (row.leg2TriggerPaise !== null && row.leg2LimitPaise !== null)
    legs.push({ triggerPaise: row.leg2TriggerPaise, limitPaise: row.leg2LimitPaise });
  return legs;
}

export function toGtt(row: GttRow): Gtt {
  const reference = paiseToRupees(row.referencePricePaise);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    kind: row.kind as GttKind,
    side: row.side as OrderSide,
    product: row.product as Product,
    quantity: row.quantity,
    legs: legsOf(row).map((l) => ({
      triggerPrice: paiseToRupees(l.triggerPaise),
      limitPrice: paiseToRupees(l.limitPaise),
      direction: gttDirection(paiseToRupees(l.triggerPaise), reference),
    })),
    referencePrice: reference,
    status: row.status as GttStatus,
    statusReason: row.statusReason,
    triggeredLeg: row.triggeredLeg,
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    triggeredPrice: row.triggeredPricePaise === null ? null : paiseToRupees(row.triggeredPricePaise),
    orderId: row.orderId,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The same 400 shape as route validation: the first message, and one message per field. */
function invalid(issues: GttIssue[]): AppError | undefined {
  if (issues.length === 0) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return badRequest(issues[0]!.message, errors);
}

/** The client order id of a leg's order: derived, so a retry or a second instance cannot place twice. */
export const gttClientOrderId = (id: string, leg: number) => `gtt-${id}-${leg + 1}`;

export interface GttRound {
  /** The market time the round checked up to. */
  at: number;
  checked: number;
  triggered: number;
  rejected: number;
  expired: number;
}

/**
 * GTT triggers: the rules of /api/gtt, and the check the one elected instance runs each round.
 * Each check covers the path since the previous one (or since the GTT was armed) with the same
 * touch check as the price alerts, so a touch or a gap through a trigger between two checks fires
 * it. Firing claims the row first (one update that only one evaluator can win), then places a LIMIT
 * DAY order through the orders service under a client order id derived from the GTT and the leg.
 */
export class GttService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      orders: OrderCommandsService;
      portfolio: PortfolioService;
      notifications: NotificationsService;
      log: FastifyBaseLogger;
    },
  ) {}

  private nowMs() {
    return this.o.market.nowMs();
  }

  async list(userId: string, query: GttListQuery) {
    const status = query.status === 'all' ? undefined : query.status;
    const [rows, active] = await Promise.all([
      gttRepository.listForUser(this.o.db, userId, status, query.limit),
      gttRepository.countActive(this.o.db, userId),
    ]);
    return { data: rows.map(toGtt), active, maxActive: this.maxActive() };
  }

  async get(userId: string, id: string): Promise<Gtt> {
    const row = await gttRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toGtt(row);
  }

  private maxActive(): number {
    return gttValidityFor(new Date(this.nowMs()).toISOString()).maxActive;
  }

  /** The last price in paise, after the checks that need it (trigger not at it; OCO on both sides). */
  private async lastPricePaise(symbol: string, kind: GttKind, legs: GttLegInput[]): Promise<bigint> {
    const quote = await this.o.market.quote(symbol);
    const refusal = invalid(gttPriceIssues({ kind, legs }, quote.price));
    if (refusal) throw refusal;
    return rupeesToPaise(quote.price);
  }

  /** A sell GTT exits a held position, as at a broker: the shares must be held when it is set. */
  private async checkHeld(userId: string, symbol: string, side: OrderSide, quantity: number) {
    if (side !== 'SELL') return;
    const held = (await this.o.portfolio.holdings(userId))
      .filter((h) => h.symbol === symbol)
      .reduce((n, h) => n + h.quantity, 0);
    if (held >= quantity) return;
    const message =
      held === 0
        ? `You hold no ${symbol} shares; a sell GTT exits shares you hold`
        : `You hold ${held} ${symbol} shares; a sell GTT can be for at most that many`;
    throw badRequest(message, { quantity: message });
  }

  private legColumns(legs: GttLegInput[]) {
    const [a, b] = legs.map((l) => ({
      trigger: rupeesToPaise(l.triggerPrice),
      limit: rupeesToPaise(l.limitPrice),
    }));
    return {
      leg1TriggerPaise: a!.trigger,
      leg1LimitPaise: a!.limit,
      leg2TriggerPaise: b?.trigger ?? null,
      leg2LimitPaise: b?.limit ?? null,
    };
  }

  async create(userId: string, body: CreateGttRequest): Promise<Gtt> {
    const instrument = this.o.market.resolve(body.symbol);
    if (instrument.type === 'INDEX')
      throw unprocessable(`${instrument.symbol} is an index and cannot be traded`);
    if (!isTradable(instrument)) throw unprocessable(VIEW_ONLY_MESSAGE);
    const kind = body.kind;
    const product = body.product ?? DEFAULT_PRODUCT;
    const referencePricePaise = await this.lastPricePaise(instrument.symbol, kind, body.legs);
    await this.checkHeld(userId, instrument.symbol, body.side, body.quantity);
    const nowMs = this.nowMs();
    const max = this.maxActive();
    const row = await this.o.db.transaction(async (tx) => {
      if (!(await gttRepository.lockUser(tx, userId))) throw notFound('User not found');
      if ((await gttRepository.countActive(tx, userId)) >= max) throw conflict(GTT_LIMIT_MESSAGE(max));
      return gttRepository.insert(tx, {
        userId,
        symbol: instrument.symbol,
        name: instrument.name,
        kind,
        side: body.side,
        product,
        quantity: body.quantity,
        ...this.legColumns(body.legs),
        referencePricePaise,
        status: 'ACTIVE',
        armedAt: new Date(nowMs),
        expiresAt: gttExpiry(nowMs),
      });
    });
    return toGtt(row);
  }

  /** A new quantity and/or new legs while ACTIVE; the legs' directions are taken from the price now. */
  async update(userId: string, id: string, body: UpdateGttRequest): Promise<Gtt> {
    const row = await gttRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'ACTIVE') throw this.notActive(row, 'modified');
    const kind = row.kind as GttKind;
    const side = row.side as OrderSide;
    const legs =
      body.legs ?? toGtt(row).legs.map(({ triggerPrice, limitPrice }) => ({ triggerPrice, limitPrice }));
    const quantity = body.quantity ?? row.quantity;
    const shape = invalid(gttShapeIssues({ kind, side, legs }));
    if (shape) throw shape;
    const referencePricePaise = await this.lastPricePaise(row.symbol, kind, legs);
    await this.checkHeld(userId, row.symbol, side, quantity);
    const updated = await gttRepository.updateActiveOwn(this.o.db, userId, id, {
      quantity,
      ...this.legColumns(legs),
      referencePricePaise,
      armedAt: new Date(this.nowMs()),
    });
    if (!updated) return this.raceLost(userId, id, 'modified');
    return toGtt(updated);
  }

  async cancel(userId: string, id: string): Promise<Gtt> {
    const row = await gttRepository.updateActiveOwn(this.o.db, userId, id, {
      status: 'CANCELLED',
      statusReason: GTT_CANCELLED_REASON,
    });
    if (!row) return this.raceLost(userId, id, 'cancelled');
    return toGtt(row);
  }

  /**
   * Before an account reset: the positions a sell GTT exits and the cash a buy GTT spends are
   * about to be replaced, so the user's active GTTs end (with that reason) rather than fire on
   * the new account.
   */
  async cancelForReset(userId: string): Promise<void> {
    await gttRepository.cancelActiveForUser(this.o.db, userId, GTT_RESET_REASON);
  }

  private notActive(row: GttRow, verb: string): AppError {
    return conflict(`Only an active GTT can be ${verb}; this one is ${row.status}`);
  }

  /** The conditional update found nothing: not the user's (404), or no longer active (409). */
  private async raceLost(userId: string, id: string, verb: string): Promise<never> {
    const row = await gttRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    throw this.notActive(row, verb);
  }

  // Evaluation ------------------------------------------------------------------------------------

  /** One round: expire what is due, finish placements left over, then check every active GTT over (floor, now]. */
  async evaluate(lastCheckMs: number | undefined, fence?: Fence): Promise<GttRound> {
    const nowMs = this.nowMs();
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
        const hit = await this.firstLegTouched(row, from, nowMs);
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

  /** The leg whose trigger the path touched first in (from, to]; for OCO the earlier of the two. */
  private async firstLegTouched(row: GttRow, fromMs: number, toMs: number) {
    let best: { leg: number; ms: number; price: number } | undefined;
    const legs = legsOf(row);
    for (const [leg, { triggerPaise }] of legs.entries()) {
      const direction = triggerPaise > row.referencePricePaise ? 'up' : 'down';
      const tick = await firstTouch(this.o.market, row.symbol, fromMs, toMs, direction, triggerPaise);
      if (tick && (!best || tick.ms < best.ms)) best = { leg, ms: tick.ms, price: tick.price };
    }
    return best;
  }

  private async claim(row: GttRow, hit: { leg: number; ms: number; price: number }, fence?: Fence) {
    return this.o.db.transaction(async (tx) => {
      if (fence && !(await fence(tx))) throw new LeaseLost('GTT triggers');
      return gttRepository.claim(tx, row.id, row.armedAt, {
        triggeredLeg: hit.leg,
        triggeredAt: new Date(hit.ms),
        triggeredPricePaise: rupeesToPaise(hit.price),
        clientOrderId: gttClientOrderId(row.id, hit.leg),
      });
    });
  }

  /**
   * Places the claimed leg's LIMIT DAY order. A refusal (an answer a user would get: no cash, no
   * shares, outside the band) ends the GTT as REJECTED with its reason; any other failure leaves
   * it claimed without an order, and the next round places it again under the same client id.
   */
  private async place(row: GttRow): Promise<'placed' | 'rejected' | 'pending'> {
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
    } satisfies PlaceOrderRequest & { product: Product };
    try {
      const { order } = await this.o.orders.place(row.userId, request);
      const done = await gttRepository.settlePlacement(this.o.db, row.id, { orderId: order.id });
      if (done) await this.announce(done, 'triggered');
      return 'placed';
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) {
        this.o.log.error({ err, gttId: row.id }, 'GTT order placement failed; retried next round');
        return 'pending';
      }
      const done = await gttRepository.settlePlacement(this.o.db, row.id, {
        status: 'REJECTED',
        statusReason: err.message,
      });
      if (done) await this.announce(done, 'rejected');
      return 'rejected';
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
