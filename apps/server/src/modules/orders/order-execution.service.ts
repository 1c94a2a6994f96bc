import {
  computeFees,
  fillReceipt,
  istTradeDate,
  scheduleFor,
  type BrokeragePlan,
  type FeeSchedule,
  type FillOccasion,
  type Product,
  formatInr,
  paiseToRupees,
  insufficientFunds,
  insufficientShares,
  type RefusalDetail,
  type OrderSide,
  type OrderType,
  type OrderValidity,
} from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import type { RunLast } from '../../db/fast-path/index.js';
import { AppError } from '../../lib/errors.js';
import { governingSetting } from '../notifications/notifications.service.js';
import { ledgerRepository, type CashAccountRow } from '../ledger/ledger.repository.js';
import { filledNotice, type Executed } from './order-announcer.js';
import { toOrder } from './orders.mapper.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { positionsRepository, type PositionRow } from './positions.repository.js';
import { buyCost, costRemoved } from './orders.rules.js';
import { fillLedgerLines, fillValues } from './fill-records.js';

export const inr = (paise: bigint) => formatInr(paiseToRupees(paise));

/** Short of cash or shares: the user-facing message with its rule and fix, and (at placement) a stored REJECTED order. */
export class Shortfall extends AppError {
  readonly detail: RefusalDetail;
  constructor(refusal: RefusalDetail & { message: string }) {
    const detail: RefusalDetail = {
      code: refusal.code,
      rule: refusal.rule,
      ...(refusal.suggestion ? { suggestion: refusal.suggestion } : {}),
    };
    super(422, refusal.code, refusal.message, undefined, {
      rule: detail.rule,
      ...(detail.suggestion ? { suggestion: detail.suggestion } : {}),
    });
    this.detail = detail;
  }
}

export const insufficientBalance = (
  required: bigint,
  available: bigint,
  quantity: number,
  pricePaise: bigint,
  schedule: FeeSchedule,
) =>
  new Shortfall(
    insufficientFunds({
      requiredPaise: required,
      availablePaise: available,
      quantity,
      pricePaise,
      unitCost: (q) => buyCost(pricePaise, q, schedule),
    }),
  );
export const insufficientHoldings = (available: number, wanted: number, product: Product) =>
  new Shortfall(insufficientShares({ available, wanted, ...(product === 'MIS' ? { product } : {}) }));

/**
 * Reasons for rejecting an order that was accepted earlier start with this, so a replayed
 * placement can tell its own refusal (answered again as a 422) from a later rejection.
 */
export const LATE_REJECTION_PREFIX = 'Could not fill';
export const EXPIRY_REASON = 'Expired at the end of the trading session';

/**
 * Every Indian stock is traded on NSE here (canonical symbols are NSE's), so fills are charged
 * NSE's schedule; the BSE rows are published for reference.
 */
export const TRADING_EXCHANGE = 'NSE';

/** How a fill came about, for its receipt: the occasion and the figures the engine had then. */
export interface FillContext {
  occasion: FillOccasion;
  /** The last price the engine had when it filled (paise). */
  lastPricePaise: bigint;
  /** The cut-off as the user knows it, for a square-off ("15:20"). */
  cutoffLabel?: string;
  /** A further reason for the receipt, e.g. a circuit lock. */
  reason?: string;
}

/** An order about to be written for the first time. */
export interface NewOrder {
  userId: string;
  /** The portfolio season's money account it is placed in. */
  accountId: AccountId;
  clientOrderId: string;
  symbol: string;
  name: string;
  side: OrderSide;
  orderType: OrderType;
  quantity: number;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  validity: OrderValidity;
  product: Product;
  /** orders.rules `requestFingerprint` of the placement request, kept for replaying its retries. */
  requestFingerprint: string;
  expiresAt: Date | null;
}

type Target = { kind: 'new'; values: NewOrder } | { kind: 'resting'; row: OrderRow };

/** What a caller that opened the transaction with its locks already holds (see pipelinedTransaction). */
export interface Pipelined {
  /** The seller's position, row-locked after the cash account (null: none); unset: fill locks it. */
  position?: PositionRow | null;
  /** Sends the fill's statement as the transaction's last, its COMMIT behind it. */
  last?: RunLast;
}

/**
 * Every write that moves an order, its money and its shares, shared by placement, modification,
 * cancellation and the matcher; what a change tells the user is OrderAnnouncer's. Each method runs inside the caller's transaction, which has
 * already row-locked the user's cash account (then the order row, then the position — one lock
 * order everywhere, so two writers of one user queue instead of deadlocking).
 */
export class OrderExecution {
  constructor(
    private readonly o: {
      plan: BrokeragePlan;
      /**
       * A replay's trades: no fill notice and no watchlist change. A past day's trade is not news
       * to the notification centre, and a blind replay's notice would name the stock.
       */
      quiet?: boolean;
    },
  ) {}

  /** The same execution for a replay's portfolio (see `quiet`). */
  quiet(): OrderExecution {
    return new OrderExecution({ ...this.o, quiet: true });
  }

  /** The charges of `product` on the trade date of `now`, under this server's brokerage plan. */
  schedule(product: Product, now: Date): FeeSchedule {
    return scheduleFor(product, TRADING_EXCHANGE, istTradeDate(now.getTime()), this.o.plan);
  }

  /**
   * Fills the whole order at `pricePaise`: the order row, the fill with its fee lines, one ledger
   * insert for the trade and fee lines, the cash account and the position. A resting order's own
   * reservation is released into the funds it may use; a shortfall throws before any write.
   */
  async fill(
    tx: DbOrTx,
    account: CashAccountRow,
    pricePaise: bigint,
    now: Date,
    target: Target,
    pipelined: Pipelined = {},
    context: FillContext = {
      occasion: target.kind === 'new' ? 'placement' : 'resting',
      lastPricePaise: pricePaise,
    },
  ): Promise<Executed> {
    const base = target.kind === 'new' ? target.values : target.row;
    const { userId, accountId, symbol, quantity, product } = base;
    const side = base.side as OrderSide;
    const releasePaise = target.kind === 'resting' ? target.row.reservedPaise : 0n;
    const releaseQuantity = target.kind === 'resting' ? target.row.reservedQuantity : 0;
    const value = pricePaise * BigInt(quantity);
    const tradeDate = istTradeDate(now.getTime());
    // Under the account lock every fill of this user is serialised, so "first sell today" holds;
    // the partial unique index fills_dp_charge_once_per_day backs it in the database.
    const firstSellOfDay =
      side === 'SELL' &&
      product === 'CNC' &&
      !(await positionsRepository.soldForDeliveryOn(tx, accountId, symbol, tradeDate));
    const schedule = this.schedule(product, now);
    const fees = computeFees(side, value, schedule, {
      firstSellOfDay,
      squareOff: context.occasion === 'square-off',
    });
    const receipt = fillReceipt({
      side,
      orderType: base.orderType as OrderType,
      occasion: context.occasion,
      fillPrice: paiseToRupees(pricePaise),
      lastPrice: paiseToRupees(context.lastPricePaise),
      limitPrice: base.limitPricePaise === null ? null : paiseToRupees(base.limitPricePaise),
      triggerPrice: base.triggerPricePaise === null ? null : paiseToRupees(base.triggerPricePaise),
      ...(context.cutoffLabel ? { cutoffLabel: context.cutoffLabel } : {}),
      ...(context.reason ? { reason: context.reason } : {}),
    });
    const otherReserved = account.reservedPaise - releasePaise;
    let total: bigint;
    let realized: bigint | null = null;
    let sellPosition:
      | { quantity: number; reservedQuantity: number; costBasisPaise: bigint; realizedPnlPaise: bigint }
      | undefined;

    if (side === 'BUY') {
      total = value + fees.total;
      const available = account.balancePaise - otherReserved;
      if (available < total) throw insufficientBalance(total, available, quantity, pricePaise, schedule);
    } else {
      const position =
        pipelined.position !== undefined
          ? pipelined.position
          : await positionsRepository.lock(tx, accountId, symbol, product);
      const held = position?.quantity ?? 0;
      const available = held - ((position?.reservedQuantity ?? 0) - releaseQuantity);
      if (!position || available < quantity) throw insufficientHoldings(available, quantity, product);
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
      receipt,
    };
    const { lines, balance } = fillLedgerLines({
      ...{ userId, accountId, side, quantity, symbol, pricePaise, value, fees },
      balancePaise: account.balancePaise,
    });
    const {
      order,
      fill,
      account: updated,
      notification,
    } = await ordersRepository.writeFill(
      tx,
      {
        notification: this.o.quiet
          ? undefined
          : {
              values: {
                userId,
                link: '/orders',
                ...filledNotice(side, quantity, symbol, paiseToRupees(pricePaise)),
              },
              setting: governingSetting('portfolio')!,
            },
        // Buying a stock takes it off the default watchlist (it is held now); selling all of it puts it back.
        watchlist: this.o.quiet
          ? undefined
          : side === 'BUY'
            ? 'remove'
            : sellPosition?.quantity === 0
              ? 'add'
              : undefined,
        order:
          target.kind === 'new'
            ? { insert: { ...target.values, ...outcome } }
            : { update: target.row.id, set: outcome },
        fill: fillValues({
          ...{ userId, accountId, symbol, side, product, quantity, pricePaise, value, fees },
          realized,
          receipt,
          tradeDate,
        }),
        ledger: lines,
        account: { id: accountId, balancePaise: balance, reservedPaise: otherReserved },
        // The average price includes buy fees, so the whole debit joins the cost basis.
        position: {
          userId,
          accountId,
          symbol,
          product,
          ...(sellPosition ? { set: sellPosition } : { add: { quantity, costPaise: total } }),
        },
      },
      pipelined.last,
    );
    return {
      userId,
      order: toOrder(order, fill),
      event: 'filled',
      account: updated,
      notification: notification ?? null,
    };
  }

  /**
   * Accepts an order to rest as PENDING and holds back what it could need: cash for its value at
   * `pricePaise` plus that value's fees (buy), or the shares (sell).
   */
  async rest(
    tx: DbOrTx,
    account: CashAccountRow,
    values: NewOrder,
    pricePaise: bigint,
    now: Date,
  ): Promise<Executed> {
    const {
      reservedPaise,
      reservedQuantity,
      account: updated,
    } = await this.reserve(tx, account, values, values.quantity, pricePaise, undefined, now);
    const order = await ordersRepository.insertOrder(tx, {
      ...values,
      status: 'PENDING',
      reservedPaise,
      reservedQuantity,
    });
    return { userId: values.userId, order: toOrder(order, undefined), event: 'placed', account: updated };
  }

  /** Changes a resting order's quantity or prices, swapping its old reservation for the new one. */
  async modify(
    tx: DbOrTx,
    account: CashAccountRow,
    row: OrderRow,
    changes: { quantity: number; limitPricePaise: bigint | null; triggerPricePaise: bigint | null },
    pricePaise: bigint,
    now: Date,
  ): Promise<Executed> {
    const side = row.side as OrderSide;
    const {
      reservedPaise,
      reservedQuantity,
      account: updated,
    } = await this.reserve(
      tx,
      account,
      { userId: row.userId, accountId: row.accountId, symbol: row.symbol, side, product: row.product },
      changes.quantity,
      pricePaise,
      row,
      now,
    );
    const order = await ordersRepository.updateOrder(tx, row.id, {
      ...changes,
      reservedPaise,
      reservedQuantity,
    });
    return { userId: row.userId, order: toOrder(order, undefined), event: 'modified', account: updated };
  }

  private async reserve(
    tx: DbOrTx,
    account: CashAccountRow,
    order: { userId: string; accountId: AccountId; symbol: string; side: OrderSide; product: Product },
    quantity: number,
    pricePaise: bigint,
    previous: OrderRow | undefined,
    now: Date,
  ): Promise<{ reservedPaise: bigint; reservedQuantity: number; account: CashAccountRow }> {
    if (order.side === 'BUY') {
      // Reserved at today's schedule; the fill re-checks the cash at its own date's.
      const schedule = this.schedule(order.product, now);
      const need = buyCost(pricePaise, quantity, schedule);
      const otherReserved = account.reservedPaise - (previous?.reservedPaise ?? 0n);
      const available = account.balancePaise - otherReserved;
      if (available < need) throw insufficientBalance(need, available, quantity, pricePaise, schedule);
      const updated = await ledgerRepository.setAccount(
        tx,
        order.accountId,
        account.balancePaise,
        otherReserved + need,
      );
      return { reservedPaise: need, reservedQuantity: 0, account: updated };
    }
    const position = await positionsRepository.lock(tx, order.accountId, order.symbol, order.product);
    const otherReserved = (position?.reservedQuantity ?? 0) - (previous?.reservedQuantity ?? 0);
    const available = (position?.quantity ?? 0) - otherReserved;
    if (!position || available < quantity) throw insufficientHoldings(available, quantity, order.product);
    await positionsRepository.upsert(tx, { ...position, reservedQuantity: otherReserved + quantity });
    return { reservedPaise: 0n, reservedQuantity: quantity, account };
  }

  /**
   * Fills a resting order the market reached; when it costs more than it reserved (a stop or a
   * queued market order can), nothing is written and it is REJECTED with the reason instead.
   */
  async fillResting(
    tx: DbOrTx,
    account: CashAccountRow,
    row: OrderRow,
    pricePaise: bigint,
    now: Date,
    context: FillContext,
  ): Promise<Executed> {
    try {
      return await this.fill(tx, account, pricePaise, now, { kind: 'resting', row }, {}, context);
    } catch (error) {
      if (!(error instanceof Shortfall)) throw error;
      const reason = `${LATE_REJECTION_PREFIX} at ${inr(pricePaise)}: ${error.message}`;
      return this.release(tx, account, row, 'REJECTED', reason, now, error.detail);
    }
  }

  /** Ends a resting order without a fill (cancelled, expired, or rejected when it fired) and frees its reservation. */
  async release(
    tx: DbOrTx,
    account: CashAccountRow,
    row: OrderRow,
    status: 'CANCELLED' | 'EXPIRED' | 'REJECTED',
    reason: string | null,
    now: Date,
    refusal?: RefusalDetail,
  ): Promise<Executed> {
    let updated = account;
    if (row.reservedPaise > 0n) {
      updated = await ledgerRepository.setAccount(
        tx,
        row.accountId,
        account.balancePaise,
        account.reservedPaise - row.reservedPaise,
      );
    }
    if (row.reservedQuantity > 0) {
      const position = await positionsRepository.lock(tx, row.accountId, row.symbol, row.product);
      if (position)
        await positionsRepository.upsert(tx, {
          ...position,
          reservedQuantity: position.reservedQuantity - row.reservedQuantity,
        });
    }
    const order = await ordersRepository.updateOrder(tx, row.id, {
      status,
      statusReason: reason,
      ...(refusal ? { refusal } : {}),
      ...(status === 'CANCELLED' ? { cancelledAt: now, cancelReason: reason } : {}),
      reservedPaise: 0n,
      reservedQuantity: 0,
    });
    const event = status === 'CANCELLED' ? 'cancelled' : status === 'EXPIRED' ? 'expired' : 'rejected';
    return { userId: row.userId, order: toOrder(order, undefined), event, account: updated };
  }

  /** A placement refused for cash or shares stays on record as REJECTED; written after its transaction rolled back. */
  /**
   * `askedValuePaise`: for a refused market order, quantity × the market price it was refused at,
   * so the history can show what was asked (a limit or stop keeps its own price).
   */
  async recordRefusal(
    db: DbOrTx,
    values: NewOrder,
    refusal: Shortfall,
    askedValuePaise: bigint | null = null,
  ): Promise<Executed> {
    // The cash account is locked before the row takes its (user, clientOrderId) key, as every
    // order write does. Inserted bare, the row would hold its key while its foreign-key check
    // waits on the account, and a retry of the same key that holds the account lock and inserts
    // (a duplicate placement that filled) would wait on that key: a deadlock (40P01), a 500.
    const order = await db.transaction(async (tx) => {
      await ledgerRepository.lockAccount(tx, values.accountId);
      return ordersRepository.insertOrder(tx, {
        ...values,
        expiresAt: null,
        status: 'REJECTED',
        statusReason: refusal.message,
        refusal: refusal.detail,
        ...(askedValuePaise !== null ? { tradeValuePaise: askedValuePaise } : {}),
      });
    });
    return { userId: values.userId, order: toOrder(order, undefined), event: 'rejected', account: undefined };
  }
}
