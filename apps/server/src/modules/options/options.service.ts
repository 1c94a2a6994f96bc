import {
  paiseToRupees,
  type DerivativePosition,
  type OptionMargin,
  type OptionMarginRequest,
  type Underlying,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { badRequest } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { contractOn, intrinsicValue, istDay, parseTradingSymbol, type ParsedSymbol } from './core.js';
import { marginByUnderlying } from './fo-margin.js';
import { foRepository } from './fo.repository.js';
import { OptionsMarket } from './options-market.js';

const round2 = (x: number) => Math.round(x * 100) / 100;
const money = (x: number) =>
  `₹${Math.abs(x).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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
        atExpiry: atExpiry(p, row.quantity, inputs![p.underlying].spot),
      };
    });
    return { positions, marginBlocked: paiseToRupees(account?.foMarginPaise ?? 0n) };
  }
}

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
