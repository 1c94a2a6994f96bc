import {
  OPEN_ORDER_STATUSES,
  PRICE_CHANGED_MESSAGE,
  PRICE_DRIFT_LIMIT,
  checkQuantity,
  clientOrderIdField,
  paiseToRupees,
  priceChanged,
  rupeesToPaise,
  type ModifyOrderRequest,
  type Order,
  type OrderSide,
  type OrderStatus,
  type OrderType,
  type PlaceOrderRequest,
  type VirtualTradeRequest,
  NRML_ON_STOCK_MESSAGE,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { pipelinedTransaction } from '../../db/fast-path/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound, unprocessable } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import type { Executed, OrderAnnouncer } from './order-announcer.js';
import {
  LATE_REJECTION_PREFIX,
  Shortfall,
  type NewOrder,
  type OrderExecution,
} from './order-execution.service.js';
import { OrderIntake, lockAllows, refused, type Intent } from './order-intake.js';
import type { OrderMarket, ReplayDesks } from './order-market.js';
import { toOrder } from './orders.mapper.js';
import { ordersRepository } from './orders.repository.js';
import { positionsRepository } from './positions.repository.js';
import {
  dayOrderExpiry,
  isTriggered,
  priceDrift,
  requestFingerprint,
  restingPrice,
  type OrderTerms,
} from './orders.rules.js';

/**
 * Rules a portfolio carries beyond the market's (a class's, issue 26), checked on every placement
 * before anything is reserved, and what happens to an order's note once it is placed. Implemented
 * outside this module (classes) and handed in by the composition root.
 */
export interface PlacementGuard {
  /**
   * Throws the refusal when the portfolio's rules forbid the order. Called once before the
   * transaction (a quick refusal) and again inside it with `tx`, after the account's row lock, so
   * two orders racing each other are judged one after the other (rules that count what is already
   * held or placed would otherwise both pass).
   */
  check(
    who: AccountRef,
    order: {
      intent: Intent;
      marketPricePaise: bigint;
      note: string | undefined;
      /** Placed by the system for the user (a GTT that triggered), not by a person at a form. */
      automatic?: boolean;
      /** A modification: the quantity of the resting order the new terms replace. */
      replacing?: number;
    },
    tx?: DbOrTx,
  ): Promise<void>;
  /** After a refusal thrown inside the rolled-back transaction: keeps it on record. Never throws. */
  refusedInside(error: unknown): Promise<void>;
  /** After the commit: keeps the order's note (a journal entry linked to its fill). Never throws. */
  placed(who: AccountRef, order: Order, note: string | undefined): Promise<void>;
}

/**
 * Whether the in-transaction re-check is needed: only portfolios that carry rules of their own
 * (a class's, an agent's budget) pay for it; a resolved main or custom portfolio skips it on the
 * hot path.
 */
const guarded = (who: AccountRef) => {
  const kind = (who as AccountRef & { kind?: string }).kind;
  return kind === undefined || kind === 'class' || kind === 'agent';
};

/** Where an order for a derivative goes: the options module's F&O executor. */
export interface DerivativeDesk {
  handles(symbol: string): boolean;
  place(
    who: AccountRef,
    body: PlaceOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<{ order: Order; replayed: boolean }>;
  /** A resting derivative order's new quantity or limit. */
  modify(who: AccountRef, id: string, body: ModifyOrderRequest): Promise<Order>;
}

/** A symbol shaped like an index option or future (NIFTY26D0124000CE, BANKNIFTY26DECFUT) that is not listed. */
const LOOKS_LIKE_CONTRACT = /^(NIFTY|BANKNIFTY)\d{2}[A-Z0-9]{1,12}(CE|PE|FUT)$/;

const NRML_ON_STOCK = NRML_ON_STOCK_MESSAGE;

const isOpen = (status: string) => OPEN_ORDER_STATUSES.includes(status as OrderStatus);

/**
 * The order commands — place, modify, cancel, and the refusal kept on record — between the routes
 * and the writers: one transaction per order, the user's cash account row-locked first so every
 * money change of one user queues behind the previous one; the quote is read before the
 * transaction so no lock waits on the market. Each change is announced after its commit.
 */
export class OrderCommandsService {
  constructor(
    private readonly o: {
      db: Db;
      intake: OrderIntake;
      execution: OrderExecution;
      announcer: OrderAnnouncer;
      market: OrderMarket;
      /** Routes an order of a replay's portfolio to that replay's market; absent inside one. */
      replayDesks?: ReplayDesks;
      guard?: PlacementGuard;
      /** Derivative orders (issue 28): a trading symbol is handed to the options module here. */
      derivatives?: DerivativeDesk;
    },
  ) {}

  /**
   * The commands on a replay's market when `who` is a replay's portfolio, so every caller (the
   * order routes, quick buy, Saytrix) trades a replay at its clock and prices; undefined otherwise.
   */
  private async replayDesk(who: AccountRef) {
    const market = await this.o.replayDesks?.marketFor(who);
    if (!market) return undefined;
    const { replayDesks: _live, ...rest } = this.o;
    const present = (order: Order) => market.present?.(order) ?? order;
    const commands = new OrderCommandsService({
      ...rest,
      market,
      intake: new OrderIntake(market),
      execution: this.o.execution.quiet(),
      announcer: this.o.announcer.quiet(),
    });
    return { commands, present };
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

  /**
   * A retry with the same key and body gets the first outcome — the order as it stands now, or
   * the same 422 when it was refused for cash or shares; a reuse of the key for a different order
   * is a 422. The retry is matched against the request that placed the order, since PATCH may
   * have changed its quantity or prices since.
   */
  private async replay(
    db: DbOrTx,
    who: AccountRef,
    clientOrderId: string,
    fingerprint: string,
  ): Promise<Order | undefined> {
    const existing = await ordersRepository.findByClientId(db, who.userId, clientOrderId);
    if (!existing) return undefined;
    // The key is the user's across portfolios; reusing it in another portfolio is another order.
    if (existing.accountId !== who.accountId)
      throw unprocessable('This clientOrderId was already used for an order in another portfolio');
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
        product: existing.product,
      });
    if (original !== fingerprint)
      throw unprocessable('This clientOrderId was already used for a different order');
    if (
      existing.status === 'REJECTED' &&
      existing.statusReason &&
      !existing.statusReason.startsWith(LATE_REJECTION_PREFIX)
    ) {
      // Refusals stored before they kept their rule are answered with the message alone.
      throw existing.refusal
        ? new Shortfall({ ...existing.refusal, message: existing.statusReason })
        : unprocessable(existing.statusReason);
    }
    const [fill] = await ordersRepository.fillsFor(db, [existing.id]);
    return toOrder(existing, fill);
  }

  async place(
    who: AccountRef,
    body: PlaceOrderRequest & { automatic?: true },
    idempotencyKey?: string,
    seenPrice?: number,
    /** The browser tab that asked (see client-tab.ts); the announcements carry it back. */
    tab?: string,
  ): Promise<{ order: Order; replayed: boolean }> {
    // The one narrow branch: a derivative's trading symbol goes to the F&O executor, a stock stays here.
    if (this.o.derivatives?.handles(body.symbol)) return this.o.derivatives.place(who, body, idempotencyKey);
    if (LOOKS_LIKE_CONTRACT.test(body.symbol.trim().toUpperCase())) {
      const message = `${body.symbol.trim().toUpperCase()} is not a listed contract: NIFTY expires on Tuesdays (weekly and monthly) with strikes every 50 points, BANKNIFTY on the month's last Tuesday with strikes every 100`;
      throw badRequest(message, { symbol: message });
    }
    if (body.product === 'NRML') throw badRequest(NRML_ON_STOCK, { product: NRML_ON_STOCK });
    const desk = await this.replayDesk(who);
    if (desk) {
      const placed = await desk.commands.place(who, body, idempotencyKey, seenPrice, tab);
      return { ...placed, order: desk.present(placed.order) };
    }
    const clientOrderId = this.key(body, idempotencyKey);
    // NRML was refused above: a stock order is delivery or intraday.
    const intent = this.o.intake.intent({ ...body, product: body.product });
    const fingerprint = requestFingerprint({ ...intent, symbol: intent.instrument.symbol });
    // A retry of an order already placed replays it, even once the band has moved on; a different
    // order under a used key is refused for that, not for its price.
    const priced = intent.limitPricePaise !== null || intent.triggerPricePaise !== null;
    const earlier = priced ? await this.replay(this.o.db, who, clientOrderId, fingerprint) : undefined;
    if (earlier) return { order: earlier, replayed: true };
    this.o.intake.notHalted();
    this.o.intake.intradayOpen(intent);
    await this.o.intake.withinBand(intent.instrument, {
      price: intent.limitPricePaise,
      triggerPrice: intent.triggerPricePaise,
    });
    const market = await this.o.intake.marketNow(intent.instrument);
    const { pricePaise, open } = market;
    this.o.intake.notLockedOut(intent, market);
    if (seenPrice !== undefined && priceDrift(rupeesToPaise(seenPrice), pricePaise) > PRICE_DRIFT_LIMIT) {
      // A retry of a trade that went through earlier still gets that trade.
      const replayed = await this.replay(this.o.db, who, clientOrderId, fingerprint);
      if (replayed) return { order: replayed, replayed: true };
      throw refused(
        {
          ...priceChanged(seenPrice, paiseToRupees(pricePaise), PRICE_DRIFT_LIMIT * 100),
          message: PRICE_CHANGED_MESSAGE,
        },
        422,
      );
    }
    if (this.o.guard) {
      try {
        await this.o.guard.check(who, {
          intent,
          marketPricePaise: pricePaise,
          note: body.note,
          automatic: body.automatic,
        });
      } catch (error) {
        // A retry of an order placed earlier gets that order, though it now counts against a rule.
        const replayed = await this.replay(this.o.db, who, clientOrderId, fingerprint);
        if (replayed) return { order: replayed, replayed: true };
        throw error;
      }
    }
    // A buy at the upper circuit (or a sell at the lower) has no counterparty: it rests instead.
    const fillNow = open && isTriggered(intent, pricePaise) && lockAllows(intent.side, market);
    const now = this.o.intake.now();
    const values: NewOrder = {
      userId: who.userId,
      accountId: who.accountId,
      clientOrderId,
      symbol: intent.instrument.symbol,
      name: intent.instrument.name,
      side: intent.side,
      orderType: intent.orderType,
      quantity: intent.quantity,
      limitPricePaise: intent.limitPricePaise,
      triggerPricePaise: intent.triggerPricePaise,
      validity: intent.validity,
      product: intent.product,
      requestFingerprint: fingerprint,
      expiresAt: fillNow
        ? null
        : dayOrderExpiry(this.o.market.status(intent.instrument.exchange).session, now.getTime()),
    };

    let done: Executed;
    try {
      // No replay lookup on the hot path: a reused key fails the unique (user, clientOrderId)
      // index at the insert, rolls back, and is answered below.
      // A sell that fills now also locks its position up front (after the account, the one lock
      // order), so both locks travel with BEGIN and the fill goes with COMMIT: two round trips.
      const sellNow = fillNow && values.side === 'SELL';
      done = await pipelinedTransaction(
        this.o.db,
        (tx) =>
          Promise.all([
            ledgerRepository.lockAccount(tx, who.accountId),
            sellNow
              ? positionsRepository
                  .lock(tx, who.accountId, values.symbol, values.product)
                  .then((row) => row ?? null)
              : undefined,
          ]),
        async (tx, [account, position], last) => {
          if (!account) throw notFound('Virtual money account not found');
          if (this.o.guard && guarded(who))
            await this.o.guard.check(
              who,
              { intent, marketPricePaise: pricePaise, note: body.note, automatic: body.automatic },
              tx,
            );
          return fillNow
            ? this.o.execution.fill(tx, account, pricePaise, now, { kind: 'new', values }, { position, last })
            : this.o.execution.rest(tx, account, values, restingPrice(intent, pricePaise), now);
        },
      );
    } catch (error) {
      await this.o.guard?.refusedInside(error);
      if (isUniqueViolation(error)) {
        const replayed = await this.replay(this.o.db, who, clientOrderId, fingerprint);
        if (replayed) return { order: replayed, replayed: true };
      }
      if (error instanceof Shortfall) {
        const asked = values.orderType === 'MARKET' ? pricePaise * BigInt(values.quantity) : null;
        const replayed = await this.refuse(values, error, asked, tab);
        if (replayed) return { order: replayed, replayed: true };
      }
      throw error;
    }
    this.o.announcer.announceLater(done, tab);
    await this.o.guard?.placed(who, done.order, body.note);
    return { order: done.order, replayed: false };
  }

  /**
   * Keeps a refused placement on record as REJECTED. When the key already names an order (a
   * retry racing the first attempt), that order is the answer instead.
   */
  private async refuse(
    values: NewOrder,
    error: Shortfall,
    askedValuePaise: bigint | null,
    tab: string | undefined,
  ): Promise<Order | undefined> {
    try {
      this.o.announcer.announceLater(
        await this.o.execution.recordRefusal(this.o.db, values, error, askedValuePaise),
        tab,
      );
      return undefined;
    } catch (insertError) {
      if (!isUniqueViolation(insertError)) throw insertError;
      return this.replay(this.o.db, values, values.clientOrderId, values.requestFingerprint);
    }
  }

  /**
   * POST /api/virtual-money/buy|sell: a market order, refused when the price moved more than 2%
   * from the one the user saw. That price guards the trade but is not part of the order, so it
   * stays out of the fingerprint: a retry that re-read the quote still gets the first trade.
   */
  virtualTrade(
    who: AccountRef,
    side: OrderSide,
    body: VirtualTradeRequest,
    idempotencyKey?: string,
    tab?: string,
  ) {
    const order: PlaceOrderRequest = {
      symbol: body.stockSymbol,
      type: side,
      orderType: 'MARKET',
      quantity: body.quantity,
      validity: 'DAY',
      product: body.product,
      clientOrderId: body.clientOrderId,
      ...(body.note !== undefined ? { note: body.note } : {}),
    };
    return this.place(who, order, idempotencyKey, body.price, tab);
  }

  /**
   * PATCH: a PENDING order's quantity and its limit (LIMIT) or trigger (STOP); a queued market
   * order only its quantity. The order keeps its id and stays PENDING; its reservation is swapped
   * for the new one under the same locks as placement.
   */
  async modify(who: AccountRef, id: string, body: ModifyOrderRequest, tab?: string): Promise<Order> {
    const desk = await this.replayDesk(who);
    if (desk) return desk.present(await desk.commands.modify(who, id, body, tab));
    const current = await ordersRepository.findOwn(this.o.db, who.accountId, id);
    if (!current) throw notFound('Order not found');
    if (current.segment === 'FO' && this.o.derivatives) return this.o.derivatives.modify(who, id, body);
    const orderType = current.orderType as OrderType;
    if (body.price !== undefined && orderType !== 'LIMIT') {
      throw badRequest('Only a limit order has a limit price', {
        price: 'Only a limit order has a limit price',
      });
    }
    if (body.triggerPrice !== undefined && orderType !== 'STOP') {
      throw badRequest('Only a stop order has a trigger price', {
        triggerPrice: 'Only a stop order has a trigger price',
      });
    }
    const instrument = this.o.intake.tradable(current.symbol);
    const limitPricePaise =
      body.price !== undefined ? this.o.intake.onTick(body.price, 'price') : current.limitPricePaise;
    const triggerPricePaise =
      body.triggerPrice !== undefined
        ? this.o.intake.onTick(body.triggerPrice, 'triggerPrice')
        : current.triggerPricePaise;
    const badQuantity = body.quantity === undefined ? null : checkQuantity(body.quantity);
    if (badQuantity) throw refused(badQuantity, 400);
    await this.o.intake.withinBand(instrument, {
      price: body.price !== undefined ? limitPricePaise : null,
      triggerPrice: body.triggerPrice !== undefined ? triggerPricePaise : null,
    });
    const quantity = body.quantity ?? current.quantity;
    // Only a queued market order is costed at the market; read it before any lock is taken.
    const marketPaise = orderType === 'MARKET' ? (await this.o.intake.marketNow(instrument)).pricePaise : 0n;
    // New terms meet the portfolio's own rules (a class's position cap) like a new order would.
    const newTerms: Parameters<PlacementGuard['check']>[1] = {
      intent: {
        instrument,
        side: current.side as OrderSide,
        orderType,
        quantity,
        validity: current.validity as NewOrder['validity'],
        product: current.product,
        limitPricePaise,
        triggerPricePaise,
      },
      marketPricePaise: marketPaise,
      note: undefined,
      replacing: current.quantity,
    };
    await this.o.guard?.check(who, newTerms);

    const done = await this.o.db
      .transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, who.accountId);
        const row = await ordersRepository.findOwn(tx, who.accountId, id, { lock: true });
        if (!row || !account) throw notFound('Order not found');
        if (row.status !== 'PENDING')
          throw unprocessable(`Only pending orders can be modified; this one is ${row.status}`);
        if (this.o.guard && guarded(who)) await this.o.guard.check(who, newTerms, tx);
        const terms: OrderTerms = {
          side: row.side as OrderSide,
          orderType,
          limitPricePaise,
          triggerPricePaise,
        };
        return this.o.execution.modify(
          tx,
          account,
          row,
          { quantity, limitPricePaise, triggerPricePaise },
          restingPrice(terms, marketPaise),
          this.o.intake.now(),
        );
      })
      .catch(async (error: unknown) => {
        await this.o.guard?.refusedInside(error);
        throw error;
      });
    this.o.announcer.announceLater(done, tab);
    return done.order;
  }

  /**
   * Cancels every open order of the account (an agent's kill switch); the number cancelled. An
   * order that fills or is cancelled meanwhile is skipped.
   */
  async cancelAllOpen(who: AccountRef, reason: string): Promise<number> {
    let cancelled = 0;
    for (const order of await ordersRepository.restingOfAccount(this.o.db, who.accountId)) {
      const done = await this.cancel(who, order.id, reason).catch(() => undefined);
      if (done?.status === 'CANCELLED') cancelled += 1;
    }
    return cancelled;
  }

  async cancel(who: AccountRef, id: string, reason: string | undefined, tab?: string): Promise<Order> {
    const desk = await this.replayDesk(who);
    if (desk) return desk.present(await desk.commands.cancel(who, id, reason, tab));
    const done = await this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, who.accountId);
      const row = await ordersRepository.findOwn(tx, who.accountId, id, { lock: true });
      if (!row || !account) throw notFound('Order not found');
      if (!isOpen(row.status))
        throw unprocessable(`Only pending orders can be cancelled; this one is ${row.status}`);
      return this.o.execution.release(tx, account, row, 'CANCELLED', reason || null, this.o.intake.now());
    });
    this.o.announcer.announceLater(done, tab);
    return done.order;
  }
}
