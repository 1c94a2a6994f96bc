import {
  clientOrderIdField,
  computeFees,
  formatInr,
  isOnTick,
  tickSize,
  paiseToRupees,
  rupeesToPaise,
  type FeeBreakdown,
  type Instrument,
  type Order,
  type OrderListQuery,
  type OrderSide,
  type OrderStatus,
  type OrderSummary,
  type OrderType,
  type OrderValidity,
  type PlaceOrderRequest,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound, unprocessable } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { MarketService } from '../market/market.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { ledgerRepository, type CashAccountRow, type LedgerKind } from './ledger.repository.js';
import { ordersRepository, type FillRow, type OrderRow } from './orders.repository.js';

const OPEN_STATUSES: OrderStatus[] = ['PENDING', 'OPEN'];


const rupees = (paise: bigint | null) => (paise === null ? null : paiseToRupees(paise));
const inr = (paise: bigint) => formatInr(paiseToRupees(paise));

/** Fee lines in contract-note order, each with its ledger kind. */
const FEE_LINES: { key: Exclude<keyof FeeBreakdown, 'total'>; kind: LedgerKind; label: string }[] = [
  { key: 'brokerage', kind: 'FEE_BROKERAGE', label: 'Brokerage' },
  { key: 'exchangeCharge', kind: 'FEE_EXCHANGE', label: 'Exchange transaction charge' },
  { key: 'stt', kind: 'FEE_STT', label: 'STT' },
  { key: 'gst', kind: 'FEE_GST', label: 'GST' },
  { key: 'sebiFee', kind: 'FEE_SEBI', label: 'SEBI fee' },
  { key: 'stampDuty', kind: 'FEE_STAMP_DUTY', label: 'Stamp duty' },
];

export function toOrder(row: OrderRow, fill: FillRow | undefined): Order {
  const limitPrice = rupees(row.limitPricePaise);
  const executionPrice = rupees(row.executionPricePaise);
  return {
    id: row.id,
    _id: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    stockSymbol: row.symbol,
    stockName: row.name,
    type: row.side as OrderSide,
    orderType: row.orderType as OrderType,
    quantity: row.quantity,
    price: limitPrice ?? executionPrice,
    limitPrice,
    triggerPrice: rupees(row.triggerPricePaise),
    validity: row.validity as OrderValidity,
    executionPrice,
    tradeValue: rupees(row.tradeValuePaise),
    fees: paiseToRupees(row.feesPaise),
    feeBreakdown: fill
      ? {
          brokerage: paiseToRupees(fill.brokeragePaise),
          exchangeCharge: paiseToRupees(fill.exchangeChargePaise),
          stt: paiseToRupees(fill.sttPaise),
          gst: paiseToRupees(fill.gstPaise),
          sebiFee: paiseToRupees(fill.sebiFeePaise),
          stampDuty: paiseToRupees(fill.stampDutyPaise),
          total: paiseToRupees(fill.feesPaise),
        }
      : null,
    total: rupees(row.totalPaise),
    realizedPnL: rupees(row.realizedPnlPaise),
    reserved: paiseToRupees(row.reservedPaise),
    status: row.status as OrderStatus,
    statusReason: row.statusReason ?? row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    executedAt: row.executedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

interface Intent {
  clientOrderId: string;
  instrument: Instrument;
  side: OrderSide;
  orderType: OrderType;
  quantity: number;
  limitPricePaise: bigint | null;
}

interface PlaceOutcome {
  order: Order;
  replayed: boolean;
  account: CashAccountRow | undefined;
}

/**
 * Order placement and its money (DESIGN "Money"): one transaction per order, the user's cash
 * account row-locked first so every money change of one user queues behind the previous one.
 */
export class OrdersService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
    },
  ) {}

  private intent(body: PlaceOrderRequest, idempotencyKey: string | undefined): Intent {
    const key = clientOrderIdField.safeParse(body.clientOrderId ?? idempotencyKey);
    if (!key.success) {
      const message =
        body.clientOrderId === undefined && idempotencyKey === undefined
          ? 'clientOrderId (or an Idempotency-Key header) is required'
          : (key.error.issues[0]?.message ?? 'Invalid clientOrderId');
      throw badRequest(message, { clientOrderId: message });
    }
    const instrument = this.o.market.resolve(body.symbol);
    if (instrument.type === 'INDEX') throw unprocessable(`${instrument.symbol} is an index and cannot be traded`);
    // Cash is rupees; a dollar-priced stock would need an FX leg that does not exist yet.
    if (instrument.currency !== 'INR') throw unprocessable('Only NSE/BSE stocks priced in rupees can be traded');
    let limitPricePaise: bigint | null = null;
    if (body.orderType === 'LIMIT') {
      const limit = body.price!;
      if (!isOnTick(limit, instrument.currency)) {
        const message = `Limit price must be a multiple of the tick size (₹${tickSize(limit, instrument.currency).toFixed(2)})`;
        throw badRequest(message, { price: message });
      }
      limitPricePaise = rupeesToPaise(limit);
    }
    return { clientOrderId: key.data, instrument, side: body.type, orderType: body.orderType, quantity: body.quantity, limitPricePaise };
  }

  /** A retry with the same key and body gets the first order; a reuse for a different order is a 422. */
  private async replay(db: DbOrTx, userId: string, intent: Intent): Promise<Order | undefined> {
    const existing = await ordersRepository.findByClientId(db, userId, intent.clientOrderId);
    if (!existing) return undefined;
    const same =
      existing.symbol === intent.instrument.symbol &&
      existing.side === intent.side &&
      existing.orderType === intent.orderType &&
      existing.quantity === intent.quantity &&
      existing.limitPricePaise === intent.limitPricePaise;
    if (!same) throw unprocessable('This clientOrderId was already used for a different order');
    const [fill] = await ordersRepository.fillsFor(db, [existing.id]);
    return toOrder(existing, fill);
  }

  async place(userId: string, body: PlaceOrderRequest, idempotencyKey?: string): Promise<{ order: Order; replayed: boolean }> {
    const intent = this.intent(body, idempotencyKey);
    const early = await this.replay(this.o.db, userId, intent);
    if (early) return { order: early, replayed: true };
    // The quote is read before the transaction so no row lock waits on the market provider.
    const pricePaise = intent.orderType === 'MARKET' ? rupeesToPaise((await this.o.market.quote(intent.instrument.symbol)).price) : null;

    let outcome: PlaceOutcome;
    try {
      outcome = await this.o.db.transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, userId);
        if (!account) throw notFound('Virtual money account not found');
        // Re-checked under the lock: a concurrent retry with the same key has committed by now.
        const replayed = await this.replay(tx, userId, intent);
        if (replayed) return { order: replayed, replayed: true, account: undefined };
        if (intent.orderType === 'LIMIT') return this.rest(tx, userId, account, intent);
        if (intent.orderType === 'STOP') throw unprocessable('Stop orders are not supported yet');
        return this.fillAtMarket(tx, userId, account, intent, pricePaise!);
      });
    } catch (error) {
      // Backstop for the unique (user, clientOrderId) key, should two requests ever pass the lock.
      if (isUniqueViolation(error)) {
        const replayed = await this.replay(this.o.db, userId, intent);
        if (replayed) return { order: replayed, replayed: true };
      }
      throw error;
    }
    if (!outcome.replayed) await this.announce(userId, outcome.order, outcome.account);
    return { order: outcome.order, replayed: outcome.replayed };
  }

  private insufficientBalance(required: bigint, available: bigint) {
    return unprocessable(`Insufficient balance. Required: ${inr(required)}, Available: ${inr(available)}`);
  }

  private async fillAtMarket(tx: DbOrTx, userId: string, account: CashAccountRow, intent: Intent, pricePaise: bigint): Promise<PlaceOutcome> {
    const { instrument, side, quantity } = intent;
    const value = pricePaise * BigInt(quantity);
    const fees = computeFees(side, value);
    const position = await ordersRepository.lockPosition(tx, userId, instrument.symbol);
    const heldQty = position?.quantity ?? 0;
    const heldCost = position?.costBasisPaise ?? 0n;
    const reservedQty = position?.reservedQuantity ?? 0;
    const realizedBefore = position?.realizedPnlPaise ?? 0n;
    let balance = account.balancePaise;
    let total: bigint;
    let realized: bigint | null = null;
    let newQty: number;
    let newCost: bigint;

    if (side === 'BUY') {
      total = value + fees.total;
      const available = account.balancePaise - account.reservedPaise;
      if (available < total) throw this.insufficientBalance(total, available);
      newQty = heldQty + quantity;
      // The average price includes buy fees (spec §4), so the fees sit in the cost basis.
      newCost = heldCost + total;
    } else {
      const available = heldQty - reservedQty;
      if (available < quantity) throw unprocessable(`Insufficient holdings. You have ${available} shares, trying to sell ${quantity}`);
      total = value - fees.total;
      // Proportional share of the cost basis, half-up to the paisa; a full exit takes all of it.
      const removed = quantity === heldQty ? heldCost : (heldCost * BigInt(quantity) * 2n + BigInt(heldQty)) / (2n * BigInt(heldQty));
      realized = total - removed;
      newQty = heldQty - quantity;
      newCost = heldCost - removed;
    }

    const now = new Date();
    const order = await ordersRepository.insertOrder(tx, {
      userId,
      clientOrderId: intent.clientOrderId,
      symbol: instrument.symbol,
      name: instrument.name,
      side,
      orderType: 'MARKET',
      quantity,
      status: 'FILLED',
      executionPricePaise: pricePaise,
      tradeValuePaise: value,
      feesPaise: fees.total,
      totalPaise: total,
      realizedPnlPaise: realized,
      executedAt: now,
    });
    const fill = await ordersRepository.insertFill(tx, {
      orderId: order.id,
      userId,
      symbol: instrument.symbol,
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
    });

    // The trade line first, then one line per non-zero fee; on a sell the credit lands before
    // the fees, so the running balance never dips below zero between lines.
    const verb = side === 'BUY' ? 'Bought' : 'Sold';
    balance += side === 'BUY' ? -value : value;
    await ledgerRepository.append(tx, {
      userId,
      kind: side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL',
      amountPaise: side === 'BUY' ? -value : value,
      balanceAfterPaise: balance,
      description: `${verb} ${quantity} ${instrument.symbol} at ${inr(pricePaise)}`,
      orderId: order.id,
    });
    for (const line of FEE_LINES) {
      const amount = fees[line.key];
      if (amount === 0n) continue;
      balance -= amount;
      await ledgerRepository.append(tx, {
        userId,
        kind: line.kind,
        amountPaise: -amount,
        balanceAfterPaise: balance,
        description: `${line.label}: ${side} ${quantity} ${instrument.symbol}`,
        orderId: order.id,
      });
    }
    const updated = await ledgerRepository.setAccount(tx, userId, balance, account.reservedPaise);
    await ordersRepository.upsertPosition(tx, {
      userId,
      symbol: instrument.symbol,
      quantity: newQty,
      reservedQuantity: reservedQty,
      costBasisPaise: newCost,
      realizedPnlPaise: realizedBefore + (realized ?? 0n),
    });
    return { order: toOrder(order, fill), replayed: false, account: updated };
  }

  /**
   * A LIMIT order rests as PENDING and holds back what it could need: cash for the value at the
   * limit price plus that value's fees (buy), or the shares (sell). Nothing matches it yet.
   */
  private async rest(tx: DbOrTx, userId: string, account: CashAccountRow, intent: Intent): Promise<PlaceOutcome> {
    const { instrument, side, quantity } = intent;
    const limit = intent.limitPricePaise!;
    let reservedPaise = 0n;
    let updated = account;
    if (side === 'BUY') {
      const value = limit * BigInt(quantity);
      reservedPaise = value + computeFees('BUY', value).total;
      const available = account.balancePaise - account.reservedPaise;
      if (available < reservedPaise) throw this.insufficientBalance(reservedPaise, available);
      updated = await ledgerRepository.setAccount(tx, userId, account.balancePaise, account.reservedPaise + reservedPaise);
    } else {
      const position = await ordersRepository.lockPosition(tx, userId, instrument.symbol);
      const available = (position?.quantity ?? 0) - (position?.reservedQuantity ?? 0);
      if (!position || available < quantity) {
        throw unprocessable(`Insufficient holdings. You have ${Math.max(available, 0)} shares, trying to sell ${quantity}`);
      }
      await ordersRepository.upsertPosition(tx, { ...position, reservedQuantity: position.reservedQuantity + quantity });
    }
    const order = await ordersRepository.insertOrder(tx, {
      userId,
      clientOrderId: intent.clientOrderId,
      symbol: instrument.symbol,
      name: instrument.name,
      side,
      orderType: 'LIMIT',
      quantity,
      limitPricePaise: limit,
      status: 'PENDING',
      reservedPaise,
      reservedQuantity: side === 'SELL' ? quantity : 0,
    });
    return { order: toOrder(order, undefined), replayed: false, account: updated };
  }

  async cancel(userId: string, id: string, reason: string | undefined): Promise<Order> {
    const { order, account } = await this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, userId);
      const row = await ordersRepository.findOwn(tx, userId, id, { lock: true });
      if (!row || !account) throw notFound('Order not found');
      if (!OPEN_STATUSES.includes(row.status as OrderStatus)) throw unprocessable(`Only pending orders can be cancelled; this one is ${row.status}`);
      let updatedAccount = account;
      if (row.reservedPaise > 0n) {
        updatedAccount = await ledgerRepository.setAccount(tx, userId, account.balancePaise, account.reservedPaise - row.reservedPaise);
      }
      if (row.reservedQuantity > 0) {
        const position = await ordersRepository.lockPosition(tx, userId, row.symbol);
        if (position) await ordersRepository.upsertPosition(tx, { ...position, reservedQuantity: position.reservedQuantity - row.reservedQuantity });
      }
      const cancelled = await ordersRepository.updateOrder(tx, row.id, {
        status: 'CANCELLED',
        cancelledAt: new Date(),
        cancelReason: reason ?? null,
        reservedPaise: 0n,
        reservedQuantity: 0,
      });
      return { order: toOrder(cancelled, undefined), account: updatedAccount };
    });
    this.publish(userId, order, account);
    return order;
  }

  async get(userId: string, id: string): Promise<Order> {
    const row = await ordersRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound('Order not found');
    const [fill] = await ordersRepository.fillsFor(this.o.db, [row.id]);
    return toOrder(row, fill);
  }

  async list(userId: string, query: OrderListQuery) {
    const symbol = query.symbol ? (this.o.market.catalog.resolve(query.symbol)?.symbol ?? query.symbol.toUpperCase()) : undefined;
    const filter = {
      status: query.status === 'all' ? undefined : query.status,
      side: query.type === 'all' ? undefined : query.type,
      symbol,
    };
    const { rows, total } = await ordersRepository.page(this.o.db, userId, filter, (query.page - 1) * query.limit, query.limit);
    const fills = await ordersRepository.fillsFor(this.o.db, rows.map((r) => r.id));
    const counts = await ordersRepository.countByStatus(this.o.db, userId);
    const n = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
    const summary: OrderSummary = {
      totalOrders: counts.reduce((sum, c) => sum + Number(c.n), 0),
      filledOrders: n('FILLED'),
      openOrders: n('PENDING', 'OPEN'),
      cancelledOrders: n('CANCELLED'),
      rejectedOrders: n('REJECTED'),
    };
    return {
      data: rows.map((row) => toOrder(row, fills.find((f) => f.orderId === row.id))),
      summary,
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
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

  /** After commit: the order stands whatever happens here, so failures are logged, not thrown. */
  private async announce(userId: string, order: Order, account: CashAccountRow | undefined) {
    try {
      this.publish(userId, order, account);
      if (order.status === 'FILLED') {
        const verb = order.type === 'BUY' ? 'Bought' : 'Sold';
        await this.o.notifications.notify(userId, {
          category: 'portfolio',
          type: 'success',
          title: 'Order filled',
          message: `${verb} ${order.quantity} ${order.symbol} at ${formatInr(order.executionPrice ?? 0)}`,
          link: '/orders',
          data: { orderId: order.id },
        });
      }
    } catch (err) {
      this.o.log.error({ err, orderId: order.id }, 'order announcement failed');
    }
  }
}
