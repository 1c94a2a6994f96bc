import {
  formatInr,
  paiseToRupees,
  rupeesToPaise,
  type FigureDerivatives,
  type DerivativePosition,
  type OptionMargin,
  type OptionMarginRequest,
  type Underlying,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { badRequest } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import {
  closeMs,
  contractOn,
  intrinsicValue,
  istDay,
  parseTradingSymbol,
  type MarketInputs,
  type ParsedSymbol,
} from './core.js';
import { marginByUnderlying } from './fo-margin.js';
import { foRepository } from './fo.repository.js';
import { OptionsMarket } from './options-market.js';

const round2 = (x: number) => Math.round(x * 100) / 100;
const money = (x: number) => formatInr(Math.abs(x));

/**
 * The Options Lab's reads (issue 28): expiries, the chain, the SPAN-like margin of a set of legs
 * (with a portfolio's open positions when named) and a portfolio's derivative positions at the
 * market now. Saytrix can call `expiries`, `chain` and `positions` for chain questions.
 */
export class OptionsService {
  constructor(private readonly o: { db: Db; market: OptionsMarket }) {}

  expiries(underlying: Underlying) {
    return this.o.market.expiries(underlying);
  }

  chain(underlying: Underlying, expiry: string | undefined, strikes: number) {
    return this.o.market.chain(underlying, expiry, strikes);
  }

  /** SPAN + exposure of the legs (signed by side) and the open positions of `who` when given. */
  async margin(body: OptionMarginRequest, who: AccountRef | undefined): Promise<OptionMargin> {
    const parsedLegs = body.legs.map((leg, i) => {
      const parsed = parseTradingSymbol(leg.tradingsymbol);
      if (!parsed) {
        const message = `Leg ${i + 1}: ${leg.tradingsymbol} is not a listed NIFTY or BANKNIFTY option or future`;
        throw badRequest(message, { [`legs.${i}.tradingsymbol`]: message });
      }
      if (closeMs(parsed.expiry) <= this.o.market.nowMs()) {
        const message = `Leg ${i + 1}: ${leg.tradingsymbol} expired on ${parsed.expiry}`;
        throw badRequest(message, { [`legs.${i}.tradingsymbol`]: message });
      }
      const lot = contractOn(parsed.underlying, parsed.expiry).lotSize;
      if (leg.quantity % lot !== 0) {
        const message = `Leg ${i + 1}: ${parsed.underlying} trades in lots of ${lot}; ${leg.quantity} is not a whole number of lots`;
        throw badRequest(message, { [`legs.${i}.quantity`]: message });
      }
      return { parsed, leg };
    });
    const market = await this.o.market.allInputs();
    // A bought leg without a price costs what a market buy pays now: the ask.
    const legs = parsedLegs.map(({ parsed, leg }) => ({
      tradingsymbol: leg.tradingsymbol,
      quantity: leg.side === 'BUY' ? leg.quantity : -leg.quantity,
      price: leg.price ?? OptionsMarket.priceWith(parsed, market[parsed.underlying]).ask,
    }));
    const held = who
      ? (await foRepository.positions(this.o.db, who.accountId))
          .filter((p) => p.quantity !== 0)
          .map((p) => ({ tradingsymbol: p.tradingsymbol, quantity: p.quantity }))
      : [];
    const today = istDay(this.o.market.nowMs());
    const all = marginByUnderlying([...held, ...legs], market, today);
    // Premium is what these legs' bought options cost; held positions' premium was paid already.
    const premium = marginByUnderlying(legs, market, today).premium;
    return {
      span: paiseToRupees(all.span),
      exposure: paiseToRupees(all.exposure),
      premium: paiseToRupees(premium),
      total: paiseToRupees(all.span + all.exposure + premium),
      worstScenario: all.worstScenario,
    };
  }

  /**
   * The portfolio's options and futures as the glossary's figures take them: open positions at
   * their value now (options at LTP × signed quantity; futures at their P&L, since no premium
   * changed hands) and every position's realised P&L. Undefined when it never held one.
   */
  async figures(
    accountId: AccountRef['accountId'],
    db: DbOrTx = this.o.db,
  ): Promise<FigureDerivatives | undefined> {
    // Read on the caller's connection: a placement values the portfolio inside its transaction,
    // and on PGlite (one connection) a read outside it would wait for that transaction forever.
    const rows = await foRepository.positions(db, accountId);
    if (!rows.length) return undefined;
    const open = rows.filter((r) => r.quantity !== 0);
    const inputs = open.length ? await this.o.market.allInputs() : undefined;
    let value = 0n;
    let unrealised = 0n;
    for (const row of open) {
      const p = parseTradingSymbol(row.tradingsymbol)!;
      const ltp = rupeesToPaise(OptionsMarket.priceWith(p, inputs![p.underlying]).ltp);
      const pnl = (ltp - row.averagePricePaise) * BigInt(row.quantity);
      unrealised += pnl;
      value += p.kind === 'FUT' ? pnl : ltp * BigInt(row.quantity);
    }
    const realised = rows.reduce((sum, r) => sum + r.realizedPnlPaise, 0n);
    return {
      value: paiseToRupees(value),
      unrealisedPnl: paiseToRupees(unrealised),
      realisedPnl: paiseToRupees(realised),
    };
  }

  /**
   * Open options and futures valued at a finished day's close `ms` (the performance history):
   * options at their price then × signed quantity, futures at their P&L from `averagePaise`. A
   * contract whose expiry closed by then is left out: its settlement is cash in the ledger.
   * Undefined when the index has no price at `ms`.
   */
  async valueAt(
    open: { symbol: string; quantity: number; averagePaise: bigint }[],
    ms: number,
  ): Promise<bigint | undefined> {
    let value = 0n;
    const inputs = new Map<string, MarketInputs | undefined>();
    for (const o of open) {
      const p = parseTradingSymbol(o.symbol);
      if (!p || o.quantity === 0 || closeMs(p.expiry) <= ms) continue;
      if (!inputs.has(p.underlying)) inputs.set(p.underlying, await this.o.market.inputsAt(p.underlying, ms));
      const m = inputs.get(p.underlying);
      if (!m) return undefined;
      const price = rupeesToPaise(OptionsMarket.priceWith(p, m).ltp);
      value += p.kind === 'FUT' ? (price - o.averagePaise) * BigInt(o.quantity) : price * BigInt(o.quantity);
    }
    return value;
  }

  async positions(who: AccountRef): Promise<{ positions: DerivativePosition[]; marginBlocked: number }> {
    const [rows, account] = await Promise.all([
      foRepository.positions(this.o.db, who.accountId),
      ledgerRepository.account(this.o.db, who.accountId),
    ]);
    const inputs = rows.length ? await this.o.market.allInputs() : undefined;
    const positions = rows.map((row) => {
      const p = parseTradingSymbol(row.tradingsymbol)!;
      const lot = contractOn(p.underlying, p.expiry).lotSize;
      const ltp = OptionsMarket.priceWith(p, inputs![p.underlying]).ltp;
      const average = paiseToRupees(row.averagePricePaise);
      return {
        tradingsymbol: row.tradingsymbol,
        underlying: p.underlying,
        kind: p.kind,
        strike: p.strike,
        expiry: p.expiry,
        product: row.product,
        quantity: row.quantity,
        lots: row.quantity / lot,
        averagePrice: average,
        ltp,
        unrealisedPnl: round2((ltp - average) * row.quantity),
        realisedPnl: paiseToRupees(row.realizedPnlPaise),
        atExpiry:
          row.product === 'MIS' && row.quantity !== 0
            ? MIS_LINE
            : atExpiry(p, row.quantity, inputs![p.underlying].spot),
      };
    });
    return { positions, marginBlocked: paiseToRupees(account?.foMarginPaise ?? 0n) };
  }
}

/** An intraday position never reaches expiry: the square-off closes it first. */
export const MIS_LINE =
  'Intraday (MIS): closed at market at the 15:25 F&O cut-off if still open, with the ₹59 square-off charge';

/** One line: what expiry would do to the position if the index closed where it is now. */
export function atExpiry(p: ParsedSymbol, quantity: number, spot: number): string {
  if (quantity === 0) return 'Closed';
  const at = `if ${p.underlying} closes at ${spot.toLocaleString('en-IN')} on ${p.expiry}`;
  if (p.kind === 'FUT')
    return `Settles at the index close: the difference from your price is paid or charged ${at}`;
  const intrinsic = intrinsicValue(p.kind, p.strike!, spot);
  if (intrinsic === 0) return `Expires worthless ${at}`;
  const amount = money(intrinsic * Math.abs(quantity));
  return quantity > 0
    ? `Exercised: ${amount} credited less 0.15% STT on it ${at}`
    : `Assigned: ${amount} debited ${at}`;
}
