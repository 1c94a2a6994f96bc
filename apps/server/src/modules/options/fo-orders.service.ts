import {
  formatInr,
  clientOrderIdField,
  paiseToRupees,
  REFUSAL_CODES,
  rupeesToPaise,
  type FeeBreakdown,
  type Order,
  type PlaceOrderRequest,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors.js';
import { ledgerRepository, type CashAccountRow, type LedgerKind } from '../ledger/ledger.repository.js';
import { refused } from '../orders/order-intake.js';
import { toOrder } from '../orders/orders.mapper.js';
import { contractOn, foCharges, closeMs, istDay, parseTradingSymbol, type ParsedSymbol } from './core.js';
import { blockedMargin } from './fo-margin.js';
import { foRepository } from './fo.repository.js';
import { netFill, nearestLots } from './fo-rules.js';
import { OptionsMarket } from './options-market.js';

/** Whether an order's symbol names a derivative: the order path hands those to FoOrdersService. */
export const isDerivativeSymbol = (symbol: string) =>
  parseTradingSymbol(symbol.trim().toUpperCase()) !== undefined;

const FEE_KINDS: [Exclude<keyof FeeBreakdown, 'total'>, LedgerKind, string][] = [
  ['brokerage', 'FEE_BROKERAGE', 'Brokerage'],
  ['exchangeCharge', 'FEE_EXCHANGE', 'Exchange transaction charge'],
  ['stt', 'FEE_STT', 'STT'],
  ['gst', 'FEE_GST', 'GST'],
  ['sebiFee', 'FEE_SEBI', 'SEBI fee'],
  ['stampDuty', 'FEE_STAMP_DUTY', 'Stamp duty'],
];

const rupees = (paise: bigint) => formatInr(paiseToRupees(paise));

/**
 * F&O orders through the one order path (issue 28): POST /api/orders with a trading symbol lands
 * here from OrderCommandsService. A market order fills at once at the ask (buy) or the bid (sell)
 * of the derivative's price now; a marketable LIMIT fills the same way, never worse than its
 * limit. Under the account's row lock (the lock the equity path takes), the SPAN-like margin of all
 * open positions with the new order is checked against the cash available, the premium and charges
 * move as ledger entries, and the blocked margin is kept inside the account's reserved cash.
 */
export class FoOrdersService {
  constructor(
    private readonly o: {
      db: Db;
      market: OptionsMarket;
      status: () => { marketOpen: boolean; label: string };
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
    const nowMs = this.o.market.nowMs();
    const { quote } = await this.o.market.quote(symbol);
    const market = await this.o.market.allInputs();
    const side = body.type;
    const pricePaise = rupeesToPaise(side === 'BUY' ? quote.ask : quote.bid);
    if (body.orderType === 'LIMIT') {
      const limit = rupeesToPaise(body.price ?? 0);
      const marketable = side === 'BUY' ? pricePaise <= limit : pricePaise >= limit;
      if (!marketable)
        throw unprocessable(
          `This limit is away from the market (${side === 'BUY' ? 'ask' : 'bid'} ${rupees(pricePaise)}); resting F&O limit orders are not supported yet, so only a limit the market meets now can be placed`,
        );
    }
    const today = istDay(nowMs);
    const signed = side === 'BUY' ? body.quantity : -body.quantity;
    const valuePaise = pricePaise * BigInt(body.quantity);
    const option = parsed.kind !== 'FUT';
    const fees = foCharges({ kind: option ? 'option' : 'future', side, valuePaise, isoDay: today });
    const product = body.product as 'NRML' | 'MIS';
    try {
      const order = await this.o.db.transaction(async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, who.accountId);
        if (!account) throw notFound('Virtual money account not found');
        const positions = await foRepository.positions(tx, who.accountId, { lock: true });
        const current = positions.find((p) => p.tradingsymbol === symbol && p.product === product);
        const legs = positions.map((p) => ({ tradingsymbol: p.tradingsymbol, quantity: p.quantity }));
        legs.push({ tradingsymbol: symbol, quantity: signed });
        const newMargin = blockedMargin(legs, market, today);
        const net = netFill(
          { quantity: current?.quantity ?? 0, averagePricePaise: current?.averagePricePaise ?? 0n },
          signed,
          pricePaise,
        );
        // Cash the fill moves: premium for options; for futures only the realised P&L.
        const premium = option ? (side === 'BUY' ? -valuePaise : valuePaise) : net.realisedPaise;
        const cashMove = premium - fees.total;
        this.affordable(account, newMargin, cashMove, { body, parsed, pricePaise });
        return this.write(tx, account, who, {
          clientOrderId,
          symbol,
          parsed,
          body,
          product,
          pricePaise,
          valuePaise,
          fees,
          premium,
          net,
          current,
          newMargin,
          nowMs,
          today,
        });
      });
      return { order, replayed: false };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await foRepository.orderByClientId(this.o.db, who.userId, clientOrderId);
        if (again) return { order: await this.replayed(again, who, symbol), replayed: true };
      }
      throw error;
    }
  }

  private key(body: { clientOrderId?: string | undefined }, idempotencyKey: string | undefined): string {
    const key = clientOrderIdField.safeParse(body.clientOrderId ?? idempotencyKey);
    if (key.success) return key.data;
    const message = 'clientOrderId (or an Idempotency-Key header) is required';
    throw badRequest(message, { clientOrderId: message });
  }

  private async replayed(
    row: Awaited<ReturnType<typeof foRepository.orderByClientId>> & object,
    who: AccountRef,
    symbol: string,
  ) {
    if (row.accountId !== who.accountId)
      throw unprocessable('This clientOrderId was already used for an order in another portfolio');
    if (row.symbol !== symbol)
      throw unprocessable('This clientOrderId was already used for a different order');
    return toOrder(row, await foRepository.fillOf(this.o.db, row.id));
  }

  /** The refusals that need no money: portfolio kind, product, order type, lots, expiry, session. */
  private accepts(who: { kind?: string }, body: PlaceOrderRequest, parsed: ParsedSymbol) {
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
    // No F&O square-off at 15:25 IST exists yet, so an intraday F&O position would silently carry
    // over: refused rather than mislabelled.
    if (body.product === 'MIS')
      throw refused(
        {
          code: REFUSAL_CODES.productInvalid,
          message:
            'MIS (intraday) is not available for F&O yet: Nivesh has no 15:25 F&O square-off; use NRML',
          rule: 'F&O orders take NRML for now',
        },
        400,
      );
    if (body.orderType === 'STOP')
      throw badRequest('Stop orders are not available for F&O yet; use MARKET or LIMIT', {
        orderType: 'Stop orders are not available for F&O yet',
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
    if (this.o.market.nowMs() >= closeMs(parsed.expiry))
      throw unprocessable(`This contract expired on ${parsed.expiry}`);
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
  }

  /** Cash available (balance − reserved, which already holds today's blocked margin) must cover the change. */
  private affordable(
    account: CashAccountRow,
    newMargin: bigint,
    cashMove: bigint,
    ctx: { body: PlaceOrderRequest; parsed: ParsedSymbol; pricePaise: bigint },
  ) {
    const available = account.balancePaise - account.reservedPaise;
    const extraMargin = newMargin - account.foMarginPaise;
    const needed = extraMargin - cashMove;
    if (needed <= available) return;
    const lot = contractOn(ctx.parsed.underlying, ctx.parsed.expiry).lotSize;
    const lots = ctx.body.quantity / lot;
    // Margin and costs scale about linearly with lots: the largest count that would fit.
    const perLot = needed > 0n ? needed / BigInt(lots) : 0n;
    const fits = perLot > 0n ? Number(available / perLot) : 0;
    const parts = [
      ...(extraMargin > 0n ? [`margin ${rupees(extraMargin)}`] : []),
      ...(cashMove < 0n
        ? [`${ctx.parsed.kind === 'FUT' ? 'charges' : 'premium and charges'} ${rupees(-cashMove)}`]
        : []),
    ];
    const fitting = fits >= 1 && fits < lots;
    throw new AppError(
      422,
      REFUSAL_CODES.insufficientMargin,
      `Not enough margin: this order needs ${rupees(needed)} (${parts.join(' + ')}) and ${rupees(available)} is available${fitting ? `; about ${fits} lot${fits === 1 ? '' : 's'} would fit` : ''}`,
      undefined,
      {
        rule: 'Cash available must cover the new SPAN + exposure margin, the premium and the charges',
        ...(fitting ? { suggestion: { quantity: fits * lot } } : {}),
      },
    );
  }

  private async write(
    tx: DbOrTx,
    account: CashAccountRow,
    who: AccountRef,
    f: {
      clientOrderId: string;
      symbol: string;
      parsed: ParsedSymbol;
      body: PlaceOrderRequest;
      product: 'NRML' | 'MIS';
      pricePaise: bigint;
      valuePaise: bigint;
      fees: ReturnType<typeof foCharges>;
      premium: bigint;
      net: ReturnType<typeof netFill>;
      current: { realizedPnlPaise: bigint; settledQuantity: number } | undefined;
      newMargin: bigint;
      nowMs: number;
      today: string;
    },
  ): Promise<Order> {
    const side = f.body.type;
    const cashMove = f.premium - f.fees.total;
    const when = new Date(f.nowMs);
    const order = await foRepository.insertOrder(tx, {
      userId: who.userId,
      accountId: who.accountId,
      clientOrderId: f.clientOrderId,
      symbol: f.symbol,
      name: describe(f.parsed),
      side,
      orderType: f.body.orderType,
      quantity: f.body.quantity,
      limitPricePaise: f.body.orderType === 'LIMIT' ? rupeesToPaise(f.body.price ?? 0) : null,
      validity: 'DAY',
      product: f.product,
      segment: 'FO',
      status: 'FILLED',
      executionPricePaise: f.pricePaise,
      tradeValuePaise: f.valuePaise,
      feesPaise: f.fees.total,
      // The order's total is the cash it moved, signed as the integrity check reads it.
      totalPaise: side === 'BUY' ? -cashMove : cashMove,
      realizedPnlPaise: f.net.realisedPaise,
      receipt: `${side === 'BUY' ? 'Bought at the ask' : 'Sold at the bid'} ${rupees(f.pricePaise)} of the simulated ${f.parsed.underlying} chain`,
      executedAt: when,
      updatedAt: when,
    });
    const fill = await foRepository.insertFill(tx, {
      orderId: order.id,
      userId: who.userId,
      accountId: who.accountId,
      symbol: f.symbol,
      side,
      product: f.product,
      quantity: f.body.quantity,
      pricePaise: f.pricePaise,
      valuePaise: f.valuePaise,
      brokeragePaise: f.fees.brokerage,
      exchangeChargePaise: f.fees.exchangeCharge,
      sttPaise: f.fees.stt,
      gstPaise: f.fees.gst,
      sebiFeePaise: f.fees.sebiFee,
      stampDutyPaise: f.fees.stampDuty,
      feesPaise: f.fees.total,
      realizedPnlPaise: f.net.realisedPaise,
      receipt: order.receipt,
      tradeDate: f.today,
    });
    let balance = account.balancePaise;
    const append = async (kind: LedgerKind, amount: bigint, description: string) => {
      if (amount === 0n) return;
      balance += amount;
      await ledgerRepository.append(tx, {
        userId: who.userId,
        accountId: who.accountId,
        kind,
        amountPaise: amount,
        balanceAfterPaise: balance,
        description,
        orderId: order.id,
      });
    };
    const what = `${f.body.quantity} ${f.symbol} @ ${rupees(f.pricePaise)}`;
    if (f.parsed.kind === 'FUT') await append('FO_PNL', f.premium, `Futures P&L realised: ${side} ${what}`);
    else
      await append(side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL', f.premium, `Option premium: ${side} ${what}`);
    for (const [key, kind, label] of FEE_KINDS) await append(kind, -f.fees[key], `${label}: ${side} ${what}`);
    const reserved = account.reservedPaise - account.foMarginPaise + f.newMargin;
    if (balance < 0n || reserved > balance) throw new Error('F&O fill would overdraw the account');
    await foRepository.setAccount(tx, who.accountId, {
      balancePaise: balance,
      reservedPaise: reserved,
      foMarginPaise: f.newMargin,
    });
    await foRepository.upsertPosition(tx, {
      userId: who.userId,
      accountId: who.accountId,
      tradingsymbol: f.symbol,
      product: f.product,
      quantity: f.net.quantity,
      averagePricePaise: f.net.averagePricePaise,
      realizedPnlPaise: (f.current?.realizedPnlPaise ?? 0n) + f.net.realisedPaise,
      settledQuantity: f.current?.settledQuantity ?? 0,
    });
    return toOrder(order, fill);
  }
}

/** A derivative's name on the Orders screen: "NIFTY 24000 CE 2026-12-29". */
export function describe(p: ParsedSymbol): string {
  return p.kind === 'FUT'
    ? `${p.underlying} FUT ${p.expiry}`
    : `${p.underlying} ${p.strike} ${p.kind} ${p.expiry}`;
}
