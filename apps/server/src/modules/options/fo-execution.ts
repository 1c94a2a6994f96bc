import {
  formatInr,
  paiseToRupees,
  REFUSAL_CODES,
  type FeeBreakdown,
  type Order,
  type Underlying,
} from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { AppError } from '../../lib/errors.js';
import { ledgerRepository, type CashAccountRow, type LedgerKind } from '../ledger/ledger.repository.js';
import { toOrder } from '../orders/orders.mapper.js';
import { contractOn, foCharges, istDay, type MarketInputs, type ParsedSymbol } from './core.js';
import { blockedMargin } from './fo-margin.js';
import { foRepository, type FoOrderRow } from './fo.repository.js';
import { netFill } from './fo-rules.js';

const FEE_KINDS: [Exclude<keyof FeeBreakdown, 'total' | 'dpCharge'>, LedgerKind, string][] = [
  ['brokerage', 'FEE_BROKERAGE', 'Brokerage'],
  ['exchangeCharge', 'FEE_EXCHANGE', 'Exchange transaction charge'],
  ['stt', 'FEE_STT', 'STT'],
  ['gst', 'FEE_GST', 'GST'],
  ['sebiFee', 'FEE_SEBI', 'SEBI fee'],
  ['stampDuty', 'FEE_STAMP_DUTY', 'Stamp duty'],
  ['squareOffCharge', 'FEE_SQUARE_OFF', 'Square-off charge'],
];

export const rupees = (paise: bigint) => formatInr(paiseToRupees(paise));

/** One F&O trade's terms, whoever asked for it (the user, the matcher or the square-off). */
export interface FoTrade {
  who: AccountRef;
  symbol: string;
  parsed: ParsedSymbol;
  side: 'BUY' | 'SELL';
  quantity: number;
  product: 'NRML' | 'MIS';
  nowMs: number;
}

/** The order a fill belongs to: a new one (market, marketable limit, square-off) or one that rested. */
export type FoOrderTarget =
  | {
      kind: 'new';
      clientOrderId: string;
      name: string;
      orderType: 'MARKET' | 'LIMIT';
      limitPricePaise: bigint | null;
    }
  | { kind: 'resting'; row: FoOrderRow };

export type FoMarket = Record<Underlying, MarketInputs>;

/** Why a fill got its price, in the receipt's words. */
export type FoOccasion = 'now' | 'resting' | 'square-off';

const signedOf = (t: FoTrade) => (t.side === 'BUY' ? t.quantity : -t.quantity);

/**
 * The F&O writers every path shares: a fill (order row, fill row, premium or futures P&L and each
 * charge as ledger entries, the account's balance and blocked margin, the position) and a resting
 * limit's reservation. Each runs inside the caller's transaction, after the caller locked the cash
 * account; the positions are locked here (account, then positions: the placement lock order).
 */
export const foExecution = {
  /**
   * Fills `trade` at `pricePaise`. The SPAN-like margin of every open position with this fill must
   * fit the cash available, counting the reservation a resting order gives back; a square-off
   * (which only closes) skips that check and is held only to the no-overdraft invariant.
   */
  async fill(
    tx: DbOrTx,
    account: CashAccountRow,
    trade: FoTrade,
    pricePaise: bigint,
    target: FoOrderTarget,
    market: FoMarket,
    occasion: FoOccasion,
  ): Promise<{ order: Order; account: CashAccountRow }> {
    const today = istDay(trade.nowMs);
    const positions = await foRepository.positions(tx, trade.who.accountId, { lock: true });
    const current = positions.find((p) => p.tradingsymbol === trade.symbol && p.product === trade.product);
    const legs = positions.map((p) => ({ tradingsymbol: p.tradingsymbol, quantity: p.quantity }));
    legs.push({ tradingsymbol: trade.symbol, quantity: signedOf(trade) });
    const newMargin = blockedMargin(legs, market, today);
    const net = netFill(
      { quantity: current?.quantity ?? 0, averagePricePaise: current?.averagePricePaise ?? 0n },
      signedOf(trade),
      pricePaise,
    );
    const valuePaise = pricePaise * BigInt(trade.quantity);
    const option = trade.parsed.kind !== 'FUT';
    const fees = foCharges({
      kind: option ? 'option' : 'future',
      side: trade.side,
      valuePaise,
      isoDay: today,
      squareOff: occasion === 'square-off',
    });
    // Cash the fill moves: premium for options; for futures only the realised P&L.
    const premium = option ? (trade.side === 'BUY' ? -valuePaise : valuePaise) : net.realisedPaise;
    const cashMove = premium - fees.total;
    const released = target.kind === 'resting' ? target.row.reservedPaise : 0n;
    if (occasion !== 'square-off')
      affordable(
        account.balancePaise - (account.reservedPaise - released),
        newMargin - account.foMarginPaise,
        cashMove,
        trade,
      );

    const when = new Date(trade.nowMs);
    const receipt =
      occasion === 'square-off'
        ? `Squared off at the 15:25 F&O intraday cut-off at the ${trade.side === 'BUY' ? 'ask' : 'bid'} ${rupees(pricePaise)}, with the ₹59 square-off charge`
        : `${trade.side === 'BUY' ? 'Bought at the ask' : 'Sold at the bid'} ${rupees(pricePaise)} of the simulated ${trade.parsed.underlying} chain${occasion === 'resting' ? ', when the market reached your limit' : ''}`;
    const filled = {
      status: 'FILLED',
      executionPricePaise: pricePaise,
      tradeValuePaise: valuePaise,
      feesPaise: fees.total,
      // The order's total is the cash it moved, signed as the integrity check reads it.
      totalPaise: trade.side === 'BUY' ? -cashMove : cashMove,
      realizedPnlPaise: net.realisedPaise,
      reservedPaise: 0n,
      receipt,
      executedAt: when,
      updatedAt: when,
    };
    const order =
      target.kind === 'resting'
        ? await foRepository.updateOrder(tx, target.row.id, filled)
        : await foRepository.insertOrder(tx, {
            userId: trade.who.userId,
            accountId: trade.who.accountId,
            clientOrderId: target.clientOrderId,
            symbol: trade.symbol,
            name: target.name,
            side: trade.side,
            orderType: target.orderType,
            quantity: trade.quantity,
            limitPricePaise: target.limitPricePaise,
            validity: 'DAY',
            product: trade.product,
            segment: 'FO',
            ...filled,
          });
    const fill = await foRepository.insertFill(tx, {
      orderId: order.id,
      userId: trade.who.userId,
      accountId: trade.who.accountId,
      symbol: trade.symbol,
      side: trade.side,
      product: trade.product,
      quantity: trade.quantity,
      pricePaise,
      valuePaise,
      brokeragePaise: fees.brokerage,
      exchangeChargePaise: fees.exchangeCharge,
      sttPaise: fees.stt,
      gstPaise: fees.gst,
      sebiFeePaise: fees.sebiFee,
      stampDutyPaise: fees.stampDuty,
      squareOffChargePaise: fees.squareOffCharge,
      feesPaise: fees.total,
      realizedPnlPaise: net.realisedPaise,
      receipt,
      tradeDate: today,
    });
    let balance = account.balancePaise;
    const append = async (kind: LedgerKind, amount: bigint, description: string) => {
      if (amount === 0n) return;
      balance += amount;
      await ledgerRepository.append(tx, {
        userId: trade.who.userId,
        accountId: trade.who.accountId,
        kind,
        amountPaise: amount,
        balanceAfterPaise: balance,
        description,
        orderId: order.id,
      });
    };
    const what = `${trade.side} ${trade.quantity} ${trade.symbol} @ ${rupees(pricePaise)}`;
    if (!option) await append('FO_PNL', premium, `Futures P&L realised: ${what}`);
    else await append(trade.side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL', premium, `Option premium: ${what}`);
    for (const [key, kind, label] of FEE_KINDS) await append(kind, -fees[key], `${label}: ${what}`);
    const reserved = account.reservedPaise - released - account.foMarginPaise + newMargin;
    if (balance < 0n || reserved > balance) throw new Error('F&O fill would overdraw the account');
    const updated = await foRepository.setAccount(tx, trade.who.accountId, {
      balancePaise: balance,
      reservedPaise: reserved,
      foMarginPaise: newMargin,
    });
    await foRepository.upsertPosition(tx, {
      userId: trade.who.userId,
      accountId: trade.who.accountId,
      tradingsymbol: trade.symbol,
      product: trade.product,
      quantity: net.quantity,
      averagePricePaise: net.averagePricePaise,
      realizedPnlPaise: (current?.realizedPnlPaise ?? 0n) + net.realisedPaise,
      settledQuantity: current?.settledQuantity ?? 0,
    });
    return { order: toOrder(order, fill), account: updated };
  },

  /**
   * What a resting limit holds back until it fills or ends: the margin its fill would add to the
   * open positions (never less than 0), a buy's premium at its limit, and the charges at its limit.
   * Each resting order is reserved against the positions alone, so several resting legs together
   * hold at least what they would block once filled (the worst scenario of a sum is at most the
   * sum of the worst scenarios).
   */
  async reservation(tx: DbOrTx, trade: FoTrade, limitPaise: bigint, market: FoMarket): Promise<bigint> {
    const today = istDay(trade.nowMs);
    const positions = await foRepository.positions(tx, trade.who.accountId, { lock: true });
    const legs = positions.map((p) => ({ tradingsymbol: p.tradingsymbol, quantity: p.quantity }));
    const before = blockedMargin(legs, market, today);
    const after = blockedMargin(
      [...legs, { tradingsymbol: trade.symbol, quantity: signedOf(trade) }],
      market,
      today,
    );
    const margin = after > before ? after - before : 0n;
    const valuePaise = limitPaise * BigInt(trade.quantity);
    const option = trade.parsed.kind !== 'FUT';
    const premium = option && trade.side === 'BUY' ? valuePaise : 0n;
    const fees = foCharges({
      kind: option ? 'option' : 'future',
      side: trade.side,
      valuePaise,
      isoDay: today,
    });
    return margin + premium + fees.total;
  },

  /** A resting order's reservation must fit the cash available (balance − reserved) now. */
  ensureReservable(account: CashAccountRow, reservePaise: bigint, trade: FoTrade) {
    const available = account.balancePaise - account.reservedPaise;
    if (reservePaise <= available) return;
    throw new AppError(
      422,
      REFUSAL_CODES.insufficientMargin,
      `Not enough margin: while it rests this limit order holds ${rupees(reservePaise)} (the margin its fill would add, ${trade.side === 'BUY' && trade.parsed.kind !== 'FUT' ? 'the premium at your limit, ' : ''}and the charges) and ${rupees(available > 0n ? available : 0n)} is available`,
      undefined,
      { rule: 'A resting F&O limit order holds the margin, premium and charges its fill would need' },
    );
  },
};

/** Cash available must cover the extra margin less what the fill brings in (or plus what it costs). */
function affordable(available: bigint, extraMargin: bigint, cashMove: bigint, trade: FoTrade) {
  const needed = extraMargin - cashMove;
  if (needed <= available) return;
  const lot = contractOn(trade.parsed.underlying, trade.parsed.expiry).lotSize;
  const lots = trade.quantity / lot;
  // Margin and costs scale about linearly with lots: the largest count that would fit.
  const perLot = needed > 0n ? needed / BigInt(lots) : 0n;
  const fits = perLot > 0n && available > 0n ? Number(available / perLot) : 0;
  const parts = [
    ...(extraMargin > 0n ? [`margin ${rupees(extraMargin)}`] : []),
    ...(cashMove < 0n
      ? [`${trade.parsed.kind === 'FUT' ? 'charges' : 'premium and charges'} ${rupees(-cashMove)}`]
      : []),
  ];
  const fitting = fits >= 1 && fits < lots;
  throw new AppError(
    422,
    REFUSAL_CODES.insufficientMargin,
    `Not enough margin: this order needs ${rupees(needed)} (${parts.join(' + ')}) and ${rupees(available > 0n ? available : 0n)} is available${fitting ? `; about ${fits} lot${fits === 1 ? '' : 's'} would fit` : ''}`,
    undefined,
    {
      rule: 'Cash available must cover the new SPAN + exposure margin, the premium and the charges',
      ...(fitting ? { suggestion: { quantity: fits * lot } } : {}),
    },
  );
}
