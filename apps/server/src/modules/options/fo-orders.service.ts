import {
  clientOrderIdField,
  intradayCutoff,
  intradayCutoffPassed,
  REFUSAL_CODES,
  rupeesToPaise,
  type ModifyOrderRequest,
  type Order,
  type PlaceOrderRequest,
  type SessionMode,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound, unprocessable } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { refused } from '../orders/order-intake.js';
import { toOrder } from '../orders/orders.mapper.js';
import { dayOrderExpiry } from '../orders/orders.rules.js';
import type { OrderAnnouncer } from '../orders/order-announcer.js';
import { contractOn, closeMs, parseTradingSymbol, type ParsedSymbol } from './core.js';
import { foExecution, type FoTrade } from './fo-execution.js';
import { foRepository, type FoOrderRow } from './fo.repository.js';
import { nearestLots } from './fo-rules.js';
import { OptionsMarket } from './options-market.js';

/** Whether an order's symbol names a derivative: the order path hands those to FoOrdersService. */
export const isDerivativeSymbol = (symbol: string) =>
  parseTradingSymbol(symbol.trim().toUpperCase()) !== undefined;

/** The session a derivative trades in: whether it is open, its words, and its clock's mode. */
export interface FoSessionStatus {
  marketOpen: boolean;
  label: string;
  session: SessionMode;
}

/**
 * F&O orders through the one order path (issue 28): POST /api/orders with a trading symbol lands
 * here from OrderCommandsService. A market order fills at once at the ask (buy) or the bid (sell)
 * of the derivative's price now; a LIMIT the market meets fills the same way, never worse than its
 * limit, and one it does not meet rests (a DAY order) with the margin, premium and charges its fill
 * would need held in Reserved, until the F&O matcher fills it, the user cancels or modifies it, or
 * the session ends. Products: NRML (carried to expiry) and MIS (intraday, squared off at the
 * 15:25 F&O cut-off). Each change runs under the account's row lock, the lock the equity path takes.
 */
export class FoOrdersService {
  constructor(
    private readonly o: {
      db: Db;
      market: OptionsMarket;
      status: () => FoSessionStatus;
      announcer?: OrderAnnouncer;
    },
  ) {}

  async place(
    who: AccountRef & { kind?: string },
    body: PlaceOrderRequest,
    idempotencyKey?: string,
  ): Promise<{ order: Order; replayed: boolean }> {
    const clientOrderId = this.key(body, idempotencyKey);
    const symbol = body.symbol.trim().toUpperCase();
    const parsed = parseTradingSymbol(symbol)!;
    const earlier = await foRepository.orderByClientId(this.o.db, who.userId, clientOrderId);
    if (earlier) return { order: await this.replayed(earlier, who, symbol), replayed: true };
    this.accepts(who, body, parsed);
    const { quote } = await this.o.market.quote(symbol);
    const market = await this.o.market.allInputs();
    const trade: FoTrade = {
      who,
      symbol,
      parsed,
      side: body.type,
      quantity: body.quantity,
      product: body.product as 'NRML' | 'MIS',
      nowMs: this.o.market.nowMs(),
    };
    const pricePaise = rupeesToPaise(body.type === 'BUY' ? quote.ask : quote.bid);
    const limitPaise = body.orderType === 'LIMIT' ? this.onTick(body.price) : null;
    const rests = limitPaise !== null && !meets(body.type, pricePaise, limitPaise);
    try {
      const done = await this.o.db.transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, who.accountId);
        if (!account) throw notFound('Virtual money account not found');
        if (!rests)
          return foExecution.fill(
            tx,
            account,
            trade,
            pricePaise,
            {
              kind: 'new',
              clientOrderId,
              name: describe(parsed),
              orderType: body.orderType as 'MARKET' | 'LIMIT',
              limitPricePaise: limitPaise,
            },
            market,
            'now',
          );
        const reserve = await foExecution.reservation(tx, trade, limitPaise, market);
        foExecution.ensureReservable(account, reserve, trade);
        const row = await foRepository.insertOrder(tx, {
          userId: who.userId,
          accountId: who.accountId,
          clientOrderId,
          symbol,
          name: describe(parsed),
          side: trade.side,
          orderType: 'LIMIT',
          quantity: trade.quantity,
          limitPricePaise: limitPaise,
          validity: 'DAY',
          product: trade.product,
          segment: 'FO',
          status: 'PENDING',
          reservedPaise: reserve,
          expiresAt: this.expiry(parsed, trade.nowMs),
        });
        const updated = await ledgerRepository.setAccount(
          tx,
          who.accountId,
          account.balancePaise,
          account.reservedPaise + reserve,
        );
        return { order: toOrder(row, undefined), account: updated };
      });
      await this.o.announcer?.announce({
        userId: who.userId,
        order: done.order,
        event: rests ? 'placed' : 'filled',
        account: done.account,
      });
      return { order: done.order, replayed: false };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await foRepository.orderByClientId(this.o.db, who.userId, clientOrderId);
        if (again) return { order: await this.replayed(again, who, symbol), replayed: true };
      }
      throw error;
    }
  }

  /**
   * A resting F&O limit's new quantity (whole lots) or limit. Its reservation is swapped for the
   * new terms' under the account lock; new terms the market meets now fill at once, as a new order
   * would.
   */
  async modify(who: AccountRef & { kind?: string }, id: string, body: ModifyOrderRequest): Promise<Order> {
    if (body.triggerPrice !== undefined)
      throw badRequest('Only a stop order has a trigger price', {
        triggerPrice: 'Only a stop order has a trigger price',
      });
    const current = await foRepository.ownOrder(this.o.db, who.accountId, id);
    if (!current) throw notFound('Order not found');
    const parsed = parseTradingSymbol(current.symbol)!;
    const quantity = body.quantity ?? current.quantity;
    this.accepts(who, { product: current.product, orderType: 'LIMIT', quantity }, parsed);
    const limitPaise = body.price !== undefined ? this.onTick(body.price) : current.limitPricePaise!;
    const { quote } = await this.o.market.quote(current.symbol);
    const market = await this.o.market.allInputs();
    const trade: FoTrade = {
      who,
      symbol: current.symbol,
      parsed,
      side: current.side as 'BUY' | 'SELL',
      quantity,
      product: current.product as 'NRML' | 'MIS',
      nowMs: this.o.market.nowMs(),
    };
    const pricePaise = rupeesToPaise(trade.side === 'BUY' ? quote.ask : quote.bid);
    const done = await this.o.db.transaction(async (tx) => {
      const account = await ledgerRepository.lockAccount(tx, who.accountId);
      const row = await foRepository.lockOrder(tx, id);
      if (!account || !row || row.accountId !== who.accountId) throw notFound('Order not found');
      if (row.status !== 'PENDING')
        throw unprocessable(`Only pending orders can be modified; this one is ${row.status}`);
      const changed = await foRepository.updateOrder(tx, row.id, {
        quantity,
        limitPricePaise: limitPaise,
        updatedAt: new Date(trade.nowMs),
      });
      if (meets(trade.side, pricePaise, limitPaise))
        return foExecution.fill(
          tx,
          account,
          trade,
          pricePaise,
          { kind: 'resting', row: changed },
          market,
          'now',
        );
      // The old reservation goes back before the new one is checked against what is available.
      const freed = { ...account, reservedPaise: account.reservedPaise - row.reservedPaise };
      const reserve = await foExecution.reservation(tx, trade, limitPaise, market);
      foExecution.ensureReservable(freed, reserve, trade);
      const order = await foRepository.updateOrder(tx, row.id, { reservedPaise: reserve });
      const updated = await ledgerRepository.setAccount(
        tx,
        who.accountId,
        account.balancePaise,
        freed.reservedPaise + reserve,
      );
      return { order: toOrder(order, undefined), account: updated };
    });
    await this.o.announcer?.announce({
      userId: who.userId,
      order: done.order,
      event: done.order.status === 'FILLED' ? 'filled' : 'modified',
      account: done.account,
    });
    return done.order;
  }

  /** A limit on the 0.05 tick, in paise. */
  private onTick(price: number | undefined): bigint {
    const paise = rupeesToPaise(price ?? 0);
    if (paise <= 0n || paise % 5n !== 0n)
      throw badRequest('An F&O limit price is a positive multiple of ₹0.05', {
        price: 'An F&O limit price is a positive multiple of ₹0.05',
      });
    return paise;
  }

  /** A DAY order ends with its session, and never outlives its contract. */
  private expiry(parsed: ParsedSymbol, nowMs: number): Date {
    const day = dayOrderExpiry(this.o.status().session, nowMs);
    const contract = closeMs(parsed.expiry);
    return day.getTime() < contract ? day : new Date(contract);
  }

  private key(body: { clientOrderId?: string | undefined }, idempotencyKey: string | undefined): string {
    const key = clientOrderIdField.safeParse(body.clientOrderId ?? idempotencyKey);
    if (key.success) return key.data;
    const message = 'clientOrderId (or an Idempotency-Key header) is required';
    throw badRequest(message, { clientOrderId: message });
  }

  private async replayed(row: FoOrderRow, who: AccountRef, symbol: string) {
    if (row.accountId !== who.accountId)
      throw unprocessable('This clientOrderId was already used for an order in another portfolio');
    if (row.symbol !== symbol)
      throw unprocessable('This clientOrderId was already used for a different order');
    return toOrder(row, await foRepository.fillOf(this.o.db, row.id));
  }

  /** The refusals that need no money: portfolio kind, product, order type, lots, expiry, session. */
  private accepts(
    who: { kind?: string },
    body: Pick<PlaceOrderRequest, 'product' | 'orderType' | 'quantity'>,
    parsed: ParsedSymbol,
  ) {
    const invalid = (message: string, rule: string) =>
      refused({ code: REFUSAL_CODES.productInvalid, message, rule }, 422);
    if (who.kind === 'replay')
      throw invalid(
        "A replay's portfolio cannot trade F&O: the replay's market has no option chain",
        'F&O trades on the live simulated market only',
      );
    if (who.kind === 'class' || who.kind === 'agent')
      throw invalid(
        `F&O is not open to ${who.kind === 'class' ? 'class' : 'agent'} portfolios; trade it from your main or a custom portfolio`,
        'F&O is for main and custom portfolios',
      );
    if (body.product !== 'NRML' && body.product !== 'MIS')
      throw refused(
        {
          code: REFUSAL_CODES.productInvalid,
          message: `${body.product ?? 'CNC'} (delivery) is for stocks; a derivative trades as NRML (carried to expiry) or MIS (intraday)`,
          rule: 'Derivatives take NRML or MIS',
        },
        400,
      );
    if (body.orderType === 'STOP')
      throw badRequest('Stop orders are not available for F&O; use MARKET or LIMIT', {
        orderType: 'Stop orders are not available for F&O',
      });
    const lot = contractOn(parsed.underlying, parsed.expiry).lotSize;
    if (body.quantity % lot !== 0) {
      const near = nearestLots(body.quantity, lot);
      throw refused(
        {
          code: REFUSAL_CODES.quantityInvalid,
          message: `${parsed.underlying} trades in lots of ${lot}: ${body.quantity} is not a whole number of lots; try ${near.join(' or ')}`,
          rule: `Quantity must be a multiple of the lot size (${lot})`,
          field: 'quantity',
          suggestion: { quantity: near.at(-1)! },
        },
        400,
      );
    }
    const nowMs = this.o.market.nowMs();
    if (nowMs >= closeMs(parsed.expiry)) throw unprocessable(`This contract expired on ${parsed.expiry}`);
    const status = this.o.status();
    if (!status.marketOpen)
      throw refused(
        {
          code: REFUSAL_CODES.marketClosed,
          message: `F&O trades while the market is open (${status.label})`,
          rule: 'F&O orders fill only in the session',
        },
        422,
      );
    if (body.product === 'MIS') {
      const cutoff = intradayCutoff(status.session, nowMs, 'FO');
      if (cutoff.passed) throw refused(intradayCutoffPassed(cutoff, 'FO'), 422);
    }
  }
}

/** Whether the market price now meets a limit: a buy's ask at or below it, a sell's bid at or above. */
export const meets = (side: 'BUY' | 'SELL', marketPaise: bigint, limitPaise: bigint) =>
  side === 'BUY' ? marketPaise <= limitPaise : marketPaise >= limitPaise;

/** A derivative's name on the Orders screen: "NIFTY 24000 CE 2026-12-29". */
export function describe(p: ParsedSymbol): string {
  return p.kind === 'FUT'
    ? `${p.underlying} FUT ${p.expiry}`
    : `${p.underlying} ${p.strike} ${p.kind} ${p.expiry}`;
}
