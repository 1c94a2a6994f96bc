import {
  OPEN_ORDER_STATUSES,
  PRICE_CHANGED_MESSAGE,
  PRICE_DRIFT_LIMIT,
  clientOrderIdField,
  computeFees,
  isOnTick,
  paiseToRupees,
  rupeesToPaise,
  tickSize,
  type Instrument,
  type ModifyOrderRequest,
  type Order,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderPreview,
  type OrderSide,
  type OrderStatus,
  type OrderSummary,
  type OrderType,
  type PlaceOrderRequest,
  type PreviewOrderRequest,
  type VirtualTradeRequest,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { toCsv } from '../../lib/csv.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound, unprocessable } from '../../lib/errors.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { MarketService } from '../market/market.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { ledgerRepository } from './ledger.repository.js';
import {
  LATE_REJECTION_PREFIX,
  Shortfall,
  insufficientBalance,
  insufficientHoldings,
  type Executed,
  type NewOrder,
  OrderExecution,
} from './order-execution.service.js';
import { toOrder } from './orders.mapper.js';
import { ordersRepository, type OrderFilter, type OrderRow } from './orders.repository.js';
import { costRemoved, dayOrderExpiry, isTriggered, priceDrift, requestFingerprint, restingPrice, type OrderTerms } from './orders.rules.js';

export { toOrder } from './orders.mapper.js';

/** One CSV download holds at most this many orders. */
export const EXPORT_CAP = 10_000;
const EXPORT_HEADER = [
  'Created At',
  'Order ID',
  'Client Order ID',
  'Symbol',
  'Name',
  'Side',
  'Order Type',
  'Validity',
  'Quantity',
  'Limit Price',
  'Trigger Price',
  'Execution Price',
  'Trade Value',
  'Fees',
  'Total',
  'Realized P&L',
  'Status',
  'Reason',
  'Executed At',
];

/** What the request asks for, checked against the market (symbol, tick grid) but not yet against money. */
interface Intent extends OrderTerms {
  instrument: Instrument;
  quantity: number;
  validity: NewOrder['validity'];
}

const isOpen = (status: string) => OPEN_ORDER_STATUSES.includes(status as OrderStatus);

/**
 * Order rules between the routes and the writers (DESIGN "Money"): one transaction per order,
 * the user's cash account row-locked first so every money change of one user queues behind the
 * previous one; the quote is read before the transaction so no lock waits on the market.
 */
export class OrdersService {
  /** The writers, shared with the matcher so both fill, release and announce alike. */
  readonly execution: OrderExecution;

  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
    },
  ) {
    this.execution = new OrderExecution(o);
  }

  /** Orders trade on the market's clock, which tests move forward. */
  private now(): Date {
    return new Date(this.o.market.nowMs());
  }

  private onTick(price: number, instrument: Instrument, field: 'price' | 'triggerPrice'): bigint {
    if (!isOnTick(price, instrument.currency)) {
      const label = field === 'price' ? 'Limit price' : 'Trigger price';
      const message = `${label} must be a multiple of the tick size (₹${tickSize(price, instrument.currency).toFixed(2)})`;
      throw badRequest(message, { [field]: message });
    }
    return rupeesToPaise(price);
  }

  private tradable(symbol: string): Instrument {
    const instrument = this.o.market.resolve(symbol);
    if (instrument.type === 'INDEX') throw unprocessable(`${instrument.symbol} is an index and cannot be traded`);
    // Cash is rupees; a dollar-priced stock would need an FX leg that does not exist yet.
    if (instrument.currency !== 'INR') throw unprocessable('Only NSE/BSE stocks priced in rupees can be traded');
    return instrument;
  }

  private intent(body: PreviewOrderRequest): Intent {
    const instrument = this.tradable(body.symbol);
    return {
      instrument,
      side: body.type,
      orderType: body.orderType,
      quantity: body.quantity,
      validity: body.validity,
      limitPricePaise: body.orderType === 'LIMIT' ? this.onTick(body.price!, instrument, 'price') : null,
      triggerPricePaise: body.orderType === 'STOP' ? this.onTick(body.triggerPrice!, instrument, 'triggerPrice') : null,
    };
  }

  private key(body: { clientOrderId?: string | undefined }, idempotencyKey: string | undefined): string {
    const key = clientOrderIdField.safeParse(body.clientOrderId ?? idempotencyKey);
    if (key.success) return key.data;
    const message =
      body.clientOrderId === undefined && idempotencyKey === undefined
        ? 'clientOrderId (or an Idempotency-Key header) is required'
        : (key.error.issues[0]?.message ?? 'Invalid clientOrderId');
    throw badRequest(message, { clientOrderId: message });
  }

  /** The market as an order sees it now: the last price in paise, and whether it trades. */
  private async market(instrument: Instrument): Promise<{ pricePaise: bigint; open: boolean }> {
    const quote = await this.o.market.quote(instrument.symbol);
    return { pricePaise: rupeesToPaise(quote.price), open: this.o.market.status(instrument.exchange).marketOpen };
  }

  /**
   * A retry with the same key and body gets the first outcome — the order as it stands now, or
   * the same 422 when it was refused for cash or shares; a reuse of the key for a different order
   * is a 422. The retry is matched against the request that placed the order, since PATCH may
   * have changed its quantity or prices since.
   */
  private async replay(db: DbOrTx, userId: string, clientOrderId: string, fingerprint: string): Promise<Order | undefined> {
    const existing = await ordersRepository.findByClientId(db, userId, clientOrderId);
    if (!existing) return undefined;
    // Orders placed before the fingerprint was stored only have their current terms to go by.
    const original =
      existing.requestFingerprint ??
      requestFingerprint({
        symbol: existing.symbol,
        side: existing.side as OrderSide,
        orderType: existing.orderType as OrderType,
        quantity: existing.quantity,
        limitPricePaise: existing.limitPricePaise,
        triggerPricePaise: existing.triggerPricePaise,
        validity: existing.validity as NewOrder['validity'],
      });
    if (original !== fingerprint) throw unprocessable('This clientOrderId was already used for a different order');
    if (existing.status === 'REJECTED' && existing.statusReason && !existing.statusReason.startsWith(LATE_REJECTION_PREFIX)) {
      throw new Shortfall(existing.statusReason);
    }
    const [fill] = await ordersRepository.fillsFor(db, [existing.id]);
    return toOrder(existing, fill);
  }

  async place(
    userId: string,
    body: PlaceOrderRequest,
    idempotencyKey?: string,
    seenPrice?: number,
  ): Promise<{ order: Order; replayed: boolean }> {
    const clientOrderId = this.key(body, idempotencyKey);
    const intent = this.intent(body);
    const fingerprint = requestFingerprint({ ...intent, symbol: intent.instrument.symbol });
    const { pricePaise, open } = await this.market(intent.instrument);
    if (seenPrice !== undefined && priceDrift(rupeesToPaise(seenPrice), pricePaise) > PRICE_DRIFT_LIMIT) {
      // A retry of a trade that went through earlier still gets that trade.
      const replayed = await this.replay(this.o.db, userId, clientOrderId, fingerprint);
      if (replayed) return { order: replayed, replayed: true };
      throw unprocessable(PRICE_CHANGED_MESSAGE);
    }
    const fillNow = open && isTriggered(intent, pricePaise);
    const now = this.now();
    const values: NewOrder = {
      userId,
      clientOrderId,
      symbol: intent.instrument.symbol,
      name: intent.instrument.name,
      side: intent.side,
      orderType: intent.orderType,
      quantity: intent.quantity,
      limitPricePaise: intent.limitPricePaise,
      triggerPricePaise: intent.triggerPricePaise,
      validity: intent.validity,
      requestFingerprint: fingerprint,
      expiresAt: fillNow || intent.validity === 'GTC' ? null : dayOrderExpiry(this.o.market.status(intent.instrument.exchange).session, now.getTime()),
    };

    let done: Executed;
    try {
      // No replay lookup on the hot path: a reused key fails the unique (user, clientOrderId)
      // index at the insert, rolls back, and is answered below.
      done = await this.o.db.transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, userId);
        if (!account) throw notFound('Virtual money account not found');
        return fillNow
          ? this.execution.fill(tx, account, pricePaise, now, { kind: 'new', values })
          : this.execution.rest(tx, account, values, restingPrice(intent, pricePaise));
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const replayed = await this.replay(this.o.db, userId, clientOrderId, fingerprint);
        if (replayed) return { order: replayed, replayed: true };
      }
      if (error instanceof Shortfall) {
        const replayed = await this.refuse(values, error);
        if (replayed) return { order: replayed, replayed: true };
      }
      throw error;
    }
    this.execution.announceLater(done);
    return { order: done.order, replayed: false };
  }

  /**
   * Keeps a refused placement on record as REJECTED. When the key already names an order (a
   * retry racing the first attempt), that order is the answer instead.
   */
  private async refuse(values: NewOrder, error: Shortfall): Promise<Order | undefined> {
    try {
      this.execution.announceLater(await this.execution.recordRefusal(this.o.db, values, error.message));
      return undefined;
    } catch (insertError) {
      if (!isUniqueViolation(insertError)) throw insertError;
      return this.replay(this.o.db, values.userId, values.clientOrderId, values.requestFingerprint);
    }
  }

  /**
   * POST /api/virtual-money/buy|sell: a market order, refused when the price moved more than 2%
   * from the one the user saw. That price guards the trade but is not part of the order, so it
   * stays out of the fingerprint: a retry that re-read the quote still gets the first trade.
   */
  virtualTrade(userId: string, side: OrderSide, body: VirtualTradeRequest, idempotencyKey?: string) {
    const order: PlaceOrderRequest = {
      symbol: body.stockSymbol,
      type: side,
      orderType: 'MARKET',
      quantity: body.quantity,
      validity: 'DAY',
      clientOrderId: body.clientOrderId,
    };
    return this.place(userId, order, idempotencyKey, body.price);
  }

  /** What placing would charge, from the same rules and fee schedule as the fill; writes nothing. */
  async preview(userId: string, body: PreviewOrderRequest): Promise<OrderPreview> {
    const intent = this.intent(body);
    const { pricePaise: marketPaise, open } = await this.market(intent.instrument);
    const fillNow = open && isTriggered(intent, marketPaise);
    const pricePaise = fillNow ? marketPaise : restingPrice(intent, marketPaise);
    const [account, position] = await Promise.all([
      ledgerRepository.account(this.o.db, userId),
      ordersRepository.position(this.o.db, userId, intent.instrument.symbol),
    ]);
    if (!account) throw notFound('Virtual money account not found');
    const value = pricePaise * BigInt(intent.quantity);
    const fees = computeFees(intent.side, value);
    const availableCash = account.balancePaise - account.reservedPaise;
    const held = position?.quantity ?? 0;
    const availableQuantity = held - (position?.reservedQuantity ?? 0);
    let total: bigint;
    let shortfall: Shortfall | undefined;
    let estimatedPnL: bigint | null = null;
    if (intent.side === 'BUY') {
      total = value + fees.total;
      if (availableCash < total) shortfall = insufficientBalance(total, availableCash);
    } else {
      total = value - fees.total;
      if (availableQuantity < intent.quantity) shortfall = insufficientHoldings(availableQuantity, intent.quantity);
      if (position && held >= intent.quantity) estimatedPnL = total - costRemoved(position.costBasisPaise, held, intent.quantity);
    }
    return {
      symbol: intent.instrument.symbol,
      name: intent.instrument.name,
      type: intent.side,
      orderType: intent.orderType,
      quantity: intent.quantity,
      price: paiseToRupees(pricePaise),
      marketPrice: paiseToRupees(marketPaise),
      tradeValue: paiseToRupees(value),
      fees: {
        brokerage: paiseToRupees(fees.brokerage),
        exchangeCharge: paiseToRupees(fees.exchangeCharge),
        stt: paiseToRupees(fees.stt),
        gst: paiseToRupees(fees.gst),
        sebiFee: paiseToRupees(fees.sebiFee),
        stampDuty: paiseToRupees(fees.stampDuty),
        total: paiseToRupees(fees.total),
      },
      total: paiseToRupees(total),
      availableCash: paiseToRupees(availableCash),
      availableQuantity: Math.max(availableQuantity, 0),
      estimatedPnL: estimatedPnL === null ? null : paiseToRupees(estimatedPnL),
      sufficient: !shortfall,
      message: shortfall?.message ?? null,
      marketOpen: open,
    };
  }

  /**
   * PATCH: a PENDING order's quantity and its limit (LIMIT) or trigger (STOP); a queued market
   * order only its quantity. The order keeps its id and stays PENDING; its reservation is swapped
   * for the new one under the same locks as placement.
   */
  async modify(userId: string, id: string, body: ModifyOrderRequest): Promise<Order> {
    const current = await ordersRepository.findOwn(this.o.db, userId, id);
    if (!current) throw notFound('Order not found');
    const orderType = current.orderType as OrderType;
    if (body.price !== undefined && orderType !== 'LIMIT') {
      throw badRequest('Only a limit order has a limit price', { price: 'Only a limit order has a limit price' });
    }
    if (body.triggerPrice !== undefined && orderType !== 'STOP') {
      throw badRequest('Only a stop order has a trigger price', { triggerPrice: 'Only a stop order has a trigger price' });
    }
    const instrument = this.tradable(current.symbol);
    const limitPricePaise = body.price !== undefined ? this.onTick(body.price, instrument, 'price') : current.limitPricePaise;
    const triggerPricePaise = body.triggerPrice !== undefined ? this.onTick(body.triggerPrice, instrument, 'triggerPrice') : current.triggerPricePaise;
    const quantity = body.quantity ?? current.quantity;
    // Only a queued market order is costed at the market; read it before any lock is taken.
    const marketPaise = orderType === 'MARKET' ? (await this.market(instrument)).pricePaise : 0n;

    const done = await this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, userId);
      const row = await ordersRepository.findOwn(tx, userId, id, { lock: true });
      if (!row || !account) throw notFound('Order not found');
      if (row.status !== 'PENDING') throw unprocessable(`Only pending orders can be modified; this one is ${row.status}`);
      const terms: OrderTerms = { side: row.side as OrderSide, orderType, limitPricePaise, triggerPricePaise };
      return this.execution.modify(tx, account, row, { quantity, limitPricePaise, triggerPricePaise }, restingPrice(terms, marketPaise));
    });
    this.execution.announceLater(done);
    return done.order;
  }

  async cancel(userId: string, id: string, reason: string | undefined): Promise<Order> {
    const done = await this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, userId);
      const row = await ordersRepository.findOwn(tx, userId, id, { lock: true });
      if (!row || !account) throw notFound('Order not found');
      if (!isOpen(row.status)) throw unprocessable(`Only pending orders can be cancelled; this one is ${row.status}`);
      return this.execution.release(tx, account, row, 'CANCELLED', reason || null, this.now());
    });
    this.execution.announceLater(done);
    return done.order;
  }

  async get(userId: string, id: string): Promise<Order> {
    const row = await ordersRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound('Order not found');
    const [fill] = await ordersRepository.fillsFor(this.o.db, [row.id]);
    return toOrder(row, fill);
  }

  private filter(query: OrderExportQuery): OrderFilter {
    const symbolInput = query.symbol ?? query.stockSymbol;
    return {
      status: query.status === 'all' ? undefined : query.status,
      side: query.type === 'all' ? undefined : query.type,
      orderType: query.orderType === 'all' ? undefined : query.orderType,
      symbol: symbolInput ? (this.o.market.catalog.resolve(symbolInput)?.symbol ?? symbolInput.toUpperCase()) : undefined,
      search: query.search || undefined,
    };
  }

  private async withFills(rows: OrderRow[]): Promise<Order[]> {
    const fills = await ordersRepository.fillsFor(this.o.db, rows.map((r) => r.id));
    const byOrder = new Map(fills.map((f) => [f.orderId, f]));
    return rows.map((row) => toOrder(row, byOrder.get(row.id)));
  }

  async list(userId: string, query: OrderListQuery) {
    const [{ rows, total }, counts] = await Promise.all([
      ordersRepository.page(this.o.db, userId, this.filter(query), query.sort, (query.page - 1) * query.limit, query.limit),
      ordersRepository.countByStatus(this.o.db, userId),
    ]);
    const n = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
    const summary: OrderSummary = {
      totalOrders: counts.reduce((sum, c) => sum + Number(c.n), 0),
      filledOrders: n('FILLED'),
      openOrders: n('PENDING', 'OPEN'),
      cancelledOrders: n('CANCELLED'),
      rejectedOrders: n('REJECTED'),
    };
    return {
      data: await this.withFills(rows),
      summary,
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  }

  async history(userId: string, limit: number): Promise<Order[]> {
    return this.withFills(await ordersRepository.history(this.o.db, userId, limit));
  }

  /** The CSV export: the list's filters and sort, no paging, one row per order in rupees. */
  async exportCsv(userId: string, query: OrderExportQuery): Promise<string> {
    const rows = await ordersRepository.all(this.o.db, userId, this.filter(query), query.sort, EXPORT_CAP);
    return toCsv(
      EXPORT_HEADER,
      rows.map((row) => {
        const o = toOrder(row, undefined);
        return [o.createdAt, o.id, o.clientOrderId, o.symbol, o.stockName, o.type, o.orderType, o.validity, o.quantity, o.limitPrice, o.triggerPrice, o.executionPrice, o.tradeValue, o.fees, o.total, o.realizedPnL, o.status, o.statusReason, o.executedAt];
      }),
    );
  }
}
