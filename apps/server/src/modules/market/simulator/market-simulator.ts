import {
  bandClassFor,
  circuitLimits,
  circuitLockRate,
  circuitRule,
  clampToBand,
  currentSession,
  dayNumberToDate,
  holdInsideCircuit,
  istDayNumber,
  isTradingDay,
  roundToTick,
  sessionBounds,
  priceBand,
  sessionMinutes,
  tickSize,
  type BandClass,
  type BandClassOverride,
  type Candle,
  type CircuitLimits,
  type CircuitLock,
  type CircuitRule,
  type Currency,
  type SessionMode,
} from '@nivesh/shared';
import { calibrate, type Calibration, type StockParams } from './calibration.js';
import {
  fastNormal,
  garchStep,
  MARKET_JUMP_RATE,
  MARKET_JUMP_SHARE,
  rareMove,
  STOCK_EVENT_RATE,
  STOCK_EVENT_SHARE,
  studentT,
  varianceLevel,
} from './daily-model.js';
import type { BundleInstrument, DailyBars, MarketBundle } from './market-bundle.js';
import {
  buildRhythm,
  fitPath,
  pinExtreme,
  transientPath,
  type DayPath,
  type SessionRhythm,
} from './intraday-path.js';
import { hash, keyOf, normal, uniform } from './prng.js';
import { US_MARKET_DAILY_VOL, US_STOCKS } from './us-stocks.js';

/**
 * The offline market. Every price is a pure function of (seed, symbol, time):
 *
 * - Daily bars: real rows from the bundle up to its anchor date; after it, one bar per trading day
 *   of the session mode, each drawn from counter-based hashes of (seed, day) and the state carried
 *   from the previous day (the daily path is rebuilt identically from the anchor on any instance).
 *   A day's return is market + sector + own move: the market factor and each stock's own moves
 *   have GARCH(1,1) variance (started from the state real history ends in) and Student-t shocks,
 *   plus rare market-wide jump days and stock event days, and a slow variance targeting keeps
 *   each one's realised variance over a few years near its calibrated level; the sector factors and the stocks' own
 *   variance also swell with the market's, so calm and stormy days are shared. Volume follows the
 *   day's volatility and an AR(1) of its own. In `nse` mode the open gaps from the previous close:
 *   a share of the day's move plus a market-wide overnight shock (scaled by beta) and a fat-tailed
 *   own surprise, which the session takes back (the close is drawn first and does not depend on
 *   the gap), so an index gaps as much as the real one; `always-open` has no overnight, and its
 *   calendar days carry 5/7 of a trading day's variance so weeks and months are as volatile as
 *   real ones.
 * - Minutes of a simulated day: the path is built first (a bridge from the open to the close in
 *   the session's volatility time, U-shaped, with an opening burst, plus transient moves that
 *   leave the open and close alone: see intraday-path.ts) and the day's high and low are read
 *   from it. An index's minutes are the weighted sum of its constituents' minutes.
 *   Real days (before the anchor) keep their real high and low: their minute path is bent to
 *   touch them. US stocks without real rows get a synthetic past walked back from a reference price.
 * - Seconds (live ticks): a bridge inside each minute that touches that minute's high and low, so
 *   the ticks sent live and the candle a chart later shows are the same numbers.
 */
export interface SimulatorOptions {
  bundle: MarketBundle;
  seed: string;
  session: SessionMode;
  /** Per-symbol circuit classes beyond the shared table's (the realism bench gives stocks every class). */
  bandClassOverrides?: readonly BandClassOverride[];
  /**
   * Real days whose whole market reached its extreme at a known minute (a market-wide circuit breaker
   * trip): every real path that day runs straight from its open to its low (`down`) or high by that
   * minute of the session, so replays halt where the real market did. Only replays pass it.
   */
  shocks?: ReadonlyMap<number, { minute: number; down: boolean }>;
  /** A calibration already fitted on this bundle's data (replays reuse the live one: it takes seconds). */
  calibration?: Calibration;
}

/** A stock's circuit at an instant: its class, the limits in force and whether it is locked at one. */
export interface SnapshotCircuit {
  bandClass: BandClass;
  lower: number;
  upper: number;
  lock: CircuitLock | null;
}

/** A day's circuit as the simulator kept it: the rule, the close it is measured from, widenings and lock. */
export interface DayCircuit {
  rule: CircuitRule;
  previousClose: number;
  widenings: Uint8Array;
  lock: { side: CircuitLock; from: number; to: number } | null;
}

/** A lock episode drawn for a day, as shares of the session: [from, to), `to` ≥ 1 running into the close. */
interface DrawnLock {
  side: CircuitLock;
  from: number;
  to: number;
}

/** Which side of a level a tick must be on: at or above, at or below, strictly above, strictly below. */
export type TickTest = 'gte' | 'lte' | 'gt' | 'lt';

export function passes(test: TickTest, pricePaise: number, levelPaise: number): boolean {
  switch (test) {
    case 'gte':
      return pricePaise >= levelPaise;
    case 'lte':
      return pricePaise <= levelPaise;
    case 'gt':
      return pricePaise > levelPaise;
    case 'lt':
      return pricePaise < levelPaise;
  }
}

/** A tick of the live path: its time (whole seconds, in ms) and price. */
export interface PathTick {
  ms: number;
  price: number;
}

export interface Snapshot {
  symbol: string;
  /** The trading day the snapshot belongs to. */
  day: number;
  open: boolean;
  price: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
  volume: number;
  previousClose: number;
  /** The 1-minute candle of the latest tick (partial while the minute runs). */
  candle: Candle;
  /** When the latest tick happened. */
  tickMs: number;
  /** Null for an index or a US stock (no circuit). */
  circuit: SnapshotCircuit | null;
}

interface Series extends DailyBars {
  /** Bars before this index are the past: real rows, or the synthetic past of stocks without history. */
  simFrom: number;
  /** Close on the anchor day, where the simulated continuation starts. */
  anchorClose: number;
  /** A synthetic past not built yet (it is built on first use; the continuation does not need it). */
  pendingPast: boolean;
  /** Conditional σ of each simulated day's return (NaN on real days): it scales that day's minutes. */
  sigma: number[];
}

/** Running state of the daily model, carried from one simulated day to the next. */
interface DailyState {
  /** The stock's own variance ratio (GARCH). */
  g: number;
  /** Running excess of its own realised variance over the long-run one (see varianceLevel). */
  excess: number;
  /** AR(1) part of the log volume. */
  volume: number;
}

/** Intraday correlation of a stock's minute moves with the market's; an index is nearly all market. */
const STOCK_INTRADAY_RHO = 0.55;
const INDEX_INTRADAY_RHO = 0.95;
/** Trading days per calendar week: an always-open calendar day carries this share of a trading day's variance. */
const TRADING_DAYS_PER_WEEK = 5;
/** How much the market's variance ratio lifts the stocks' own variance (0: not at all, 1: fully). */
const MARKET_VOL_SPILLOVER = 0.5;
/** Index high/low: this share of the way to the constituents' weighted highs/lows (they peak at different times). */
const INDEX_RANGE_DAMPING = 0.6;
const DAY_PATH_CACHE = 800;
const MARKET_MINUTES_CACHE = 64;
/** Minutes of an NSE session: the clock whose minute a simulated minute resembles. */
const NSE_MINUTES = sessionMinutes('nse');
/** The most minutes in a row a simulated stock stays at exactly its previous close. */
const ZERO_RUN_LIMIT = 8;
/** Days a year over which a class's lock episodes are spread: NSE sessions, or always-open calendar days. */
const LOCK_DAYS_PER_YEAR = { nse: 250, 'always-open': 365 } as const;
/**
 * A stock without a fixed band may close at most this many widenings from its previous close
 * (±20%): each needs a 15-minute cool-off at the edge, and real days beyond that are very rare.
 */
const MAX_DAY_WIDENINGS = 2;
/** A lock that does not hold into the close ends by this share of the session, leaving time to fade. */
const LOCK_FADE_BY = 0.9;

export class MarketSimulator {
  readonly session: SessionMode;
  readonly instruments: readonly BundleInstrument[];
  readonly calibration: Calibration;
  private readonly bySymbol = new Map<string, BundleInstrument>();
  private readonly series = new Map<string, Series>();
  private readonly keys = new Map<string, number>();
  private readonly sectorKeys = new Map<string, number>();
  private readonly sectorKeyByName = new Map<string, number>();
  /** Per sector: Σ weight × sector loading of its NIFTY 50 members (its exposure in the index). */
  private readonly sectorExposure = new Map<string, number>();
  private readonly sectorShocks = new Map<number, Map<string, number>>();
  private readonly calendar: number[];
  private readonly marketKey: number;
  private readonly usMarketKey: number;
  private readonly usParams = new Map(US_STOCKS.map((s) => [s.symbol, s]));
  private readonly indexMembers = new Map<string, { symbol: string; weight: number }[]>();
  private readonly indexVol = new Map<string, number>();
  private readonly dayPaths = new Map<string, DayPath>();
  private readonly anchorDay: number;
  private lastSimDay: number;
  /** Daily σ multiplier of the clock: 1 for the NSE session, √(5/7) for always-open calendar days. */
  private readonly clockScale: number;
  /** The session rhythm per minute of this clock's session (mean 1), and its cumulative variance time. */
  private readonly rhythm: SessionRhythm;
  private marketG: number;
  /** Running excess of the market factor's realised variance over its long-run one (see varianceLevel). */
  private marketExcess = 0;
  /** The market factor's σ as a multiple of the NIFTY 50's (see tiltToMarket). */
  private marketLoading = 1;
  private readonly dailyState = new Map<string, DailyState>();
  /** Lock episodes of simulated days, by `symbol|day` (drawn with the day's bar). */
  private readonly locks = new Map<string, DrawnLock>();
  private readonly marketMinuteCache = new Map<number, Float64Array>();

  constructor(private readonly o: SimulatorOptions) {
    this.session = o.session;
    this.instruments = o.bundle.instruments;
    this.anchorDay = o.bundle.anchorDay;
    this.lastSimDay = o.bundle.anchorDay;
    this.calibration = o.calibration ?? calibrate(o.bundle);
    this.clockScale = o.session === 'always-open' ? Math.sqrt(TRADING_DAYS_PER_WEEK / 7) : 1;
    this.rhythm = buildRhythm(o.bundle.profile, o.session);
    this.marketG = this.calibration.market.garchState;
    this.marketKey = keyOf(`${o.seed}|market:IN`);
    this.usMarketKey = keyOf(`${o.seed}|market:US`);
    for (const i of this.instruments) {
      this.bySymbol.set(i.symbol, i);
      this.keys.set(i.symbol, keyOf(`${o.seed}|${i.symbol}`));
      const sectorKey = keyOf(`${o.seed}|sector:${i.sector ?? 'Other'}`);
      this.sectorKeys.set(i.symbol, sectorKey);
      this.sectorKeyByName.set(i.sector ?? 'Other', sectorKey);
    }
    this.calendar = [...new Set([...o.bundle.daily.values()].flatMap((b) => b.days))]
      .filter((d) => d <= this.anchorDay)
      .sort((a, b) => a - b);
    for (const inst of this.instruments) {
      const real = o.bundle.daily.get(inst.symbol);
      if (real) {
        const n = real.days.length;
        this.series.set(inst.symbol, {
          days: [...real.days],
          open: [...real.open],
          high: [...real.high],
          low: [...real.low],
          close: [...real.close],
          volume: [...real.volume],
          simFrom: n,
          anchorClose: real.close[n - 1]!,
          pendingPast: false,
          sigma: new Array<number>(n).fill(NaN),
        });
      } else if (inst.type !== 'INDEX') {
        this.series.set(inst.symbol, {
          days: [],
          open: [],
          high: [],
          low: [],
          close: [],
          volume: [],
          simFrom: 0,
          anchorClose: this.referencePrice(inst.symbol),
          pendingPast: true,
          sigma: [],
        });
      }
      if (inst.type !== 'INDEX')
        this.dailyState.set(inst.symbol, {
          g: this.calibration.params.get(inst.symbol)?.garchState ?? 1,
          excess: 0,
          volume: 0,
        });
    }
    for (const index of this.instruments.filter((i) => i.type === 'INDEX')) {
      const members = this.instruments.filter((i) => i.indices.includes(index.symbol));
      const values = members.map((m) => this.calibration.params.get(m.symbol)?.tradedValue ?? 0);
      const fallback = values.filter((v) => v > 0).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 1;
      const total = values.reduce((s, v) => s + (v > 0 ? v : fallback), 0);
      this.indexMembers.set(
        index.symbol,
        members.map((m, i) => ({
          symbol: m.symbol,
          weight: (values[i]! > 0 ? values[i]! : fallback) / total,
        })),
      );
      const bars = this.series.get(index.symbol);
      const rets: number[] = [];
      if (bars)
        for (let i = Math.max(1, bars.days.length - 500); i < bars.days.length; i += 1)
          rets.push(Math.log(bars.close[i]! / bars.close[i - 1]!));
      const m = rets.reduce((s, x) => s + x, 0) / (rets.length || 1);
      if (index.symbol === 'NIFTY50') {
        this.marketLoading = this.tiltToMarket(this.indexMembers.get('NIFTY50')!);
        for (const { symbol, weight } of this.indexMembers.get('NIFTY50')!) {
          const sector = this.bySymbol.get(symbol)?.sector ?? 'Other';
          this.sectorExposure.set(
            sector,
            (this.sectorExposure.get(sector) ?? 0) +
              weight * (this.calibration.params.get(symbol)?.sectorLoading ?? 0),
          );
        }
      }
      this.indexVol.set(
        index.symbol,
        rets.length > 20
          ? Math.sqrt(rets.reduce((s, x) => s + (x - m) ** 2, 0) / (rets.length - 1))
          : this.calibration.marketVol,
      );
    }
  }

  /**
   * Real betas are measured against the real NIFTY 50, whose free-float weights make the index's
   * own beta 1 and whose variance includes its members' own moves. The simulated index is
   * weighted by traded value instead (free float is not in the data), so the weights are tilted
   * (w·e^{λ(β−1)}, λ by bisection) until Σw·β = 1 − R/σm², R being the variance the members' own
   * moves add to the index; the market factor's σ is then σm/√(Σw·β). Then the simulated index
   * has the real index's σ and each stock's beta against it is its real beta. Returns the
   * factor's σ multiplier.
   */
  private tiltToMarket(members: { symbol: string; weight: number }[]): number {
    const mv = this.calibration.marketVol;
    const p = (s: string) => this.calibration.params.get(s);
    const own = members.reduce((sum, m) => sum + m.weight ** 2 * (p(m.symbol)?.idioVol ?? 0) ** 2, 0);
    const target = Math.max(0.7, 1 - own / (mv * mv));
    const tilted = (lambda: number) => {
      const w = members.map((m) => m.weight * Math.exp(lambda * ((p(m.symbol)?.beta ?? 1) - 1)));
      const total = w.reduce((a, b) => a + b, 0);
      return w.map((v) => v / total);
    };
    const loading = (w: number[]) => members.reduce((sum, m, i) => sum + w[i]! * (p(m.symbol)?.beta ?? 1), 0);
    let lo = -4;
    let hi = 4;
    for (let i = 0; i < 50; i += 1) {
      const mid = (lo + hi) / 2;
      if (loading(tilted(mid)) < target) lo = mid;
      else hi = mid;
    }
    const w = tilted((lo + hi) / 2);
    members.forEach((m, i) => (m.weight = w[i]!));
    return 1 / Math.sqrt(loading(w));
  }

  /**
   * The sector factors of a simulated day. In real data the sector residuals are measured against
   * the index, so their weighted sum over the index is zero; drawing them independently would add
   * sector noise to the simulated NIFTY 50 (about +12% volatility) and bend every beta. So the
   * draws are projected to have (almost) no net exposure in the NIFTY 50, as in the data, and
   * rescaled so each sector keeps its calibrated variance.
   */
  private sectorShock(symbol: string, day: number): number {
    let shocks = this.sectorShocks.get(day);
    if (!shocks) {
      shocks = new Map<string, number>();
      let num = 0;
      let den = 0;
      for (const [name, key] of this.sectorKeyByName) {
        const z = normal(key, day, 1, 0);
        const a = this.sectorExposure.get(name) ?? 0;
        shocks.set(name, z);
        num += a * z;
        den += a * a;
      }
      if (den > 0) {
        for (const [name, z] of shocks) {
          const a = this.sectorExposure.get(name) ?? 0;
          // The projection shrinks a heavy sector's variance by a²/Σa²; scale it back to 1.
          shocks.set(name, (z - (a * num) / den) / Math.sqrt(Math.max(0.25, 1 - (a * a) / den)));
        }
      }
      this.sectorShocks.set(day, shocks);
    }
    return shocks.get(this.bySymbol.get(symbol)?.sector ?? 'Other') ?? 0;
  }

  /** The last day of real data: later days are simulated. */
  get lastRealDay(): number {
    return this.anchorDay;
  }

  instrument(symbol: string): BundleInstrument | undefined {
    return this.bySymbol.get(symbol);
  }

  params(symbol: string): StockParams | undefined {
    return this.calibration.params.get(symbol);
  }

  /** True when the instrument's past is simulated rather than real (US stocks, NIFTY 500 names without bundled history). */
  isSynthetic(symbol: string): boolean {
    return !this.o.bundle.daily.has(symbol);
  }

  /** Daily standard deviation of log returns the model uses for this instrument. */
  dailyVol(symbol: string): number {
    const inst = this.bySymbol.get(symbol);
    if (inst?.type === 'INDEX') return this.indexVol.get(symbol) ?? this.calibration.marketVol;
    const us = this.usParams.get(symbol);
    if (us) return us.dailyVol;
    return this.calibration.params.get(symbol)?.dailyVol ?? this.calibration.marketVol;
  }

  private currencyOf(symbol: string): Currency {
    return this.bySymbol.get(symbol)?.currency ?? 'INR';
  }

  private round(symbol: string, price: number): number {
    const inst = this.bySymbol.get(symbol);
    return roundToTick(price, inst?.currency ?? 'INR', inst?.type === 'INDEX');
  }

  private band(symbol: string, price: number, previousClose: number): number {
    const inst = this.bySymbol.get(symbol);
    return clampToBand(price, previousClose, inst?.currency ?? 'INR', inst?.type === 'INDEX');
  }

  /** The circuit rule of a stock on a day; null for an index or a US stock. */
  circuitRuleOf(symbol: string, day: number): CircuitRule | null {
    const inst = this.bySymbol.get(symbol);
    if (!inst || inst.type === 'INDEX' || inst.currency !== 'INR') return null;
    const date = dayNumberToDate(day);
    return circuitRule(bandClassFor(symbol, date, this.o.bandClassOverrides), date);
  }

  /** Rounds to tick and keeps the price inside `limits` (a day's circuit, widened `widenings` times). */
  private inside(price: number, limits: CircuitLimits): number {
    return Math.min(limits.upper, Math.max(limits.lower, roundToTick(price)));
  }

  /**
   * Whether a fixed-band stock locks at a circuit on a simulated day, and when: a seeded draw at its
   * class's rate (CIRCUIT_LOCK_RATES), on the side the day is moving, starting anywhere in the
   * session and lasting an exponential share of it (a lock past the close holds into the close).
   */
  private drawLock(symbol: string, day: number, rule: CircuitRule, up: boolean): DrawnLock | null {
    const rate = circuitLockRate(rule.bandClass);
    if (!rate) return null;
    const key = this.keys.get(symbol)!;
    if (uniform(key, day, 40, 0) >= rate.episodesPerYear / LOCK_DAYS_PER_YEAR[this.session]) return null;
    const from = uniform(key, day, 41, 0);
    const to = from - rate.meanShareOfSession * Math.log(1 - uniform(key, day, 42, 0));
    return { side: up ? 'UPPER' : 'LOWER', from, to };
  }

  // Daily bars ------------------------------------------------------------------------------------

  /** The daily log return of a stock on a day: market + sector + own noise (US: US market + own). */
  private dailyReturn(symbol: string, day: number, realFactors: boolean): number {
    const key = this.keys.get(symbol)!;
    const us = this.usParams.get(symbol);
    if (us) {
      const marketPart = us.beta * US_MARKET_DAILY_VOL;
      const idio = Math.sqrt(Math.max(us.dailyVol ** 2 - marketPart ** 2, 0.25 * us.dailyVol ** 2));
      return marketPart * normal(this.usMarketKey, day, 1, 0) + idio * normal(key, day, 1, 0);
    }
    const p = this.calibration.params.get(symbol)!;
    const sector = this.bySymbol.get(symbol)?.sector ?? 'Other';
    const m =
      (realFactors ? this.calibration.marketReturns.get(day) : undefined) ??
      this.calibration.marketVol * normal(this.marketKey, day, 1, 0);
    const f =
      (realFactors ? this.calibration.sectorFactors.get(sector)?.get(day) : undefined) ??
      this.sectorShock(symbol, day);
    return p.beta * m + p.sectorLoading * f + p.idioVol * normal(key, day, 1, 0);
  }
  /**
   * One simulated day's close-to-close log return of a stock and its conditional σ, advancing the
   * stock's GARCH and targeting state. `mUnit` is the day's unit-variance market shock and `gm` the
   * market's variance ratio going into the day (GARCH's times its targeting level).
   */
  private simulatedReturn(
    symbol: string,
    day: number,
    mUnit: number,
    gm: number,
  ): { r: number; sigma: number; market: number; marketSigma: number } {
    const key = this.keys.get(symbol)!;
    const k = this.clockScale;
    const us = this.usParams.get(symbol);
    if (us) {
      const marketPart = us.beta * US_MARKET_DAILY_VOL;
      const idio = Math.sqrt(Math.max(us.dailyVol ** 2 - marketPart ** 2, 0.25 * us.dailyVol ** 2));
      return {
        r: k * (marketPart * normal(this.usMarketKey, day, 1, 0) + idio * normal(key, day, 1, 0)),
        sigma: k * us.dailyVol,
        market: 0,
        marketSigma: 0,
      };
    }
    const p = this.calibration.params.get(symbol)!;
    const st = this.dailyState.get(symbol)!;
    const lift = gm ** MARKET_VOL_SPILLOVER;
    const level = varianceLevel(st.excess);
    const gi = st.g * lift * level;
    const raw =
      Math.sqrt(st.g * lift * (1 - STOCK_EVENT_SHARE)) * studentT(p.tailNu, key, day, 30, 0) +
      rareMove(STOCK_EVENT_RATE, STOCK_EVENT_SHARE, key, day, 31);
    const own = Math.sqrt(level) * raw;
    st.g = garchStep(p.garch, st.g, raw / Math.sqrt(lift));
    // Measured with the market's lift: calm and stormy market days still swell the stock's own
    // moves, but the stock's long-run own variance stays the calibrated one (the lift's mean is
    // below 1 when the market's variance is uneven, which would otherwise shrink it).
    st.excess += own * own - 1;
    const mv = this.calibration.marketVol * this.marketLoading;
    // The larger market factor takes its extra variance out of the stock's own, keeping its σ.
    const idio = Math.sqrt(
      Math.max(
        0.25 * p.idioVol ** 2,
        p.idioVol ** 2 - (p.beta * this.calibration.marketVol) ** 2 * (this.marketLoading ** 2 - 1),
      ),
    );
    const market = k * p.beta * mv * mUnit;
    const r = market + k * (p.sectorLoading * Math.sqrt(gm) * this.sectorShock(symbol, day) + idio * own);
    const sigma = k * Math.sqrt(((p.beta * mv) ** 2 + p.sectorLoading ** 2) * gm + idio ** 2 * gi);
    return { r, sigma, market, marketSigma: k * Math.abs(p.beta) * mv * Math.sqrt(gm) };
  }

  /**
   * A simulated day's open, close and volume. Its high and low are not drawn: they are read from
   * the day's minute path when first needed (NaN until then). `day` carries the day's return `r`
   * (its market part `market`, of σ `marketSigma`), its conditional σ and the day's unit overnight
   * market shock.
   */
  private simulatedBar(
    symbol: string,
    d: { day: number; r: number; sigma: number; market: number; marketSigma: number; overnight: number },
    prevClose: number,
  ) {
    const { day, r, sigma } = d;
    const key = this.keys.get(symbol)!;
    const p = this.calibration.params.get(symbol);
    const us = this.usParams.get(symbol);
    const rule = this.circuitRuleOf(symbol, day);
    // A fixed band caps the day; a stock without one may close as far as its widenings reach.
    const dayLimits = rule && circuitLimits(rule, prevClose, rule.widening ? MAX_DAY_WIDENINGS : 0);
    const openLimits = rule && circuitLimits(rule, prevClose, 0);
    let close = dayLimits
      ? this.inside(prevClose * Math.exp(r), dayLimits)
      : this.band(symbol, prevClose * Math.exp(r), prevClose);
    const lock = rule && this.drawLock(symbol, day, rule, close >= prevClose);
    if (lock) {
      // The day's close stays the one drawn, so locks add no variance to the calibrated daily
      // returns: a lock fades back to it before the close, unless the day already moves more than
      // half the band, when it holds into the close and the day ends at the circuit.
      const edge = lock.side === 'UPPER' ? dayLimits!.upper : dayLimits!.lower;
      if (lock.to >= 1 && Math.abs(close - prevClose) >= 0.5 * Math.abs(edge - prevClose)) close = edge;
      else lock.to = Math.min(lock.to, LOCK_FADE_BY);
      this.locks.set(`${symbol}|${day}`, lock);
    }
    const rr = Math.log(close / prevClose);
    let open = prevClose;
    if (this.session !== 'always-open') {
      const surprise = studentT(4.5, key, day, 32, 0);
      const gap = p
        ? this.openingGap(p, rr, sigma, d.market, d.marketSigma, d.overnight, surprise)
        : // No calibration (US stocks): the overnight share of the move plus an own surprise.
          0.3 * rr + Math.sqrt(0.3 * 0.7) * sigma * surprise;
      open = openLimits
        ? this.inside(prevClose * Math.exp(gap), openLimits)
        : this.band(symbol, prevClose * Math.exp(gap), prevClose);
    }
    const st = this.dailyState.get(symbol)!;
    const phi = p?.volumePersistence ?? 0.5;
    const spread = p?.volumeSpread ?? 0.35;
    st.volume = phi * st.volume + spread * Math.sqrt(1 - phi * phi) * normal(key, day, 5, 0);
    const base = this.dailyVol(symbol) * this.clockScale;
    const typical = us?.typicalVolume ?? p?.typicalVolume ?? 0;
    // Volume rises with the day's volatility (which persists) and its move, around the typical day.
    const volume = Math.round(
      typical *
        Math.exp(st.volume - 0.5 * spread * spread) *
        Math.min(4, sigma / base) ** 0.8 *
        (0.6 + (0.4 * Math.abs(rr)) / sigma),
    );
    return { open, high: NaN, low: NaN, close, volume };
  }

  /**
   * A stock's opening gap (log): the market part of the day's move shows at the open in the
   * proportion the real NIFTY 50's does, the rest of the move in the proportion that leaves the
   * stock its real slope of gap on return, plus a market-wide overnight shock scaled by its beta
   * (sized so the index's gaps get the real index's surprise), plus its own surprise topping its
   * gap variance up to its real share of the day's. The close does not depend on either shock, so
   * the session takes them back: an index's gaps are mostly market-wide and partly reversed, as
   * real ones are, while each stock's close-to-close return, and its gap's variance and slope,
   * stay what they were calibrated to.
   */
  private openingGap(
    p: StockParams,
    rr: number,
    sigma: number,
    market: number,
    marketSigma: number,
    overnight: number,
    surprise: number,
  ): number {
    const { share, surprise: indexSurprise } = this.calibration.marketGap;
    const vm = Math.min(marketSigma ** 2, 0.95 * sigma * sigma);
    const rest = sigma * sigma - vm;
    // The stock's own slope: what its real slope leaves after the market part's (never negative).
    const ownShare = Math.min(1, Math.max(0, (p.gapBeta * sigma * sigma - share * vm) / rest));
    // β times the market factor's σ (marketSigma), times marketLoading: Σ weight·β over the
    // NIFTY 50 is 1/marketLoading², so the index's shock is `indexSurprise` times its own σ.
    const shock = Math.sign(p.beta) * indexSurprise * this.marketLoading * marketSigma;
    const own = p.gapShare * sigma * sigma - share * share * vm - ownShare * ownShare * rest - shock * shock;
    return (
      share * market + ownShare * (rr - market) + shock * overnight + Math.sqrt(Math.max(0, own)) * surprise
    );
  }

  /** A bar of a synthetic past (US stocks), drawn from the previous close and the day's return. */
  private pastBar(symbol: string, day: number, prevClose: number, r: number) {
    const key = this.keys.get(symbol)!;
    const vol = this.dailyVol(symbol);
    const p = this.calibration.params.get(symbol);
    const us = this.usParams.get(symbol);
    const close = this.band(symbol, prevClose * Math.exp(r), prevClose);
    const rr = Math.log(close / prevClose);
    // Continuous 24-hour days have no overnight, so no opening gap.
    const gapShare = this.session === 'always-open' ? 0 : (p?.gapShare ?? 0.3);
    const gap = gapShare * rr + Math.sqrt(gapShare * (1 - gapShare)) * vol * normal(key, day, 2, 0);
    const open = this.band(symbol, prevClose * Math.exp(gap), prevClose);
    const intraday = Math.abs(Math.log(close / open));
    const range = Math.max(
      intraday,
      (p?.rangeFactor ?? 1.6) * vol * Math.exp(0.35 * normal(key, day, 3, 0) - 0.06),
    );
    const split = uniform(key, day, 4, 0);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(top, this.band(symbol, top * Math.exp((range - intraday) * split), prevClose));
    const low = Math.min(
      bottom,
      this.band(symbol, bottom * Math.exp(-(range - intraday) * (1 - split)), prevClose),
    );
    const typical = us?.typicalVolume ?? p?.typicalVolume ?? 0;
    const volume = Math.round(
      typical * Math.exp(0.35 * normal(key, day, 5, 0) - 0.06) * (0.6 + (0.4 * Math.abs(rr)) / vol),
    );
    return { open, high, low, close, volume };
  }

  private referencePrice(symbol: string): number {
    const us = this.usParams.get(symbol);
    if (us) return us.referencePrice;
    // A NIFTY 500 name with no price data: a seeded level between ₹80 and ₹4,000 (log-uniform),
    // trading its sector's median value per day.
    const price = this.round(symbol, 80 * Math.exp(uniform(this.keys.get(symbol)!, 0, 99, 0) * Math.log(50)));
    const p = this.calibration.params.get(symbol);
    if (p && !p.calibrated) p.typicalVolume = Math.round(p.tradedValue / price);
    return price;
  }

  /** The series with its past built (stocks without history get theirs on first use). */
  private seriesOf(symbol: string): Series | undefined {
    const s = this.series.get(symbol);
    if (s?.pendingPast) this.buildSyntheticPast(symbol, s);
    return s;
  }

  /**
   * Builds the pending synthetic pasts a few series at a time between other work, then the
   * indices' highs and lows of the simulated days one day per turn: every index quote (the shell
   * shows them) reads its year's, and a day of them costs its constituents' minute paths. A
   * stock's simulated highs and lows are not resolved here: they are read per (symbol, day) when a
   * reader asks for that day (see `highLows`).
   */
  warmUp(nowMs = Date.now()): Promise<void> {
    const today = currentSession(this.session, nowMs).day;
    this.ensureThrough(today);
    const pending = this.instruments.map((i) => i.symbol).reverse();
    const index = this.instruments.find((i) => i.type === 'INDEX')?.symbol;
    const s = index ? this.series.get(index) : undefined;
    let k = s ? s.days.length - 1 : -1;
    return new Promise((resolve) => {
      const step = () => {
        if (pending.length > 0) this.seriesOf(pending.pop()!);
        else {
          // Newest first: the year of a quote is what readers ask for.
          while (k >= 0 && (s!.days[k]! >= today || !Number.isNaN(s!.high[k]))) k -= 1;
          if (k >= 0) this.highLows(index!, k, k);
        }
        if (pending.length > 0 || k >= 0) setImmediate(step);
        else resolve();
      };
      setImmediate(step);
    });
  }

  /** Walks backwards from the reference close on the anchor day over the real trading calendar. */
  private buildSyntheticPast(symbol: string, s: Series) {
    const rows: { day: number; open: number; high: number; low: number; close: number; volume: number }[] =
      [];
    let close = s.anchorClose;
    for (let i = this.calendar.length - 1; i >= 0; i -= 1) {
      const day = this.calendar[i]!;
      const r = Math.max(-0.18, Math.min(0.18, this.dailyReturn(symbol, day, true)));
      const prev = this.round(symbol, close / Math.exp(r));
      const bar = this.pastBar(symbol, day, prev, Math.log(close / prev));
      rows.push({ day, ...bar, close });
      close = prev;
    }
    rows.reverse();
    s.days.unshift(...rows.map((r) => r.day));
    s.open.unshift(...rows.map((r) => r.open));
    s.high.unshift(...rows.map((r) => r.high));
    s.low.unshift(...rows.map((r) => r.low));
    s.close.unshift(...rows.map((r) => r.close));
    s.volume.unshift(...rows.map((r) => r.volume));
    s.sigma.unshift(...rows.map(() => NaN));
    s.simFrom = rows.length;
    s.pendingPast = false;
  }

  /** Extends every series with simulated bars through `day` (a pure function of the seed: the same bars on every instance). */
  ensureThrough(day: number) {
    while (this.lastSimDay < day) {
      let d = this.lastSimDay + 1;
      while (!isTradingDay(this.session, d)) d += 1;
      if (d > day) {
        this.lastSimDay = day;
        break;
      }
      const mp = this.calibration.market;
      const level = varianceLevel(this.marketExcess);
      const raw =
        Math.sqrt(this.marketG * (1 - MARKET_JUMP_SHARE)) * studentT(mp.tailNu, this.marketKey, d, 30, 0) +
        rareMove(MARKET_JUMP_RATE, MARKET_JUMP_SHARE, this.marketKey, d, 31);
      // The day's market variance ratio: GARCH's times the slow targeting level.
      const gm = this.marketG * level;
      const mUnit = Math.sqrt(level) * raw;
      this.marketG = garchStep(mp.garch, this.marketG, raw);
      this.marketExcess += mUnit * mUnit - 1;
      // The day's market-wide overnight news (unit variance), which every stock's open shares.
      const overnight = studentT(4.5, this.marketKey, d, 32, 0);
      for (const inst of this.instruments) {
        if (inst.type === 'INDEX') continue;
        const s = this.series.get(inst.symbol)!;
        const prev = s.close.length ? s.close[s.close.length - 1]! : s.anchorClose;
        const ret = this.simulatedReturn(inst.symbol, d, mUnit, gm);
        this.push(s, d, this.simulatedBar(inst.symbol, { day: d, ...ret, overnight }, prev), ret.sigma);
      }
      for (const inst of this.instruments) if (inst.type === 'INDEX') this.stepIndex(inst.symbol, d);
      this.lastSimDay = d;
    }
  }

  private push(
    s: Series,
    day: number,
    bar: { open: number; high: number; low: number; close: number; volume: number },
    sigma = NaN,
  ) {
    s.sigma.push(sigma);
    s.days.push(day);
    s.open.push(bar.open);
    s.high.push(bar.high);
    s.low.push(bar.low);
    s.close.push(bar.close);
    s.volume.push(bar.volume);
  }

  private stepIndex(symbol: string, day: number) {
    const s = this.series.get(symbol);
    if (!s || s.days.length === 0) return;
    const prev = s.close[s.close.length - 1]!;
    let o = 0;
    let c = 0;
    for (const { symbol: member, weight } of this.indexMembers.get(symbol) ?? []) {
      const m = this.series.get(member)!;
      const k = m.days.length - 1;
      if (m.days[k] !== day || k < 1) continue;
      const pc = m.close[k - 1]!;
      o += weight * (m.open[k]! / pc - 1);
      c += weight * (m.close[k]! / pc - 1);
    }
    // High and low come from the index's minute path, itself made of its constituents' paths.
    this.push(s, day, {
      open: roundToTick(prev * (1 + o), 'INR', true),
      high: NaN,
      low: NaN,
      close: roundToTick(prev * (1 + c), 'INR', true),
      volume: 0,
    });
  }

  /** Index of the bar of `day`, or of the last bar before it when `orBefore`; -1 when none. */
  barIndex(symbol: string, day: number, orBefore = false): number {
    // Days after the anchor are in the series whether or not its synthetic past is built yet.
    const s = day > this.anchorDay ? this.series.get(symbol) : this.seriesOf(symbol);
    if (!s) return -1;
    let lo = 0;
    let hi = s.days.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (s.days[mid]! <= day) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return -1;
    return s.days[found] === day || orBefore ? found : -1;
  }

  /**
   * The whole daily series. Highs and lows of simulated days are read from their minute paths;
   * `withHighLow: false` skips that (they may be NaN) for readers of closes and volumes only.
   */
  dailySeries(symbol: string, withHighLow = true): Readonly<DailyBars> | undefined {
    const s = this.seriesOf(symbol);
    if (withHighLow && s) this.highLows(symbol, 0, s.days.length - 1);
    return s;
  }

  /**
   * The series with the highs and lows of bars `fromK`..`toK` resolved: a simulated day's high and
   * low are what its minute path reaches, built on first ask and kept in the series (an index's
   * from its constituents' paths, which resolves theirs too).
   */
  highLows(symbol: string, fromK: number, toK: number): Readonly<DailyBars> | undefined {
    const s = this.seriesOf(symbol);
    if (!s) return undefined;
    const isIndex = this.bySymbol.get(symbol)?.type === 'INDEX';
    for (let k = Math.max(0, fromK); k <= Math.min(toK, s.days.length - 1); k += 1) {
      if (!Number.isNaN(s.high[k])) continue;
      const day = s.days[k]!;
      if (!isIndex) {
        this.dayPath(symbol, day, false);
        continue;
      }
      // Indices share constituents: resolve every index's day at once, each constituent's path
      // built once for all of them.
      this.memberPaths = { day, paths: new Map() };
      try {
        for (const inst of this.instruments) {
          if (inst.type !== 'INDEX') continue;
          const is = this.series.get(inst.symbol);
          const ik = this.barIndex(inst.symbol, day);
          if (is && ik >= 0 && Number.isNaN(is.high[ik])) this.dayPath(inst.symbol, day, false);
        }
      } finally {
        this.memberPaths = undefined;
      }
    }
    return s;
  }

  /** Constituents' paths of one day while the indices' highs and lows of that day are resolved. */
  private memberPaths: { day: number; paths: Map<string, DayPath> } | undefined;

  // Intraday --------------------------------------------------------------------------------------

  /** The market's unit-variance minute shocks of a day (stream 10: moves, 16: swings), shared by every stock (cached). */
  private marketMinutes(day: number, usd: boolean, stream = 10): Float64Array {
    const cacheKey = (day * 2 + (usd ? 1 : 0)) * 32 + stream;
    let z = this.marketMinuteCache.get(cacheKey);
    if (!z) {
      const n = sessionMinutes(this.session);
      const mk = usd ? this.usMarketKey : this.marketKey;
      z = new Float64Array(n);
      for (let m = 0; m < n; m += 1) z[m] = fastNormal(mk, day, m + 1, stream);
      this.marketMinuteCache.set(cacheKey, z);
      if (this.marketMinuteCache.size > MARKET_MINUTES_CACHE)
        this.marketMinuteCache.delete(this.marketMinuteCache.keys().next().value!);
    }
    return z;
  }

  /**
   * The day's minute path (a pure function of seed, symbol and day). Cached when `keep` (the paths
   * live ticks and charts ask for again); reading highs and lows of many past days passes false,
   * and then a simulated stock's minute volumes are left at 0 (the path is not kept or shown).
   */
  dayPath(symbol: string, day: number, keep = true): DayPath | undefined {
    const cacheKey = `${symbol}|${day}`;
    const hit = this.dayPaths.get(cacheKey);
    if (hit) {
      if (keep) {
        this.dayPaths.delete(cacheKey);
        this.dayPaths.set(cacheKey, hit);
      }
      return hit;
    }
    const k = this.barIndex(symbol, day);
    if (k < 0) return undefined;
    const s = this.series.get(symbol)!;
    let path: DayPath;
    if (day <= this.anchorDay) path = this.realDayPath(symbol, day, s, k);
    else {
      path =
        this.bySymbol.get(symbol)?.type === 'INDEX' && k > 0
          ? this.indexDayPath(symbol, day, s, k, keep)
          : this.simulatedDayPath(symbol, day, s, k, keep);
      if (Number.isNaN(s.high[k])) {
        let high = s.open[k]!;
        let low = s.open[k]!;
        for (let m = 0; m < path.n; m += 1) {
          if (path.high[m]! > high) high = path.high[m]!;
          if (path.low[m]! < low) low = path.low[m]!;
        }
        s.high[k] = high;
        s.low[k] = low;
      }
    }
    if (keep) {
      this.dayPaths.set(cacheKey, path);
      if (this.dayPaths.size > DAY_PATH_CACHE) this.dayPaths.delete(this.dayPaths.keys().next().value!);
    }
    return path;
  }

  /** Splits a day's volume over its minutes along the session's volume rhythm, with noise. */
  private minuteVolumes(key: number, day: number, total: number): Float64Array {
    const n = sessionMinutes(this.session);
    const weights = new Float64Array(n);
    let sum = 0;
    for (let m = 0; m < n; m += 1) {
      weights[m] = this.rhythm.volume[m]! * Math.exp(0.5 * fastNormal(key, day, m + 1, 13) - 0.125);
      sum += weights[m]!;
    }
    const volume = new Float64Array(n);
    let cum = 0;
    let prev = 0;
    for (let m = 0; m < n; m += 1) {
      cum += weights[m]!;
      const upTo = m === n - 1 ? total : Math.floor((total * cum) / sum);
      volume[m] = upTo - prev;
      prev = upTo;
    }
    return volume;
  }

  /**
   * A simulated day: the minute path is built first, a bridge from the open to the close in the
   * session's volatility time (U-shaped, its σ the day's conditional σ), partly shared with the
   * market's minute moves; the minutes' highs and lows extend each minute by a draw of its size,
   * and the day's high and low are what the path reaches.
   */
  private simulatedDayPath(symbol: string, day: number, s: Series, k: number, withVolume: boolean): DayPath {
    const n = sessionMinutes(this.session);
    const key = this.keys.get(symbol)!;
    const O = s.open[k]!;
    const C = s.close[k]!;
    const prevClose = k > 0 ? s.close[k - 1]! : O;
    const sigma = Number.isNaN(s.sigma[k]!) ? this.dailyVol(symbol) * this.clockScale : s.sigma[k]!;
    const gapShare =
      this.session === 'always-open' ? 0 : (this.calibration.params.get(symbol)?.gapShare ?? 0.3);
    const scale = sigma * Math.sqrt(1 - gapShare);
    const { volatility, tau } = this.rhythm;
    const usd = this.currencyOf(symbol) === 'USD';
    const mm = this.marketMinutes(day, usd);
    const rho = STOCK_INTRADAY_RHO;
    const own = Math.sqrt(1 - rho * rho);
    const xs = new Float64Array(n + 1);
    for (let m = 1; m <= n; m += 1)
      xs[m] =
        xs[m - 1]! +
        Math.sqrt(volatility[m - 1]! / n) * (rho * mm[m - 1]! + own * fastNormal(key, day, m, 10));
    // The efficient variance of an average minute of this clock's bridge, and of an NSE session
    // minute carrying the same share of a trading day (always-open has no overnight: all of it).
    const tradingMinuteVariance = ((sigma / this.clockScale) ** 2 * (1 - gapShare)) / NSE_MINUTES;
    const bridgeMinuteVariance = (scale * scale) / n;
    const u = transientPath(
      this.rhythm,
      tradingMinuteVariance,
      bridgeMinuteVariance,
      key,
      day,
      tradingMinuteVariance > bridgeMinuteVariance ? this.marketMinutes(day, usd, 16) : undefined,
      rho,
      this.session === 'always-open' ? undefined : this.marketMinutes(day, usd, 15),
    );
    const minuteVariance = Math.max(tradingMinuteVariance, bridgeMinuteVariance);
    const drift = Math.log(C / O);
    const p = new Float64Array(n + 1);
    p[0] = O;
    p[n] = C;
    // A lock day is three pieces: a bridge from the open to the circuit, the lock, a bridge from
    // the circuit to the close (each the same Brownian path, pinned at its ends).
    const window = this.lockWindow(symbol, day, prevClose, n);
    const bridge = (m: number, a: number, b: number, A: number, B: number) => {
      const f = (tau[m]! - tau[a]!) / (tau[b]! - tau[a]!);
      return A * Math.exp(f * Math.log(B / A) + scale * (xs[m]! - xs[a]! - f * (xs[b]! - xs[a]!)) + u[m]!);
    };
    // The band of the day, computed once: this loop runs for every minute of every stock.
    const currency = this.currencyOf(symbol);
    const { lower, upper } = priceBand(prevClose, currency, false);
    const snap = (v: number) => Math.min(upper, Math.max(lower, roundToTick(v, currency, false)));
    let unchanged = 0;
    for (let m = 1; m < n; m += 1) {
      const v = !window
        ? O * Math.exp(tau[m]! * drift + scale * (xs[m]! - tau[m]! * xs[n]!) + u[m]!)
        : m < window.from
          ? bridge(m, 0, window.from, O, window.edge)
          : m < window.to
            ? window.edge
            : bridge(m, window.to, n, window.edge, C);
      p[m] = snap(v);
      unchanged = p[m] === prevClose ? unchanged + 1 : 0;
      // A cheap stock's minute move can be under a tick; a quote does not sit at exactly 0.00% for
      // long, so after ZERO_RUN_LIMIT such minutes the price leans a tick towards where it is heading.
      if (unchanged > ZERO_RUN_LIMIT) {
        const tick = tickSize(prevClose, currency, false);
        p[m] = snap(prevClose + (v >= prevClose ? tick : -tick));
        unchanged = 0;
      }
    }
    const circuit = this.keepCircuit(symbol, day, p, prevClose);
    // The limits in force during each minute: one set per widening (a fixed band has only the first).
    const rule = circuit && this.circuitRuleOf(symbol, day)!;
    const limits = rule ? [0, 1, 2, 3, 4].map((w) => circuitLimits(rule, prevClose, w)) : [];
    const lock = circuit?.lock;
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    for (let m = 0; m < n; m += 1) {
      const top = Math.max(p[m]!, p[m + 1]!);
      const bottom = Math.min(p[m]!, p[m + 1]!);
      // A minute's own high and low reach as far as an NSE minute's efficient move, whatever the clock.
      const step = Math.sqrt(minuteVariance * volatility[m]!);
      const up = top * (1 + 0.5 * step * Math.abs(fastNormal(key, day, m + 1, 11)));
      const down = bottom * (1 - 0.5 * step * Math.abs(fastNormal(key, day, m + 1, 12)));
      const within = circuit && limits[Math.min(circuit.widenings[m + 1]!, limits.length - 1)]!;
      if (lock && m >= lock.from && m < lock.to && top === bottom) {
        // A locked minute: every trade is at the circuit.
        high[m] = top;
        low[m] = top;
      } else if (within) {
        high[m] = Math.max(top, this.inside(up, within));
        low[m] = Math.min(bottom, this.inside(down, within));
      } else {
        high[m] = Math.max(top, snap(up));
        low[m] = Math.min(bottom, snap(down));
      }
    }
    // A path read only for its prices (highs and lows of past days, an index's constituents) skips the volume split.
    const volume = withVolume ? this.minuteVolumes(key, day, s.volume[k]!) : new Float64Array(n);
    return {
      n,
      openSeconds: sessionBounds(this.session, day).openMs / 1000,
      p,
      high,
      low,
      volume,
      ...(circuit ? { circuit } : {}),
    };
  }

  /**
   * Applies a simulated stock day's circuit to its minute prices (`p[0]` the open and `p[n]` the
   * close stay): the lock episode drawn with the day's bar holds its minutes at the circuit, then
   * every price is kept inside the limits, a dynamic range widening after each cool-off at its edge.
   */
  private keepCircuit(symbol: string, day: number, p: Float64Array, prevClose: number): DayPath['circuit'] {
    const rule = this.circuitRuleOf(symbol, day);
    if (!rule) return undefined;
    const n = p.length - 1;
    const window = this.lockWindow(symbol, day, prevClose, n);
    let lock: DayCircuit['lock'] = null;
    if (window) {
      for (let m = window.from; m < window.to; m += 1) p[m] = window.edge;
      lock = { side: window.side, from: window.from, to: window.to };
    }
    return { widenings: holdInsideCircuit(p, prevClose, rule), lock };
  }

  /** A day's lock episode in minute boundaries [from, to) of an n-minute session, with its circuit price. */
  private lockWindow(symbol: string, day: number, prevClose: number, n: number) {
    const drawn = this.locks.get(`${symbol}|${day}`);
    const rule = drawn && this.circuitRuleOf(symbol, day);
    if (!drawn || !rule) return undefined;
    const { lower, upper } = circuitLimits(rule, prevClose);
    const from = Math.max(1, Math.min(n - 1, Math.floor(drawn.from * n)));
    const to = drawn.to >= 1 ? n : Math.max(from + 1, Math.min(n, Math.ceil(drawn.to * n)));
    return { side: drawn.side, edge: drawn.side === 'UPPER' ? upper : lower, from, to };
  }

  /** The simulated days through `day` on which a stock locks at a circuit (drawn with each day's bar). */
  lockedDays(day: number): { symbol: string; day: number }[] {
    this.ensureThrough(day);
    return [...this.locks.keys()]
      .map((k) => {
        const cut = k.lastIndexOf('|');
        return { symbol: k.slice(0, cut), day: Number(k.slice(cut + 1)) };
      })
      .filter((l) => l.day <= day);
  }

  /** A simulated stock day's circuit (its rule, widenings and lock); undefined for a real day or no circuit. */
  dayCircuit(symbol: string, day: number): DayCircuit | undefined {
    const k = this.barIndex(symbol, day);
    const rule = this.circuitRuleOf(symbol, day);
    if (k < 1 || day <= this.anchorDay || !rule) return undefined;
    const path = this.dayPath(symbol, day, false);
    if (!path?.circuit) return undefined;
    return { rule, previousClose: this.series.get(symbol)!.close[k - 1]!, ...path.circuit };
  }

  /**
   * An index's simulated day: at every minute, the traded-value-weighted move of its constituents
   * from their previous closes, so index candles are made of the stocks' candles. A minute's
   * high/low goes a damped share of the constituents' weighted extensions (they peak apart).
   */
  private indexDayPath(symbol: string, day: number, s: Series, k: number, keep: boolean): DayPath {
    const n = sessionMinutes(this.session);
    const prev = s.close[k - 1]!;
    const level = new Float64Array(n + 1);
    const up = new Float64Array(n);
    const down = new Float64Array(n);
    for (const { symbol: member, weight } of this.indexMembers.get(symbol) ?? []) {
      const ms = this.series.get(member)!;
      const mk = this.barIndex(member, day);
      if (mk < 1) continue;
      const memo = this.memberPaths?.day === day ? this.memberPaths.paths : undefined;
      let path = memo?.get(member);
      if (!path) {
        path = this.dayPath(member, day, keep)!;
        memo?.set(member, path);
      }
      const w = weight / ms.close[mk - 1]!;
      for (let m = 0; m <= n; m += 1) level[m] = level[m]! + w * path.p[m]! - weight;
      for (let m = 0; m < n; m += 1) {
        up[m] = up[m]! + w * (path.high[m]! - Math.max(path.p[m]!, path.p[m + 1]!));
        down[m] = down[m]! + w * (Math.min(path.p[m]!, path.p[m + 1]!) - path.low[m]!);
      }
    }
    const round = (v: number) => roundToTick(v, 'INR', true);
    const p = new Float64Array(n + 1);
    for (let m = 1; m < n; m += 1) p[m] = round(prev * (1 + level[m]!));
    p[0] = s.open[k]!;
    p[n] = s.close[k]!;
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    for (let m = 0; m < n; m += 1) {
      high[m] = round(Math.max(p[m]!, p[m + 1]!) + INDEX_RANGE_DAMPING * prev * up[m]!);
      low[m] = round(Math.min(p[m]!, p[m + 1]!) - INDEX_RANGE_DAMPING * prev * down[m]!);
    }
    return {
      n,
      openSeconds: sessionBounds(this.session, day).openMs / 1000,
      p,
      high,
      low,
      volume: new Float64Array(n),
    };
  }

  /**
   * A real day (up to the anchor): its high and low are facts, so the minute path, a bridge from
   * the open to the close, is bent to touch them.
   */
  private realDayPath(symbol: string, day: number, s: Series, k: number): DayPath {
    const [O, H, L, C, V] = [s.open[k]!, s.high[k]!, s.low[k]!, s.close[k]!, s.volume[k]!];
    const n = sessionMinutes(this.session);
    const key = this.keys.get(symbol)!;
    const isIndex = this.bySymbol.get(symbol)?.type === 'INDEX';
    const rho = isIndex ? INDEX_INTRADAY_RHO : STOCK_INTRADAY_RHO;
    const mk = this.currencyOf(symbol) === 'USD' ? this.usMarketKey : this.marketKey;
    const vol = this.dailyVol(symbol);
    const { volatility } = this.rhythm;
    const xs = new Float64Array(n + 1);
    for (let m = 1; m <= n; m += 1) {
      const z = rho * normal(mk, day, m, 10) + Math.sqrt(1 - rho * rho) * normal(key, day, m, 10);
      xs[m] = xs[m - 1]! + Math.sqrt(volatility[m - 1]!) * z;
    }
    const y = new Float64Array(n + 1);
    const drift = Math.log(C / O);
    const scale = vol / Math.sqrt(n);
    for (let m = 0; m <= n; m += 1)
      y[m] = O * Math.exp((m / n) * drift + scale * (xs[m]! - (m / n) * xs[n]!));
    const round = (v: number) => this.round(symbol, v);
    const shock = this.o.shocks?.get(day);
    if (shock && shock.minute > 0 && shock.minute < n) pinExtreme(y, shock.minute, shock.down);
    const p = fitPath(y, O, C, H, L, round, (which) => 1 + (hash(key, day, which, 14) % (n - 1)));
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    for (let m = 1; m <= n; m += 1) {
      const o = p[m - 1]!;
      const c = p[m]!;
      const step = c * vol * Math.sqrt(volatility[m - 1]! / n);
      high[m - 1] = Math.min(
        H,
        Math.max(Math.max(o, c), round(Math.max(o, c) + 0.5 * step * Math.abs(normal(key, day, m, 11)))),
      );
      low[m - 1] = Math.max(
        L,
        Math.min(Math.min(o, c), round(Math.min(o, c) - 0.5 * step * Math.abs(normal(key, day, m, 12)))),
      );
    }
    return {
      n,
      openSeconds: sessionBounds(this.session, day).openMs / 1000,
      p,
      high,
      low,
      volume: this.minuteVolumes(key, day, V),
    };
  }

  /** The 61 prices of minute `m` (1-based) second by second: [0] its open, [60] its close. */
  secondPath(symbol: string, day: number, m: number, path: DayPath): Float64Array {
    const key = this.keys.get(symbol)!;
    const o = path.p[m - 1]!;
    const c = path.p[m]!;
    const y = new Float64Array(61);
    let x = 0;
    const xs = new Float64Array(61);
    for (let s = 1; s <= 60; s += 1) {
      x += normal(key, day, m * 64 + s, 20);
      xs[s] = x;
    }
    const scale = (path.high[m - 1]! - path.low[m - 1]! || c * 1e-4) / 4;
    for (let s = 0; s <= 60; s += 1)
      y[s] = o + (s / 60) * (c - o) + (scale * (xs[s]! - (s / 60) * xs[60]!)) / Math.sqrt(60);
    return fitPath(
      y,
      o,
      c,
      path.high[m - 1]!,
      path.low[m - 1]!,
      (v) => this.round(symbol, v),
      (which) => 1 + (hash(key, day, m * 4 + which, 21) % 59),
    );
  }

  /** The state of an instrument at `nowMs`: the latest tick of the current (or last) session. */
  snapshot(symbol: string, nowMs: number): Snapshot | undefined {
    const session = currentSession(this.session, nowMs);
    this.ensureThrough(session.day);
    const s = session.day > this.anchorDay ? this.series.get(symbol) : this.seriesOf(symbol);
    if (!s) return undefined;
    let k = this.barIndex(symbol, session.day);
    let elapsed = session.elapsedSeconds;
    let day = session.day;
    if (k < 0) {
      // No bar that day (not listed yet, or a day missing from real data): the last close stands.
      k = this.barIndex(symbol, session.day, true);
      if (k < 0) return undefined;
      day = s.days[k]!;
      elapsed = sessionMinutes(this.session) * 60;
    }
    const path = this.dayPath(symbol, day)!;
    const previousClose = k > 0 ? s.close[k - 1]! : s.pendingPast ? s.anchorClose : s.open[k]!;
    const done = Math.min(path.n, Math.floor(elapsed / 60));
    let high = s.open[k]!;
    let low = s.open[k]!;
    let volume = 0;
    for (let m = 0; m < done; m += 1) {
      if (path.high[m]! > high) high = path.high[m]!;
      if (path.low[m]! < low) low = path.low[m]!;
      volume += path.volume[m]!;
    }
    let candle: Candle;
    let price: number;
    let tickMs: number;
    if (done >= path.n) {
      const m = path.n - 1;
      candle = {
        time: path.openSeconds + m * 60,
        open: path.p[m]!,
        high: path.high[m]!,
        low: path.low[m]!,
        close: path.p[m + 1]!,
        volume: path.volume[m]!,
      };
      price = path.p[path.n]!;
      tickMs = (path.openSeconds + path.n * 60) * 1000 - 1000;
    } else {
      const sec = elapsed % 60;
      const q = this.secondPath(symbol, day, done + 1, path);
      let h = q[0]!;
      let l = q[0]!;
      for (let i = 1; i <= sec + 1; i += 1) {
        if (q[i]! > h) h = q[i]!;
        if (q[i]! < l) l = q[i]!;
      }
      const partialVolume = Math.floor((path.volume[done]! * (sec + 1)) / 60);
      price = q[sec + 1]!;
      candle = {
        time: path.openSeconds + done * 60,
        open: q[0]!,
        high: h,
        low: l,
        close: price,
        volume: partialVolume,
      };
      high = Math.max(high, h);
      low = Math.min(low, l);
      volume += partialVolume;
      tickMs = (path.openSeconds + done * 60 + sec) * 1000;
    }
    return {
      symbol,
      day,
      open: session.open && day === session.day,
      price,
      circuit: this.circuitAt(symbol, day, previousClose, path, Math.min(done + 1, path.n), price),
      dayOpen: s.open[k]!,
      dayHigh: high,
      dayLow: low,
      volume,
      previousClose,
      candle,
      tickMs,
    };
  }

  /** The circuit in force during minute `m` (1-based) of a day, and whether `price` sits locked at it. */
  private circuitAt(
    symbol: string,
    day: number,
    previousClose: number,
    path: DayPath,
    m: number,
    price: number,
  ): SnapshotCircuit | null {
    const rule = this.circuitRuleOf(symbol, day);
    if (!rule) return null;
    const { lower, upper } = circuitLimits(rule, previousClose, path.circuit?.widenings[m] ?? 0);
    // Only a fixed band locks; at the edge of an operating range trading goes on until it widens.
    const lock = rule.widening ? null : price >= upper ? 'UPPER' : price <= lower ? 'LOWER' : null;
    return { bandClass: rule.bandClass, lower, upper, lock };
  }

  /** 1-minute candles of a day up to `nowMs` (all of them for a finished day). */
  minuteCandles(symbol: string, day: number, nowMs: number): Candle[] {
    const path = this.dayPath(symbol, day);
    if (!path) return [];
    const out: Candle[] = [];
    const elapsed = Math.floor(nowMs / 1000) - path.openSeconds;
    const done = Math.max(0, Math.min(path.n, Math.floor(elapsed / 60)));
    for (let m = 0; m < done; m += 1) {
      out.push({
        time: path.openSeconds + m * 60,
        open: path.p[m]!,
        high: path.high[m]!,
        low: path.low[m]!,
        close: path.p[m + 1]!,
        volume: path.volume[m]!,
      });
    }
    if (done < path.n && elapsed >= 0) {
      const snap = this.snapshot(symbol, nowMs);
      if (snap && snap.day === day) out.push(snap.candle);
    }
    return out;
  }

  /** Daily candles from `fromDay` through the current session, whose last bar is the day so far. */
  dailyCandles(symbol: string, fromDay: number, nowMs: number): Candle[] {
    const snap = this.snapshot(symbol, nowMs);
    const from = Math.max(0, this.barIndex(symbol, fromDay, true));
    const s = this.highLows(symbol, from, this.barIndex(symbol, snap?.day ?? -1, true));
    if (!snap || !s) return [];
    const out: Candle[] = [];
    for (let k = from; k < s.days.length; k += 1) {
      const day = s.days[k]!;
      if (day < fromDay) continue;
      if (day > snap.day) break;
      const time = sessionBounds(this.session, day).openMs / 1000;
      out.push(
        day === snap.day
          ? {
              time,
              open: snap.dayOpen,
              high: snap.dayHigh,
              low: snap.dayLow,
              close: snap.price,
              volume: snap.volume,
            }
          : {
              time,
              open: s.open[k]!,
              high: s.high[k]!,
              low: s.low[k]!,
              close: s.close[k]!,
              volume: s.volume[k]!,
            },
      );
    }
    return out;
  }

  /**
   * Daily bars of finished sessions only, oldest first: the last `count` bars up to the last
   * session that has closed at `nowMs`. It reads the daily series alone (no minute or second
   * path), so a pass over the whole universe stays cheap.
   */
  finishedDailyBars(
    symbol: string,
    nowMs: number,
    count: number,
    /** Only the last this many bars get their high and low resolved; older simulated ones may be NaN. */
    withHighLow = count,
  ): { day: number; open: number; high: number; low: number; close: number; volume: number }[] {
    const session = currentSession(this.session, nowMs);
    const lastDay = session.open ? session.day - 1 : session.day;
    this.ensureThrough(session.day);
    const k = this.barIndex(symbol, lastDay, true);
    const s = this.highLows(symbol, k - withHighLow + 1, k);
    if (!s) return [];
    const out = [];
    for (let i = Math.max(0, k - count + 1); i <= k; i += 1) {
      out.push({
        day: s.days[i]!,
        open: s.open[i]!,
        high: s.high[i]!,
        low: s.low[i]!,
        close: s.close[i]!,
        volume: s.volume[i]!,
      });
    }
    return out;
  }

  /** The last `count` trading days (with a bar) up to the current session, oldest first. */
  recentDays(symbol: string, count: number, nowMs: number): number[] {
    const snap = this.snapshot(symbol, nowMs);
    const s = this.seriesOf(symbol);
    if (!snap || !s) return [];
    const k = this.barIndex(symbol, snap.day, true);
    return s.days.slice(Math.max(0, k - count + 1), k + 1);
  }

  /**
   * The first tick after `fromMs` and at or before `toMs` whose price passes `test` against
   * `levelPaise`, or undefined. Ticks are whole seconds: the tick current at `fromMs` was already
   * seen by whoever checked then, so it is excluded. Whole minutes whose high/low cannot pass are
   * skipped, so a long interval costs little; only a minute that straddles the level is walked
   * second by second. This is what lets a check every second (or after a pause) see a price that
   * crossed a level and came back in between.
   */
  firstTickPast(
    symbol: string,
    fromMs: number,
    toMs: number,
    test: TickTest,
    levelPaise: number,
  ): PathTick | undefined {
    const startSec = Math.floor(fromMs / 1000) + 1;
    const endSec = Math.floor(toMs / 1000);
    if (endSec < startSec || !this.bySymbol.has(symbol)) return undefined;
    const upward = test === 'gte' || test === 'gt';
    const lastDay = istDayNumber(endSec * 1000);
    this.ensureThrough(lastDay);
    for (let day = istDayNumber(startSec * 1000); day <= lastDay; day += 1) {
      if (!isTradingDay(this.session, day)) continue;
      const { openMs, closeMs } = sessionBounds(this.session, day);
      const from = Math.max(startSec, openMs / 1000);
      const to = Math.min(endSec, closeMs / 1000 - 1);
      if (to < from) continue;
      const path = this.dayPath(symbol, day);
      if (!path) continue;
      const e0 = from - path.openSeconds;
      const e1 = to - path.openSeconds;
      const m0 = Math.floor(e0 / 60);
      const m1 = Math.min(path.n - 1, Math.floor(e1 / 60));
      for (let m = m0; m <= m1; m += 1) {
        if (!passes(test, Math.round((upward ? path.high[m]! : path.low[m]!) * 100), levelPaise)) continue;
        const q = this.secondPath(symbol, day, m + 1, path);
        const s1 = m === Math.floor(e1 / 60) ? e1 % 60 : 59;
        for (let sec = m === m0 ? e0 % 60 : 0; sec <= s1; sec += 1) {
          const price = q[sec + 1]!;
          if (passes(test, Math.round(price * 100), levelPaise))
            return { ms: (path.openSeconds + m * 60 + sec) * 1000, price };
        }
      }
    }
    return undefined;
  }
}
