import {
  bandClassFor,
  circuitRule,
  clampToBand,
  dayNumberToDate,
  roundToTick,
  type BandClassOverride,
  type CircuitLimits,
  type CircuitLock,
  type CircuitRule,
  type Currency,
  type SessionMode,
} from '@nivesh/shared';
import { calibrate, type Calibration } from './calibration.js';
import type { BundleInstrument, DailyBars, MarketBundle } from './market-bundle.js';
import { buildRhythm, type SessionRhythm } from './intraday-path.js';
import { keyOf, uniform } from './prng.js';
import { US_STOCKS } from './us-stocks.js';

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

/** A day's circuit as the simulator kept it: the rule, the close it is measured from, widenings and lock. */
export interface DayCircuit {
  rule: CircuitRule;
  previousClose: number;
  widenings: Uint8Array;
  lock: { side: CircuitLock; from: number; to: number } | null;
}

/** A lock episode drawn for a day, as shares of the session: [from, to), `to` ≥ 1 running into the close. */
export interface DrawnLock {
  side: CircuitLock;
  from: number;
  to: number;
}

export interface Series extends DailyBars {
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
export interface DailyState {
  /** The stock's own variance ratio (GARCH). */
  g: number;
  /** Running excess of its own realised variance over the long-run one (see varianceLevel). */
  excess: number;
  /** AR(1) part of the log volume. */
  volume: number;
}
/** Trading days per calendar week: an always-open calendar day carries this share of a trading day's variance. */
const TRADING_DAYS_PER_WEEK = 5;

/**
 * What the daily series, the day paths and the façade share: the bundle's instruments and their
 * keys, the calibration, the series being extended and the state carried from day to day.
 * Built once per simulator; every price is still a pure function of (seed, symbol, time).
 */
export class SimState {
  readonly session: SessionMode;
  readonly instruments: readonly BundleInstrument[];
  readonly calibration: Calibration;
  readonly bySymbol = new Map<string, BundleInstrument>();
  readonly series = new Map<string, Series>();
  readonly keys = new Map<string, number>();
  readonly sectorKeys = new Map<string, number>();
  readonly sectorKeyByName = new Map<string, number>();
  /** Per sector: Σ weight × sector loading of its NIFTY 50 members (its exposure in the index). */
  readonly sectorExposure = new Map<string, number>();
  readonly calendar: number[];
  readonly marketKey: number;
  readonly usMarketKey: number;
  readonly usParams = new Map(US_STOCKS.map((s) => [s.symbol, s]));
  readonly indexMembers = new Map<string, { symbol: string; weight: number }[]>();
  readonly indexVol = new Map<string, number>();
  readonly anchorDay: number;
  /** Daily σ multiplier of the clock: 1 for the NSE session, √(5/7) for always-open calendar days. */
  readonly clockScale: number;
  /** The session rhythm per minute of this clock's session (mean 1), and its cumulative variance time. */
  readonly rhythm: SessionRhythm;
  /** The market factor's σ as a multiple of the NIFTY 50's (see tiltToMarket). */
  marketLoading = 1;
  readonly dailyState = new Map<string, DailyState>();
  /** Lock episodes of simulated days, by `symbol|day` (drawn with the day's bar). */
  readonly locks = new Map<string, DrawnLock>();

  constructor(readonly o: SimulatorOptions) {
    this.session = o.session;
    this.instruments = o.bundle.instruments;
    this.anchorDay = o.bundle.anchorDay;
    this.calibration = o.calibration ?? calibrate(o.bundle);
    this.clockScale = o.session === 'always-open' ? Math.sqrt(TRADING_DAYS_PER_WEEK / 7) : 1;
    this.rhythm = buildRhythm(o.bundle.profile, o.session);
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
  tiltToMarket(members: { symbol: string; weight: number }[]): number {
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

  /** Daily standard deviation of log returns the model uses for this instrument. */
  dailyVol(symbol: string): number {
    const inst = this.bySymbol.get(symbol);
    if (inst?.type === 'INDEX') return this.indexVol.get(symbol) ?? this.calibration.marketVol;
    const us = this.usParams.get(symbol);
    if (us) return us.dailyVol;
    return this.calibration.params.get(symbol)?.dailyVol ?? this.calibration.marketVol;
  }

  currencyOf(symbol: string): Currency {
    return this.bySymbol.get(symbol)?.currency ?? 'INR';
  }

  round(symbol: string, price: number): number {
    const inst = this.bySymbol.get(symbol);
    return roundToTick(price, inst?.currency ?? 'INR', inst?.type === 'INDEX');
  }

  band(symbol: string, price: number, previousClose: number): number {
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
  inside(price: number, limits: CircuitLimits): number {
    return Math.min(limits.upper, Math.max(limits.lower, roundToTick(price)));
  }

  referencePrice(symbol: string): number {
    const us = this.usParams.get(symbol);
    if (us) return us.referencePrice;
    // A NIFTY 500 name with no price data: a seeded level between ₹80 and ₹4,000 (log-uniform),
    // trading its sector's median value per day.
    const price = this.round(symbol, 80 * Math.exp(uniform(this.keys.get(symbol)!, 0, 99, 0) * Math.log(50)));
    const p = this.calibration.params.get(symbol);
    if (p && !p.calibrated) p.typicalVolume = Math.round(p.tradedValue / price);
    return price;
  }
}
