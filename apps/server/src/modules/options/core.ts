/**
 * The pricing library the Options Lab server uses, behind one import: h-opt-core's pure functions
 * in packages/shared (contracts, expiries, trading symbols, Black-76, VIX, chain, F&O charges),
 * plus the few server helpers below. `spanMargin` is a stand-in with h-opt-core's signature until
 * its span.ts lands; then it is re-exported from there too.
 */
import {
  dividendYieldOn,
  expiryCloseMs,
  futurePrice,
  parseTradingSymbol,
  priceOption,
  riskFreeRateOn,
  type ParsedTradingSymbol,
} from '@nivesh/shared';

export {
  buildChain,
  contractOn,
  daysBetween,
  exerciseStt,
  foCharges,
  futureExpiries,
  futurePrice,
  futureSymbol,
  intradayVix,
  intrinsicValue,
  listExpiries,
  optionSymbol,
  parseTradingSymbol,
  priceOption,
  vixFromIndexPath,
} from '@nivesh/shared';
export type ParsedSymbol = ParsedTradingSymbol;

const IST_MS = 5.5 * 3_600_000;
/** The IST calendar day of an instant. */
export const istDay = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
/** 15:30 IST of an expiry day, in epoch ms. */
export const closeMs = expiryCloseMs;
/** The dated rates in force on an IST day. */
export const ratesOn = (isoDay: string) => ({ r: riskFreeRateOn(isoDay), q: dividendYieldOn(isoDay) });

export interface MarketInputs {
  spot: number;
  vix: number;
  nowMs: number;
  r: number;
  q: number;
}

/**
 * Stand-in until h-opt-core's span.ts lands (same signature): one underlying's legs, margin in
 * paise as integer numbers. 16 scenarios (price 0, ±1/3, ±2/3, ±1 of a 3σ range, vol ±4), the
 * short-option minimum 3% of notional, exposure 2%, +2% on shorts expiring today.
 */
export function spanMargin(o: {
  legs: { tradingsymbol: string; quantity: number; price?: number }[];
  market: MarketInputs;
  todayIsoDay: string;
}): { span: number; exposure: number; premium: number; total: number; worstScenario: number } {
  const marketFor = (): MarketInputs => o.market;
  const legs = o.legs.map((l) => ({ ...l, p: parseTradingSymbol(l.tradingsymbol)! }));
  const value = (l: (typeof legs)[number], spot: number, vix: number, m: MarketInputs) =>
    l.p.kind === 'FUT'
      ? futurePrice(spot, m.nowMs, l.p.expiry, m.r, m.q)
      : priceOption({
          underlying: l.p.underlying,
          type: l.p.kind,
          strike: l.p.strike!,
          expiry: l.p.expiry,
          spot,
          vix,
          nowMs: m.nowMs,
          r: m.r,
          q: m.q,
        }).ltp;
  let worst = 0;
  let worstScenario = 1;
  const steps = [0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1, 0];
  let n = 0;
  for (const s of steps)
    for (const dv of [4, -4]) {
      n += 1;
      let loss = 0;
      for (const l of legs) {
        const m = marketFor();
        const range = m.spot * Math.max(0.06, (3 * m.vix) / 100 / Math.sqrt(365 / 2));
        const now = value(l, m.spot, m.vix, m);
        const then = value(l, m.spot + s * range, Math.max(1, m.vix + dv), m);
        loss -= (then - now) * l.quantity;
      }
      if (loss > worst) {
        worst = loss;
        worstScenario = n;
      }
    }
  let shortMin = 0;
  let exposure = 0;
  let premium = 0;
  for (const l of legs) {
    const m = marketFor();
    const notional = m.spot * Math.abs(l.quantity);
    if (l.p.kind === 'FUT') exposure += 0.02 * notional;
    else if (l.quantity < 0) {
      shortMin += 0.03 * notional;
      exposure += 0.02 * notional + (l.p.expiry === o.todayIsoDay ? 0.02 * notional : 0);
    } else premium += (l.price ?? value(l, m.spot, m.vix, m)) * l.quantity;
  }
  // A bought option can lose at most its premium, which is paid in cash: the scenario loss beyond
  // the long premium is what needs margin (the net option value credit, as in SPAN).
  const span = Math.round(Math.max(worst - premium, shortMin, 0) * 100);
  const exp = Math.round(exposure * 100);
  const prem = Math.round(premium * 100);
  return { span, exposure: exp, premium: prem, total: span + exp + prem, worstScenario };
}
