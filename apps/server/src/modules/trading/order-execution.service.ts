import {
  ERROR_CODES,
  computeFees,
  formatInr,
  paiseToRupees,
  type FeeBreakdown,
  type Order,
  type OrderSide,
  type OrderType,
  type OrderValidity,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { NotificationRow } from '../notifications/notifications.repository.js';
import { governingSetting, type NotificationsService } from '../notifications/notifications.service.js';
import { ledgerRepository, type CashAccountRow, type LedgerKind } from './ledger.repository.js';
import { toOrder } from './orders.mapper.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { buyCost, costRemoved } from './orders.rules.js';

export const inr = (paise: bigint) => formatInr(paiseToRupees(paise));

/** Short of cash or shares: the spec's message, and (at placement) a stored REJECTED order. */
export class Shortfall extends AppError {
  constructor(message: string) {
    super(422, ERROR_CODES.unprocessable, message);
  }
}

export const insufficientBalance = (required: bigint, available: bigint) =>
  new Shortfall(`Insufficient balance. Required: ${inr(required)}, Available: ${inr(available)}`);
export const insufficientHoldings = (available: number, wanted: number) =>
  new Shortfall(`Insufficient holdings. You have ${Math.max(available, 0)} shares, trying to sell ${wanted}`);

/**
 * Reasons for rejecting an order that was accepted earlier start with this, so a replayed
 * placement can tell its own refusal (answered again as a 422) from a later rejection.
 */
export const LATE_REJECTION_PREFIX = 'Could not fill';
export const EXPIRY_REASON = 'Expired at the end of the trading session';

/** Fee lines in contract-note order, each with its ledger kind. */
const FEE_LINES: { key: Exclude<keyof FeeBreakdown, 'total'>; kind: LedgerKind; label: string }[] = [
  { key: 'brokerage', kind: 'FEE_BROKERAGE', label: 'Brokerage' },
  { key: 'exchangeCharge', kind: 'FEE_EXCHANGE', label: 'Exchange transaction charge' },
  { key: 'stt', kind: 'FEE_STT', label: 'STT' },
  { key: 'gst', kind: 'FEE_GST', label: 'GST' },
  { key: 'sebiFee', kind: 'FEE_SEBI', label: 'SEBI fee' },
  { key: 'stampDuty', kind: 'FEE_STAMP_DUTY', label: 'Stamp duty' },
];

/** An order about to be written for the first time. */
export interface NewOrder {
  userId: string;
  clientOrderId: string;
  symbol: string;
  name: string;
  side: OrderSide;
  orderType: OrderType;
  quantity: number;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  validity: OrderValidity;
  /** orders.rules `requestFingerprint` of the placement request, kept for replaying its retries. */
  requestFingerprint: string;
  expiresAt: Date | null;
}

export type OrderEvent = 'filled' | 'placed' | 'modified' | 'cancelled' | 'expired' | 'rejected';

/** What a committed change did, for the announcements that follow the commit. */
export interface Executed {
  userId: string;
  order: Order;
  event: OrderEvent;
  account: CashAccountRow | undefined;
  /**
   * A notice the change's own statement already handled (a fill's): the row to push, or null when
   * the user's settings kept it from being stored.
   */
  notification?: NotificationRow | null | undefined;
}

type Target = { kind: 'new'; values: NewOrder } | { kind: 'resting'; row: OrderRow };

/**
 * Every write that moves an order, its money and its shares, shared by placement, modification,
 * cancellation and the matcher. Each method runs inside the caller's transaction, which has
 * already row-locked the user's cash account (then the order row, then the position — one lock
 * order everywhere, so two writers of one user queue instead of deadlocking).
 */
export class OrderExecution {
  constructor(
    private readonly o: { notifications: NotificationsService; live: RealtimePublisher; log: FastifyBaseLogger; db: DbOrTx },
  ) {}

  /**
   * Fills the whole order at `pricePaise`: the order row, the fill with its fee lines, one ledger
   * insert for the trade and fee lines, the cash account and the position. A resting order's own
   * reservation is released into the funds it may use; a shortfall throws before any write.
   */
  async fill(tx: DbOrTx, account: CashAccountRow, pricePaise: bigint, now: Date, target: Target): Promise<Executed> {
    const base = target.kind === 'new' ? target.values : target.row;
    const { userId, symbol, quantity } = base;
    const side = base.side as OrderSide;
    const releasePaise = target.kind === 'resting' ? target.row.reservedPaise : 0n;
    const releaseQuantity = target.kind === 'resting' ? target.row.reservedQuantity : 0;
    const value = pricePaise * BigInt(quantity);
    const fees = computeFees(side, value);
    const otherReserved = account.reservedPaise - releasePaise;
    let total: bigint;
    let realized: bigint | null = null;
    let sellPosition: { quantity: number; reservedQuantity: number; costBasisPaise: bigint; realizedPnlPaise: bigint } | undefined;

    if (side === 'BUY') {
      total = value + fees.total;
      const available = account.balancePaise - otherReserved;
      if (available < total) throw insufficientBalance(total, available);
    } else {
      const position = await ordersRepository.lockPosition(tx, userId, symbol);
      const held = position?.quantity ?? 0;
      const available = held - ((position?.reservedQuantity ?? 0) - releaseQuantity);
      if (!position || available < quantity) throw insufficientHoldings(available, quantity);
      total = value - fees.total;
      const removed = costRemoved(position.costBasisPaise, held, quantity);
      realized = total - removed;
      sellPosition = {
        quantity: held - quantity,
        reservedQuantity: position.reservedQuantity - releaseQuantity,
        costBasisPaise: position.costBasisPaise - removed,
        realizedPnlPaise: position.realizedPnlPaise + realized,
      };
    }

    const outcome = {
      status: 'FILLED',
      executionPricePaise: pricePaise,
      tradeValuePaise: value,
      feesPaise: fees.total,
      totalPaise: total,
      realizedPnlPaise: realized,
      executedAt: now,
      reservedPaise: 0n,
      reservedQuantity: 0,
    };
    // The trade line first, then one line per non-zero fee; on a sell the credit lands before
    // the fees, so the running balance never dips below zero between lines.
    let balance = account.balancePaise + (side === 'BUY' ? -value : value);
    const lines: { userId: string; kind: LedgerKind; amountPaise: bigint; balanceAfterPaise: bigint; description: string }[] = [
      {
        userId,
        kind: side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL',
        amountPaise: side === 'BUY' ? -value : value,
        balanceAfterPaise: balance,
        description: `${side === 'BUY' ? 'Bought' : 'Sold'} ${quantity} ${symbol} at ${inr(pricePaise)}`,
      },
    ];
    for (const line of FEE_LINES) {
      const amount = fees[line.key];
      if (amount === 0n) continue;
      balance -= amount;
      lines.push({ userId, kind: line.kind, amountPaise: -amount, balanceAfterPaise: balance, description: `${line.label}: ${side} ${quantity} ${symbol}` });
    }
    const { order, fill, account: updated, notification } = await ordersRepository.writeFill(tx, {
      notification: {
        values: { userId, link: '/orders', ...filledNotice(side, quantity, symbol, paiseToRupees(pricePaise)) },
        setting: governingSetting('portfolio')!,
      },
      // Spec §4: buying a stock takes it off the default watchlist; selling all of it puts it back.
      watchlist: side === 'BUY' ? 'remove' : sellPosition?.quantity === 0 ? 'add' : undefined,
      order: target.kind === 'new' ? { insert: { ...target.values, ...outcome } } : { update: target.row.id, set: outcome },
      fill: {
        userId,
        symbol,
        side,
        quantity,
        pricePaise,
        valuePaise: value,
        brokeragePaise: fees.brokerage,
        exchangeChargePaise: fees.exchangeCharge,
        sttPaise: fees.stt,
        gstPaise: fees.gst,
        sebiFeePaise: fees.sebiFee,
        stampDutyPaise: fees.stampDuty,
        feesPaise: fees.total,
        realizedPnlPaise: realized ?? 0n,
      },
      ledger: lines,
      account: { userId, balancePaise: balance, reservedPaise: otherReserved },
      // The average price includes buy fees (spec §4), so the whole debit joins the cost basis.
      position: { userId, symbol, ...(sellPosition ? { set: sellPosition } : { add: { quantity, costPaise: total } }) },
    });
    return { userId, order: toOrder(order, fill), event: 'filled', account: updated, notification: notification ?? null };
  }

  /**
   * Accepts an order to rest as PENDING and holds back what it could need: cash for its value at
   * `pricePaise` plus that value's fees (buy), or the shares (sell).
   */
  async rest(tx: DbOrTx, account: CashAccountRow, values: NewOrder, pricePaise: bigint): Promise<Executed> {
    const { reservedPaise, reservedQuantity, account: updated } = await this.reserve(tx, account, values, values.quantity, pricePaise, undefined);
    const order = await ordersRepository.insertOrder(tx, { ...values, status: 'PENDING', reservedPaise, reservedQuantity });
    return { userId: values.userId, order: toOrder(order, undefined), event: 'placed', account: updated };
  }

  /** Changes a resting order's quantity or prices, swapping its old reservation for the new one. */
  async modify(
    tx: DbOrTx,
    account: CashAccountRow,
    row: OrderRow,
    changes: { quantity: number; limitPricePaise: bigint | null; triggerPricePaise: bigint | null },
    pricePaise: bigint,
  ): Promise<Executed> {
    const side = row.side as OrderSide;
    const { reservedPaise, reservedQuantity, account: updated } = await this.reserve(tx, account, { userId: row.userId, symbol: row.symbol, side }, changes.quantity, pricePaise, row);
    const order = await ordersRepository.updateOrder(tx, row.id, { ...changes, reservedPaise, reservedQuantity });
    return { userId: row.userId, order: toOrder(order, undefined), event: 'modified', account: updated };
  }

  private async reserve(
    tx: DbOrTx,
    account: CashAccountRow,
    order: { userId: string; symbol: string; side: OrderSide },
    quantity: number,
    pricePaise: bigint,
    previous: OrderRow | undefined,
  ): Promise<{ reservedPaise: bigint; reservedQuantity: number; account: CashAccountRow }> {
    if (order.side === 'BUY') {
      const need = buyCost(pricePaise, quantity);
      const otherReserved = account.reservedPaise - (previous?.reservedPaise ?? 0n);
      const available = account.balancePaise - otherReserved;
      if (available < need) throw insufficientBalance(need, available);
      const updated = await ledgerRepository.setAccount(tx, order.userId, account.balancePaise, otherReserved + need);
      return { reservedPaise: need, reservedQuantity: 0, account: updated };
    }
    const position = await ordersRepository.lockPosition(tx, order.userId, order.symbol);
    const otherReserved = (position?.reservedQuantity ?? 0) - (previous?.reservedQuantity ?? 0);
    const available = (position?.quantity ?? 0) - otherReserved;
    if (!position || available < quantity) throw insufficientHoldings(available, quantity);
    await ordersRepository.upsertPosition(tx, { ...position, reservedQuantity: otherReserved + quantity });
    return { reservedPaise: 0n, reservedQuantity: quantity, account };
  }

  /** Ends a resting order without a fill (cancelled, expired, or rejected when it fired) and frees its reservation. */
  async release(
    tx: DbOrTx,
    account: CashAccountRow,
    row: OrderRow,
    status: 'CANCELLED' | 'EXPIRED' | 'REJECTED',
    reason: string | null,
    now: Date,
  ): Promise<Executed> {
    let updated = account;
    if (row.reservedPaise > 0n) {
      updated = await ledgerRepository.setAccount(tx, row.userId, account.balancePaise, account.reservedPaise - row.reservedPaise);
    }
    if (row.reservedQuantity > 0) {
      const position = await ordersRepository.lockPosition(tx, row.userId, row.symbol);
      if (position) await ordersRepository.upsertPosition(tx, { ...position, reservedQuantity: position.reservedQuantity - row.reservedQuantity });
    }
    const order = await ordersRepository.updateOrder(tx, row.id, {
      status,
      statusReason: reason,
      ...(status === 'CANCELLED' ? { cancelledAt: now, cancelReason: reason } : {}),
      reservedPaise: 0n,
      reservedQuantity: 0,
    });
    const event = status === 'CANCELLED' ? 'cancelled' : status === 'EXPIRED' ? 'expired' : 'rejected';
    return { userId: row.userId, order: toOrder(order, undefined), event, account: updated };
  }

  /** A placement refused for cash or shares stays on record as REJECTED; written after its transaction rolled back. */
  async recordRefusal(db: DbOrTx, values: NewOrder, reason: string): Promise<Executed> {
    const order = await ordersRepository.insertOrder(db, { ...values, expiresAt: null, status: 'REJECTED', statusReason: reason });
    return { userId: values.userId, order: toOrder(order, undefined), event: 'rejected', account: undefined };
  }

  private publish(userId: string, order: Order, account: CashAccountRow | undefined) {
    this.o.live.toUser(userId, 'order-update', { order });
    if (account) {
      this.o.live.toUser(userId, 'balance-updated', {
        balance: paiseToRupees(account.balancePaise),
        availableCash: paiseToRupees(account.balancePaise - account.reservedPaise),
        reserved: paiseToRupees(account.reservedPaise),
      });
    }
  }

  /** After commit: the change stands whatever happens here, so failures are logged, not thrown. */
  async announce(done: Executed): Promise<void> {
    const { userId, order } = done;
    try {
      this.publish(userId, order, done.account);
      if (done.notification !== undefined) {
        if (done.notification) await this.o.notifications.delivered(userId, done.notification);
        return;
      }
      const note = notice(done);
      if (note) await this.o.notifications.notify(userId, { category: 'portfolio', link: '/orders', data: { orderId: order.id }, ...note });
    } catch (err) {
      this.o.log.error({ err, orderId: order.id }, 'order announcement failed');
    }
  }

  private readonly pending = new Set<Promise<void>>();

  /**
   * Announces without making the caller wait for the stored notification: the pushes go out
   * before this returns, the notification (and its realtime event) follows.
   */
  announceLater(done: Executed): void {
    const announcing = this.announce(done).finally(() => this.pending.delete(announcing));
    this.pending.add(announcing);
  }

  /** Waits for announcements still under way, so shutdown does not close the database under them. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

function describe(order: Order): string {
  const side = order.type === 'BUY' ? 'buy' : 'sell';
  const kind = order.orderType === 'MARKET' ? '' : order.orderType === 'LIMIT' ? ` limit` : ' stop';
  const at =
    order.orderType === 'LIMIT' && order.limitPrice !== null
      ? ` at ${formatInr(order.limitPrice)}`
      : order.orderType === 'STOP' && order.triggerPrice !== null
        ? ` (trigger ${formatInr(order.triggerPrice)})`
        : '';
  return `Your ${side}${kind} order for ${order.quantity} ${order.symbol}${at}`;
}

function filledNotice(side: OrderSide, quantity: number, symbol: string, price: number) {
  return { type: 'success' as const, title: 'Order filled', message: `${side === 'BUY' ? 'Bought' : 'Sold'} ${quantity} ${symbol} at ${formatInr(price)}` };
}

function notice(done: Executed): { type: 'success' | 'info' | 'warning' | 'error'; title: string; message: string } | undefined {
  const { order } = done;
  switch (done.event) {
    case 'filled':
      return filledNotice(order.type, order.quantity, order.symbol, order.executionPrice ?? 0);
    case 'cancelled':
      return { type: 'info', title: 'Order cancelled', message: `${describe(order)} was cancelled${order.statusReason ? `: ${order.statusReason}` : '.'}` };
    case 'expired':
      return { type: 'warning', title: 'Order expired', message: `${describe(order)} expired at the end of the trading session.` };
    case 'rejected':
      return { type: 'error', title: 'Order rejected', message: `${describe(order)} was rejected: ${order.statusReason ?? 'no reason given'}` };
    default:
      return undefined;
  }
}
