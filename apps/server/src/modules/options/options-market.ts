import type { OptionChain, Underlying } from '@nivesh/shared';
import { badRequest } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import {
  buildChain,
  closeMs,
  contractOn,
  daysBetween,
  futureExpiries,
  futurePrice,
  futureSymbol,
  intradayVix,
  istDay,
  listExpiries,
  parseTradingSymbol,
  priceOption,
  ratesOn,
  vixFromIndexPath,
  type MarketInputs,
  type ParsedSymbol,
} from './core.js';

type IndexReads = Pick<MarketService, 'nowMs' | 'quote' | 'quoteAt' | 'historical'>;

/** A derivative's price now: the LTP, bid and ask in rupees. */
export interface DerivativeQuote {
  ltp: number;
  bid: number;
  ask: number;
}

// The seed of each underlying's VIX noise: fixed, so every instance derives the same VIX.
const VIX_KEY: Record<Underlying, number> = { NIFTY: 50, BANKNIFTY: 5012 };

/**
 * The simulated F&O market (issue 28): the simulated index (NIFTY50 for NIFTY, NIFTYBANK for
 * BANKNIFTY), a simulated India VIX derived from the index's own daily closes, and the option and
 * future prices built on both at the market clock's now, so tests that inject a clock move it too.
 */
export class OptionsMarket {
  private vixCache = new Map<string, number>();

  constructor(private readonly market: IndexReads) {}

  nowMs(): number {
    return this.market.nowMs();
  }

  today(): string {
    return istDay(this.nowMs());
  }

  /** The VIX at the previous daily close, from the index's daily closes before today (cached per day). */
  private async previousCloseVix(
    underlying: Underlying,
    today: string,
  ): Promise<{ vix: number; close: number }> {
    const symbol = contractOn(underlying, today).indexSymbol;
    const bars = (await this.market.historical(symbol, '3M')).data.filter(
      (b) => istDay(b.time * 1000) < today,
    );
    const closes = bars.map((b) => b.close);
    const key = `${underlying}:${today}`;
    let vix = this.vixCache.get(key);
    if (vix === undefined) {
      vix = vixFromIndexPath(closes, VIX_KEY[underlying]).at(-1) ?? 14;
      this.vixCache.set(key, vix);
    }
    return { vix, close: closes.at(-1) ?? 0 };
  }

  /** Spot, VIX and rates of one underlying now. */
  async inputs(underlying: Underlying): Promise<MarketInputs> {
    const nowMs = this.nowMs();
    const today = istDay(nowMs);
    const quote = await this.market.quote(contractOn(underlying, today).indexSymbol);
    const prev = await this.previousCloseVix(underlying, today);
    const ret = prev.close > 0 ? quote.price / prev.close - 1 : 0;
    return {
      spot: quote.price,
      vix: Math.round(intradayVix(prev.vix, ret) * 100) / 100,
      nowMs,
      ...ratesOn(today),
    };
  }

  /** Spot, VIX and rates of one underlying at a past moment (a finished day's close); undefined without a price. */
  async inputsAt(underlying: Underlying, ms: number): Promise<MarketInputs | undefined> {
    const day = istDay(ms);
    const quote = await this.market.quoteAt(contractOn(underlying, day).indexSymbol, ms);
    if (!quote) return undefined;
    const prev = await this.previousCloseVix(underlying, day);
    const ret = prev.close > 0 ? quote.price / prev.close - 1 : 0;
    return {
      spot: quote.price,
      vix: Math.round(intradayVix(prev.vix, ret) * 100) / 100,
      nowMs: ms,
      ...ratesOn(day),
    };
  }

  async allInputs(): Promise<Record<Underlying, MarketInputs>> {
    const [NIFTY, BANKNIFTY] = await Promise.all([this.inputs('NIFTY'), this.inputs('BANKNIFTY')]);
    return { NIFTY, BANKNIFTY };
  }

  expiries(underlying: Underlying) {
    const today = this.today();
    const row = contractOn(underlying, today);
    return {
      underlying,
      lotSize: row.lotSize,
      strikeStep: row.strikeStep,
      expiries: listExpiries(underlying, today).map((e) => ({
        ...e,
        daysToExpiry: daysBetween(today, e.date),
      })),
      futures: futureExpiries(underlying, today).map((expiry) => ({
        tradingsymbol: futureSymbol(underlying, expiry),
        expiry,
        lotSize: row.lotSize,
      })),
    };
  }

  /** The chain of one expiry (the nearest when none is named); an unlisted expiry is a 400 naming the listed ones. */
  async chain(
    underlying: Underlying,
    expiry: string | undefined,
    strikesEachSide: number,
  ): Promise<OptionChain> {
    const listed = listExpiries(underlying, this.today());
    const chosen = expiry === undefined ? listed[0] : listed.find((e) => e.date === expiry);
    if (!chosen) {
      const message = `${underlying} has no expiry on ${expiry}; listed expiries: ${listed.map((e) => e.date).join(', ')}`;
      throw badRequest(message, { expiry: message });
    }
    const m = await this.inputs(underlying);
    return buildChain({
      underlying,
      spot: m.spot,
      vix: m.vix,
      nowMs: m.nowMs,
      expiry: chosen.date,
      expiryKind: chosen.kind,
      strikesEachSide,
    });
  }

  /** The price of one derivative at `inputs` (now, unless settling). */
  static priceWith(p: ParsedSymbol, m: MarketInputs): DerivativeQuote {
    if (p.kind === 'FUT') {
      const f = futurePrice(m.spot, m.nowMs, p.expiry, m.r, m.q);
      // Futures trade one tick either side of the fair value: a spread, like the options'.
      return { ltp: f, bid: Math.round((f - 0.05) * 20) / 20, ask: Math.round((f + 0.05) * 20) / 20 };
    }
    const { ltp, bid, ask } = priceOption({
      underlying: p.underlying,
      type: p.kind,
      strike: p.strike!,
      expiry: p.expiry,
      ...m,
    });
    return { ltp, bid, ask };
  }

  async quote(
    tradingsymbol: string,
  ): Promise<{ parsed: ParsedSymbol; quote: DerivativeQuote; inputs: MarketInputs }> {
    const parsed = parseTradingSymbol(tradingsymbol);
    if (!parsed) throw badRequest(`${tradingsymbol} is not a NIFTY or BANKNIFTY option or future`);
    const inputs = await this.inputs(parsed.underlying);
    return { parsed, quote: OptionsMarket.priceWith(parsed, inputs), inputs };
  }

  /** The index at 15:30 IST of an expiry day: the settlement price (the simulated index's close). */
  async settlementPrice(underlying: Underlying, expiry: string): Promise<number | undefined> {
    const q = await this.market.quoteAt(contractOn(underlying, expiry).indexSymbol, closeMs(expiry));
    return q?.price;
  }
}
