import { z } from 'zod';
import { formatInr } from '../lib/money.js';
import type { Currency } from './market.schema.js';
import { NIFTY_100, NIFTY_100_AS_OF, NIFTY_100_SOURCE } from './nifty-100.js';
import { priceBand, roundToTick } from './tick-size.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Circuit limits of NSE/BSE stocks as dated data. A stock has a fixed band of 2, 5, 10 or 20% on
 * the previous close, or — a stock with derivatives — no fixed band but a dynamic operating range
 * of ±10% that is widened in 5% steps once the price has sat at its edge through a 15-minute
 * cool-off. Indices and US stocks have no circuit of this kind (their class is null).
 */
export const BAND_CLASSES = ['2%', '5%', '10%', '20%', 'DYNAMIC'] as const;
export const bandClassSchema = lazySchema(() => z.enum(BAND_CLASSES));
export type BandClass = z.infer<typeof bandClassSchema>;
export type FixedBandClass = Exclude<BandClass, 'DYNAMIC'>;

/** Which circuit a stock is locked at, if any: at the upper one only buyers are left, at the lower only sellers. */
export const circuitLockSchema = lazySchema(() => z.enum(['UPPER', 'LOWER']));
export type CircuitLock = z.infer<typeof circuitLockSchema>;

export interface CircuitRule {
  bandClass: BandClass;
  /** ISO date the rule applies from (events are judged by the rule in force on their date). */
  effectiveFrom: string;
  source: string;
  /** A fixed band, or DYNAMIC's first operating range: the limit on each side of the previous close, as a fraction. */
  range: number;
  /** DYNAMIC only: what each widening adds (both sides) and the minutes at the edge before it. */
  widening: { step: number; coolOffMinutes: number } | null;
}

const FIXED_SOURCE =
  'https://tradingqna.com/t/18973 — NSE/BSE price bands of 2%, 5%, 10% and 20% on the previous close (project notes, research 2.2)';
const DYNAMIC_SOURCE =
  'https://tradingqna.com/t/161616 — stocks with derivatives: no fixed band, a 10% operating range relaxed in 5% steps, with a 15-minute cool-off since 2020 (project notes, research 2.2; Business Standard 2019)';
/**
 * 2020-01-01 is the earliest date the project's notes vouch for (the cool-off dates from 2020; the
 * bands themselves are older). Every day the app prices, real (from 2021-01-22) or simulated, is later.
 */
const RULES_FROM = '2020-01-01';

const fixed = (bandClass: FixedBandClass, range: number): CircuitRule => ({
  bandClass,
  effectiveFrom: RULES_FROM,
  source: FIXED_SOURCE,
  range,
  widening: null,
});

export const CIRCUIT_RULES: readonly CircuitRule[] = [
  fixed('2%', 0.02),
  fixed('5%', 0.05),
  fixed('10%', 0.1),
  fixed('20%', 0.2),
  {
    bandClass: 'DYNAMIC',
    effectiveFrom: RULES_FROM,
    source: DYNAMIC_SOURCE,
    range: 0.1,
    widening: { step: 0.05, coolOffMinutes: 15 },
  },
];

/** The rule of a class in force on `dateIso` (the latest one that had started; the first one before any). */
export function circuitRule(bandClass: BandClass, dateIso: string): CircuitRule {
  const rules = CIRCUIT_RULES.filter((r) => r.bandClass === bandClass).sort((a, b) =>
    a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
  return rules.filter((r) => r.effectiveFrom <= dateIso).at(-1) ?? rules[0]!;
}

/** A stock's class from an exchange list (NSE's daily price-band file), dated. */
export interface BandClassOverride {
  symbol: string;
  bandClass: BandClass;
  effectiveFrom: string;
  source: string;
}

/**
 * Per-symbol classes from a bundled exchange list. None is bundled yet, so the table is empty and
 * every stock outside the derivatives proxy is 20%; a list dropped in here (newest entry per
 * symbol in force on a date wins) overrides both.
 */
export const BAND_CLASS_OVERRIDES: readonly BandClassOverride[] = [];

/**
 * Stocks with derivatives have no fixed band. No derivatives list is bundled, so the NIFTY 100
 * (NIFTY 50 + NIFTY Next 50) stands in for it: nearly all of them have stock futures. Applied to
 * every date, as the membership of earlier dates is not known.
 */
export const DERIVATIVES_PROXY = {
  asOf: NIFTY_100_AS_OF,
  source: `NIFTY 100 as a proxy for the F&O list: ${NIFTY_100_SOURCE}`,
  // Pure: a bundle that never asks for a band class (the web) drops the list.
  symbols: /* @__PURE__ */ new Set(NIFTY_100),
};

export const DEFAULT_BAND_CLASS: FixedBandClass = '20%';

/** The class of a stock on a date: a dated override, else DYNAMIC for the derivatives proxy, else 20%. */
export function bandClassFor(
  symbol: string,
  dateIso: string,
  overrides: readonly BandClassOverride[] = BAND_CLASS_OVERRIDES,
): BandClass {
  const own = overrides
    .filter((o) => o.symbol === symbol && o.effectiveFrom <= dateIso)
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .at(-1);
  if (own) return own.bandClass;
  return DERIVATIVES_PROXY.symbols.has(symbol) ? 'DYNAMIC' : DEFAULT_BAND_CLASS;
}

/** Only rupee-priced stocks have circuits; an index or a US stock has no class. */
export function instrumentBandClass(
  instrument: { symbol: string; type: 'EQUITY' | 'INDEX'; currency: Currency },
  dateIso: string,
): BandClass | null {
  if (instrument.type === 'INDEX' || instrument.currency !== 'INR') return null;
  return bandClassFor(instrument.symbol, dateIso);
}

export interface CircuitLimits {
  lower: number;
  upper: number;
}

/** The limits on the tick grid (rounded inward) after `widenings` steps (DYNAMIC only; a fixed band ignores it). */
export function circuitLimits(rule: CircuitRule, previousClose: number, widenings = 0): CircuitLimits {
  const fraction = rule.range + (rule.widening ? rule.widening.step * widenings : 0);
  return priceBand(previousClose, 'INR', false, fraction);
}

/** Rounds a rupee price to tick and keeps it inside a quote's circuit (only rounded where there is none). */
export function clampToCircuit(
  price: number,
  quote: { lowerCircuit: number | null; upperCircuit: number | null },
): number {
  const rounded = roundToTick(price);
  if (quote.lowerCircuit === null || quote.upperCircuit === null) return rounded;
  return Math.min(quote.upperCircuit, Math.max(quote.lowerCircuit, rounded));
}

/** The fewest widenings whose range holds `price` (0 for a fixed band, which never widens). */
export function wideningsToHold(rule: CircuitRule, previousClose: number, price: number): number {
  if (!rule.widening) return 0;
  let w = 0;
  for (;;) {
    const { lower, upper } = circuitLimits(rule, previousClose, w);
    if ((price >= lower && price <= upper) || w >= 100) return w;
    w += 1;
  }
}

/**
 * Walks a day's prices at minute boundaries (`prices[0]` the open, `prices[n]` the close, both fixed
 * beforehand and inside the range they need) and holds every price inside the circuit in force: a
 * price past an edge stays at the edge. Under a dynamic rule the first minute at an edge starts
 * the cool-off, and when it is over the range widens by a step on both sides. If the close lies
 * beyond the first range, the edge on its side is reached early enough for the widenings it needs
 * (a forced touch at the latest minute that still leaves the cool-offs time). `snap` rounds a
 * price to the tick grid. Returns the widenings in force during each minute: entry m for the
 * minute ending at boundary m (widening takes effect at a minute's start; entry 0 is the open's).
 */
export function holdInsideCircuit(
  prices: { [index: number]: number; length: number },
  previousClose: number,
  rule: CircuitRule,
): Uint8Array {
  const n = prices.length - 1;
  const widenings = new Uint8Array(n + 1);
  const close = prices[n]!;
  const need = wideningsToHold(rule, previousClose, close);
  const coolOff = rule.widening?.coolOffMinutes ?? 0;
  let w = 0;
  let coolOffEnds = -1;
  let limits = circuitLimits(rule, previousClose, 0);
  for (let m = 1; m < n; m += 1) {
    if (coolOffEnds >= 0 && m >= coolOffEnds) {
      w += 1;
      coolOffEnds = -1;
      limits = circuitLimits(rule, previousClose, w);
    }
    widenings[m] = w;
    const left = need - w - (coolOffEnds >= 0 ? 1 : 0);
    if (rule.widening && left > 0 && coolOffEnds < 0 && m >= n - 1 - coolOff * left) {
      prices[m] = close > previousClose ? limits.upper : limits.lower;
      coolOffEnds = m + coolOff;
      continue;
    }
    const price = prices[m]!;
    if (price >= limits.upper || price <= limits.lower) {
      prices[m] = price >= limits.upper ? limits.upper : limits.lower;
      if (rule.widening && coolOffEnds < 0) coolOffEnds = m + coolOff;
    }
  }
  if (coolOffEnds >= 0 && n >= coolOffEnds) w += 1;
  widenings[n] = w;
  return widenings;
}

/** The one-line reason a locked side does not fill, for refusals and fill receipts. */
export function circuitLockReason(lock: CircuitLock, limit: number): string {
  return lock === 'UPPER'
    ? `Locked at upper circuit ${formatInr(limit)}: no sellers`
    : `Locked at lower circuit ${formatInr(limit)}: no buyers`;
}

/** The side that cannot trade while locked: at the upper circuit nobody sells, so buys wait (and the mirror). */
export function lockedSide(lock: CircuitLock | null | undefined): 'BUY' | 'SELL' | null {
  if (lock === 'UPPER') return 'BUY';
  if (lock === 'LOWER') return 'SELL';
  return null;
}

/** How a stock's limits are described: a fixed circuit, or the current operating range of a stock without one. */
export function circuitLabel(bandClass: BandClass): string {
  return bandClass === 'DYNAMIC' ? 'Operating range' : 'Circuit';
}

/**
 * How often a stock of a fixed class locks at a circuit, and for how long: a model assumption for
 * the simulator, not a measurement (no bundled data records circuit hits). Reasoning: exchanges
 * give the tight bands to small, thinly traded or surveilled stocks precisely because they move
 * in jumps, so a 2% or 5% stock sits at a circuit many times a year, while a 20% stock reaches its
 * band only on big news (results, takeovers, frauds), about once a year. A lock lasts about a
 * quarter of a session on average, and a share of them run into the close. Stocks without a fixed
 * band do not lock: their range widens instead.
 */
export interface CircuitLockRate {
  bandClass: FixedBandClass;
  /** Lock episodes per stock per year (about 250 NSE sessions, or 365 always-open days). */
  episodesPerYear: number;
  /** Mean length of an episode as a share of the session (exponentially distributed, cut at the close). */
  meanShareOfSession: number;
  effectiveFrom: string;
  source: string;
}

const LOCK_SOURCE =
  'Model assumption (docs/market-model.md, "Circuit limits"): tighter bands are given to stocks that jump, so they lock more often; not measured';

export const CIRCUIT_LOCK_RATES: readonly CircuitLockRate[] = /* @__PURE__ */ (
  [
    ['2%', 15, 0.3],
    ['5%', 8, 0.25],
    ['10%', 3, 0.25],
    ['20%', 1, 0.2],
  ] as const
).map(([bandClass, episodesPerYear, meanShareOfSession]) => ({
  bandClass,
  episodesPerYear,
  meanShareOfSession,
  effectiveFrom: RULES_FROM,
  source: LOCK_SOURCE,
}));

export function circuitLockRate(bandClass: BandClass): CircuitLockRate | null {
  return CIRCUIT_LOCK_RATES.find((r) => r.bandClass === bandClass) ?? null;
}

/** What a quote says about circuits. */
export interface QuoteCircuit {
  bandClass: BandClass | null;
  lowerCircuit: number | null;
  upperCircuit: number | null;
  circuitLock: CircuitLock | null;
}

export const NO_CIRCUIT: QuoteCircuit = {
  bandClass: null,
  lowerCircuit: null,
  upperCircuit: null,
  circuitLock: null,
};

/**
 * The circuit fields of a quote from a source that reports prices only (Yahoo, FMP): the class's
 * limits on the previous close, for DYNAMIC widened as far as the day's range shows it was; a
 * fixed-band stock at an edge is locked there.
 */
export function quoteCircuit(
  instrument: { symbol: string; type: 'EQUITY' | 'INDEX'; currency: Currency },
  day: { previousClose: number; price: number; dayHigh: number; dayLow: number },
  dateIso: string,
): QuoteCircuit {
  const bandClass = instrumentBandClass(instrument, dateIso);
  if (!bandClass || !(day.previousClose > 0)) return NO_CIRCUIT;
  const rule = circuitRule(bandClass, dateIso);
  const w = Math.max(
    wideningsToHold(rule, day.previousClose, day.dayHigh),
    wideningsToHold(rule, day.previousClose, day.dayLow),
  );
  const { lower, upper } = circuitLimits(rule, day.previousClose, w);
  const circuitLock =
    rule.widening === null ? (day.price >= upper ? 'UPPER' : day.price <= lower ? 'LOWER' : null) : null;
  return { bandClass, lowerCircuit: lower, upperCircuit: upper, circuitLock };
}
