import { dayNumberToDate, istDayNumber } from '../market/session-clock.js';
import { black76, black76Greeks } from './black76.js';
import { contractOn, dividendYieldOn, riskFreeRateOn } from './contracts.js';
import { daysBetween, yearFraction } from './expiries.js';
import type { ExpiryKind, OptionChain, OptionQuote, OptionType, Underlying } from './options.schema.js';
import { optionSymbol } from './trading-symbol.js';
import { hashUniform } from './vix.js';
import { surfaceVol } from './vol-surface.js';

/** NSE's tick for index options, in paise. */
export const OPTION_TICK_PAISE = 5;
/**
 * Tick for index futures, in paise. NSE's index futures have traded on ₹0.05; whether NIFTY's moved
 * to ₹0.10 for 2026 was not verified, so the model keeps 0.05 (an assumption).
 */
export const FUTURE_TICK_PAISE = 5;
/**
 * Half-spread as a fraction of the model mid, at least one tick: BASE far from expiry, up to
 * 1 + NEAR_EXPIRY_WIDEN times BASE on expiry day (makers widen as gamma explodes). Because the floor
 * is one tick, the spread as a share of the premium widens far from the money (cheap OTM options
 * quote 0.05–0.10 wide on a few rupees) and widens in rupees deep in the money. The half-spread is a
 * nondecreasing function of the mid with slope below one, so bid and ask stay monotone in strike.
 */
export const SPREAD_MODEL = { basePct: 0.004, nearExpiryWiden: 1, widenDays: 1 } as const;

export interface PriceOptionInput {
  underlying: Underlying;
  type: OptionType;
  strike: number;
  expiry: string;
  spot: number;
  /** Simulated India VIX (percent, e.g. 14.2). */
  vix: number;
  nowMs: number;
  r: number;
  q: number;
}

export interface PricedOption {
  ltp: number;
  bid: number;
  ask: number;
  /** Percent. */
  iv: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
}

const floorTick = (paise: number, tick: number) => Math.floor(paise / tick + 1e-9) * tick;
const ceilTick = (paise: number, tick: number) => Math.ceil(paise / tick - 1e-9) * tick;
const roundTick = (paise: number, tick: number) => Math.round(paise / tick) * tick;
const rupees = (paise: number) => Math.round(paise) / 100;
const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

/** The future's fair price under cost of carry, F = S·e^{(r−q)T}, unrounded. */
export function forwardPrice(spot: number, T: number, r: number, q: number): number {
  return spot * Math.exp((r - q) * T);
}

/** The index future's price on its tick (rupees). */
export function futurePrice(spot: number, nowMs: number, expiry: string, r: number, q: number): number {
  return rupees(roundTick(forwardPrice(spot, yearFraction(nowMs, expiry), r, q) * 100, FUTURE_TICK_PAISE));
}

/** Half-spread in paise for a mid (paise) with `daysLeft` calendar days to expiry. */
export function halfSpreadPaise(midPaise: number, daysLeft: number): number {
  const { basePct, nearExpiryWiden, widenDays } = SPREAD_MODEL;
  const pct = basePct * (1 + nearExpiryWiden * (widenDays / (widenDays + Math.max(0, daysLeft))));
  return Math.max(OPTION_TICK_PAISE, pct * midPaise);
}

/**
 * Model quotes on the 0.05 tick: ltp = the Black-76 mid rounded to the tick and never below 0.05;
 * ask = mid + half-spread rounded up (at least 0.10); bid = mid − half-spread rounded down, lifted to
 * 0.05 when the mid is at least a tick, and 0 only when the model mid is below one tick (no bid for
 * an option worth less than the smallest price).
 */
export function quoteFromMid(midRupees: number, daysLeft: number): { ltp: number; bid: number; ask: number } {
  const tick = OPTION_TICK_PAISE;
  const mid = Math.max(0, midRupees * 100);
  const half = halfSpreadPaise(mid, daysLeft);
  const ask = Math.max(ceilTick(mid + half, tick), 2 * tick);
  let bid = floorTick(mid - half, tick);
  if (bid < tick) bid = mid >= tick ? tick : 0;
  return { ltp: rupees(Math.max(tick, roundTick(mid, tick))), bid: rupees(bid), ask: rupees(ask) };
}

export function priceOption(input: PriceOptionInput): PricedOption {
  const { type, strike: K, expiry, spot, vix, nowMs, r, q } = input;
  const T = yearFraction(nowMs, expiry);
  const F = forwardPrice(spot, T, r, q);
  const sigma = surfaceVol({ atmVol: vix / 100, F, K, T });
  const mid = black76({ F, K, T, sigma, r, type });
  const greeks = black76Greeks({ F, K, T, sigma, r, type, S: spot });
  const daysLeft = daysBetween(dayNumberToDate(istDayNumber(nowMs)), expiry);
  return {
    ...quoteFromMid(mid, daysLeft),
    iv: round(sigma * 100, 2),
    delta: round(greeks.delta, 4),
    gamma: round(greeks.gamma, 6),
    theta: round(greeks.theta, 2),
    vega: round(greeks.vega, 2),
  };
}

/** What an option is worth at settlement, per unit. */
export function intrinsicValue(type: OptionType, strike: number, settlementPrice: number): number {
  return Math.max(0, type === 'CE' ? settlementPrice - strike : strike - settlementPrice);
}

/**
 * Simulated open interest in units (whole lots): a model figure, not NSE data. Peaked at the
 * money (Gaussian in strikes-from-ATM), with extra at round strikes (multiples of 10 and 5 steps),
 * more in puts below and calls above the money (where writers sell), smaller for far expiries, and
 * ±20% of deterministic hash noise per strike so the same chain always shows the same figures.
 */
export function simulatedOi(args: {
  type: OptionType;
  strike: number;
  atmStrike: number;
  strikeStep: number;
  lotSize: number;
  daysToExpiry: number;
  key: number;
}): number {
  const { type, strike, atmStrike, strikeStep, lotSize, daysToExpiry, key } = args;
  const steps = (strike - atmStrike) / strikeStep;
  const peak = Math.exp(-(steps * steps) / (2 * 8 * 8));
  const round10 = strike % (10 * strikeStep) === 0 ? 2 : strike % (5 * strikeStep) === 0 ? 1.4 : 1;
  const writerSide = (type === 'PE' && steps < 0) || (type === 'CE' && steps > 0) ? 1.6 : 0.7;
  const horizon = 1 / (1 + Math.max(0, daysToExpiry) / 10);
  const noise = 0.8 + 0.4 * hashUniform(key, strike * 2 + (type === 'CE' ? 1 : 0));
  const lots = Math.round(60_000 * peak * round10 * writerSide * horizon * noise);
  return lots * lotSize;
}

export interface BuildChainInput {
  underlying: Underlying;
  spot: number;
  vix: number;
  nowMs: number;
  expiry: string;
  expiryKind: ExpiryKind;
  strikesEachSide: number;
}

function quote(
  input: BuildChainInput,
  type: OptionType,
  strike: number,
  r: number,
  q: number,
  oi: number,
): OptionQuote {
  const { underlying, expiry, expiryKind } = input;
  return {
    tradingsymbol: optionSymbol({ underlying, expiry, expiryKind, strike, type }),
    ...priceOption({
      underlying,
      type,
      strike,
      expiry,
      spot: input.spot,
      vix: input.vix,
      nowMs: input.nowMs,
      r,
      q,
    }),
    oi,
  };
}

/** The chain of one expiry, `strikesEachSide` grid strikes either side of the strike nearest F. */
export function buildChain(input: BuildChainInput): OptionChain {
  const { underlying, spot, vix, nowMs, expiry, expiryKind, strikesEachSide } = input;
  const today = dayNumberToDate(istDayNumber(nowMs));
  const r = riskFreeRateOn(today);
  const q = dividendYieldOn(today);
  const row = contractOn(underlying, expiry);
  const F = forwardPrice(spot, yearFraction(nowMs, expiry), r, q);
  const atmStrike = Math.round(F / row.strikeStep) * row.strikeStep;
  const daysToExpiry = daysBetween(today, expiry);
  const key = Number(expiry.replaceAll('-', '')) ^ (underlying === 'NIFTY' ? 0x5eed : 0xba7c);
  const strikes = [];
  for (let i = -strikesEachSide; i <= strikesEachSide; i += 1) {
    const strike = atmStrike + i * row.strikeStep;
    if (strike <= 0) continue;
    const oiArgs = { strike, atmStrike, strikeStep: row.strikeStep, lotSize: row.lotSize, daysToExpiry, key };
    strikes.push({
      strike,
      call: quote(input, 'CE', strike, r, q, simulatedOi({ ...oiArgs, type: 'CE' })),
      put: quote(input, 'PE', strike, r, q, simulatedOi({ ...oiArgs, type: 'PE' })),
    });
  }
  return {
    underlying,
    spot: round(spot, 2),
    future: futurePrice(spot, nowMs, expiry, r, q),
    vix: round(vix, 2),
    lotSize: row.lotSize,
    expiry,
    expiryKind,
    atmStrike,
    asOf: new Date(nowMs).toISOString(),
    strikes,
  };
}
