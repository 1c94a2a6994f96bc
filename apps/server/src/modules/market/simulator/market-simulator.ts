import {
  clampToBand,
  currentSession,
  isTradingDay,
  roundToTick,
  sessionBounds,
  sessionMinutes,
  type Candle,
  type Currency,
  type SessionMode,
} from '@nivesh/shared';
import { calibrate, type Calibration, type StockParams } from './calibration.js';
import type { BundleInstrument, DailyBars, MarketBundle } from './market-bundle.js';
import { hash, keyOf, normal, uniform } from './prng.js';
import { US_MARKET_DAILY_VOL, US_STOCKS } from './us-stocks.js';

/**
 * The offline market. Every price is a pure function of (seed, symbol, time):
 *
 * - Daily bars: real rows from the bundle up to its anchor date; after it, one bar per trading day
 *   of the session mode, each drawn from counter-based hashes of (seed, day) and the previous
 *   close (the daily path is rebuilt identically from the anchor on any instance). Stocks without
 *   real rows get a synthetic past, walked backwards from a seeded reference price on the real
 *   trading calendar and driven by the real market and sector factors of those days.
 * - Indices after the anchor: each day's open, close and (damped) high/low are the
 *   traded-value-weighted average of their constituents' moves.
 * - Minutes: a bridge from the day's open to its close, bent to touch exactly the day's high and
 *   low, with the NSE's U-shaped volatility and volume through the session; stocks share an
 *   intraday market component so they move together within the day too.
 * - Seconds (live ticks): a bridge inside each minute that touches that minute's high and low, so
 *   the ticks sent live and the candle a chart later shows are the same numbers.
 */
export interface SimulatorOptions {
  bundle: MarketBundle;
  seed: string;
  session: SessionMode;
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
}

interface Series extends DailyBars {
  /** Bars before this index are the past: real rows, or the synthetic past of stocks without history. */
  simFrom: number;
  /** Close on the anchor day, where the simulated continuation starts. */
  anchorClose: number;
  /** A synthetic past not built yet (it is built on first use; the continuation does not need it). */
  pendingPast: boolean;
}

interface DayPath {
  n: number;
  openSeconds: number;
  p: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
}

/** Intraday correlation of a stock's minute moves with the market's; an index is nearly all market. */
const STOCK_INTRADAY_RHO = 0.55;
const INDEX_INTRADAY_RHO = 0.95;
/** Index high/low: this share of the way to the constituents' weighted highs/lows (they peak at different times). */
const INDEX_RANGE_DAMPING = 0.6;
const DAY_PATH_CACHE = 800;

function argExtreme(y: Float64Array, max: boolean): number {
  let best = 0;
  for (let i = 1; i < y.length; i += 1) if (max ? y[i]! > y[best]! : y[i]! < y[best]!) best = i;
  return best;
}

/**
 * Bends a raw path that runs from `open` to `close` so that its maximum is exactly `high` and its
 * minimum exactly `low` (monotone piecewise-linear map outside [min(open,close), max(open,close)]),
 * then rounds the interior to ticks inside [low, high]. When the raw path never leaves that
 * interval on one side, a seeded interior point takes the extreme.
 */
function fitPath(y: Float64Array, open: number, close: number, high: number, low: number, round: (v: number) => number, pick: (which: number) => number): Float64Array {
  const n = y.length - 1;
  const lo = Math.min(open, close);
  const hi = Math.max(open, close);
  const iMax = argExtreme(y, true);
  const iMin = argExtreme(y, false);
  const rawMax = y[iMax]!;
  const rawMin = y[iMin]!;
  const out = new Float64Array(n + 1);
  for (let i = 1; i < n; i += 1) {
    const v = y[i]!;
    let m = v;
    if (v > hi) m = rawMax > hi ? hi + ((v - hi) * (high - hi)) / (rawMax - hi) : hi;
    else if (v < lo) m = rawMin < lo ? lo - ((lo - v) * (lo - low)) / (lo - rawMin) : lo;
    out[i] = Math.min(high, Math.max(low, round(m)));
  }
  out[0] = open;
  out[n] = close;
  if (n >= 2) {
    let top = -1;
    if (high > hi) {
      top = rawMax > hi && iMax > 0 && iMax < n ? iMax : pick(1);
      out[top] = high;
    }
    if (low < lo) {
      let bottom = rawMin < lo && iMin > 0 && iMin < n ? iMin : pick(2);
      if (bottom === top) bottom = bottom + 1 < n ? bottom + 1 : bottom - 1;
      out[bottom] = low;
    }
  }
  return out;
}

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

  constructor(private readonly o: SimulatorOptions) {
    this.session = o.session;
    this.instruments = o.bundle.instruments;
    this.anchorDay = o.bundle.anchorDay;
    this.lastSimDay = o.bundle.anchorDay;
    this.calibration = calibrate(o.bundle);
    this.marketKey = keyOf(`${o.seed}|market:IN`);
    this.usMarketKey = keyOf(`${o.seed}|market:US`);
    for (const i of this.instruments) {
      this.bySymbol.set(i.symbol, i);
      this.keys.set(i.symbol, keyOf(`${o.seed}|${i.symbol}`));
      const sectorKey = keyOf(`${o.seed}|sector:${i.sector ?? 'Other'}`);
      this.sectorKeys.set(i.symbol, sectorKey);
      this.sectorKeyByName.set(i.sector ?? 'Other', sectorKey);
    }
    this.calendar = [...new Set([...o.bundle.daily.values()].flatMap((b) => b.days))].filter((d) => d <= this.anchorDay).sort((a, b) => a - b);
    for (const inst of this.instruments) {
      const real = o.bundle.daily.get(inst.symbol);
      if (real) {
        const n = real.days.length;
        this.series.set(inst.symbol, { days: [...real.days], open: [...real.open], high: [...real.high], low: [...real.low], close: [...real.close], volume: [...real.volume], simFrom: n, anchorClose: real.close[n - 1]!, pendingPast: false });
      } else if (inst.type !== 'INDEX') {
        this.series.set(inst.symbol, { days: [], open: [], high: [], low: [], close: [], volume: [], simFrom: 0, anchorClose: this.referencePrice(inst.symbol), pendingPast: true });
      }
    }
    for (const index of this.instruments.filter((i) => i.type === 'INDEX')) {
      const members = this.instruments.filter((i) => i.indices.includes(index.symbol));
      const values = members.map((m) => this.calibration.params.get(m.symbol)?.tradedValue ?? 0);
      const fallback = values.filter((v) => v > 0).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 1;
      const total = values.reduce((s, v) => s + (v > 0 ? v : fallback), 0);
      this.indexMembers.set(
        index.symbol,
        members.map((m, i) => ({ symbol: m.symbol, weight: (values[i]! > 0 ? values[i]! : fallback) / total })),
      );
      const bars = this.series.get(index.symbol);
      const rets: number[] = [];
      if (bars) for (let i = Math.max(1, bars.days.length - 500); i < bars.days.length; i += 1) rets.push(Math.log(bars.close[i]! / bars.close[i - 1]!));
      const m = rets.reduce((s, x) => s + x, 0) / (rets.length || 1);
      if (index.symbol === 'NIFTY50') {
        for (const { symbol, weight } of this.indexMembers.get('NIFTY50')!) {
          const sector = this.bySymbol.get(symbol)?.sector ?? 'Other';
          this.sectorExposure.set(sector, (this.sectorExposure.get(sector) ?? 0) + weight * (this.calibration.params.get(symbol)?.sectorLoading ?? 0));
        }
      }
      this.indexVol.set(index.symbol, rets.length > 20 ? Math.sqrt(rets.reduce((s, x) => s + (x - m) ** 2, 0) / (rets.length - 1)) : this.calibration.marketVol);
    }
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
    const m = (realFactors ? this.calibration.marketReturns.get(day) : undefined) ?? this.calibration.marketVol * normal(this.marketKey, day, 1, 0);
    const f = (realFactors ? this.calibration.sectorFactors.get(sector)?.get(day) : undefined) ?? this.sectorShock(symbol, day);
    return p.beta * m + p.sectorLoading * f + p.idioVol * normal(key, day, 1, 0);
  }

  /** A day's bar from the previous close and the day's close-to-close log return. */
  private makeBar(symbol: string, day: number, prevClose: number, r: number) {
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
    const range = Math.max(intraday, (p?.rangeFactor ?? 1.6) * vol * Math.exp(0.35 * normal(key, day, 3, 0) - 0.06));
    const split = uniform(key, day, 4, 0);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(top, this.band(symbol, top * Math.exp((range - intraday) * split), prevClose));
    const low = Math.min(bottom, this.band(symbol, bottom * Math.exp(-(range - intraday) * (1 - split)), prevClose));
    const typical = us?.typicalVolume ?? p?.typicalVolume ?? 0;
    const volume = Math.round(typical * Math.exp(0.35 * normal(key, day, 5, 0) - 0.06) * (0.6 + (0.4 * Math.abs(rr)) / vol));
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
   * Builds the pending synthetic pasts a few at a time between other work, so the first request
   * that needs them all (movers) does not pay for them.
   */
  warmUp(): Promise<void> {
    const pending = [...this.series.entries()].filter(([, s]) => s.pendingPast).map(([symbol]) => symbol);
    return new Promise((resolve) => {
      const step = () => {
        for (let i = 0; i < 8 && pending.length > 0; i += 1) this.seriesOf(pending.pop()!);
        if (pending.length > 0) setImmediate(step);
        else resolve();
      };
      setImmediate(step);
    });
  }

  /** Walks backwards from the reference close on the anchor day over the real trading calendar. */
  private buildSyntheticPast(symbol: string, s: Series) {
    const rows: { day: number; open: number; high: number; low: number; close: number; volume: number }[] = [];
    let close = s.anchorClose;
    for (let i = this.calendar.length - 1; i >= 0; i -= 1) {
      const day = this.calendar[i]!;
      const r = Math.max(-0.18, Math.min(0.18, this.dailyReturn(symbol, day, true)));
      const prev = this.round(symbol, close / Math.exp(r));
      const bar = this.makeBar(symbol, day, prev, Math.log(close / prev));
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
      for (const inst of this.instruments) {
        if (inst.type === 'INDEX') continue;
        const s = this.series.get(inst.symbol)!;
        const prev = s.close.length ? s.close[s.close.length - 1]! : s.anchorClose;
        this.push(s, d, this.makeBar(inst.symbol, d, prev, this.dailyReturn(inst.symbol, d, false)));
      }
      for (const inst of this.instruments) if (inst.type === 'INDEX') this.stepIndex(inst.symbol, d);
      this.lastSimDay = d;
    }
  }

  private push(s: Series, day: number, bar: { open: number; high: number; low: number; close: number; volume: number }) {
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
    let h = 0;
    let l = 0;
    for (const { symbol: member, weight } of this.indexMembers.get(symbol) ?? []) {
      const m = this.series.get(member)!;
      const k = m.days.length - 1;
      if (m.days[k] !== day || k < 1) continue;
      const pc = m.close[k - 1]!;
      o += weight * (m.open[k]! / pc - 1);
      c += weight * (m.close[k]! / pc - 1);
      h += weight * (m.high[k]! / pc - 1);
      l += weight * (m.low[k]! / pc - 1);
    }
    const open = roundToTick(prev * (1 + o), 'INR', true);
    const close = roundToTick(prev * (1 + c), 'INR', true);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = roundToTick(Math.max(top, top + INDEX_RANGE_DAMPING * (prev * (1 + h) - top)), 'INR', true);
    const low = roundToTick(Math.min(bottom, bottom - INDEX_RANGE_DAMPING * (bottom - prev * (1 + l))), 'INR', true);
    this.push(s, day, { open, high, low, close, volume: 0 });
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

  dailySeries(symbol: string): Readonly<DailyBars> | undefined {
    return this.seriesOf(symbol);
  }

  // Intraday --------------------------------------------------------------------------------------

  private profileAt(kind: 'volume' | 'volatility', minute: number, n: number): number {
    const arr = this.o.bundle.profile[kind];
    return arr[Math.min(arr.length - 1, Math.floor(((minute - 1) * arr.length) / n))]!;
  }

  /** The day's minute path (cached; a pure function of seed, symbol and day). */
  dayPath(symbol: string, day: number): DayPath | undefined {
    const cacheKey = `${symbol}|${day}`;
    const hit = this.dayPaths.get(cacheKey);
    if (hit) {
      this.dayPaths.delete(cacheKey);
      this.dayPaths.set(cacheKey, hit);
      return hit;
    }
    const k = this.barIndex(symbol, day);
    if (k < 0) return undefined;
    const s = this.series.get(symbol)!;
    const [O, H, L, C, V] = [s.open[k]!, s.high[k]!, s.low[k]!, s.close[k]!, s.volume[k]!];
    const n = sessionMinutes(this.session);
    const key = this.keys.get(symbol)!;
    const isIndex = this.bySymbol.get(symbol)?.type === 'INDEX';
    const rho = isIndex ? INDEX_INTRADAY_RHO : STOCK_INTRADAY_RHO;
    const mk = this.currencyOf(symbol) === 'USD' ? this.usMarketKey : this.marketKey;
    const vol = this.dailyVol(symbol);
    const xs = new Float64Array(n + 1);
    for (let m = 1; m <= n; m += 1) {
      const z = rho * normal(mk, day, m, 10) + Math.sqrt(1 - rho * rho) * normal(key, day, m, 10);
      xs[m] = xs[m - 1]! + Math.sqrt(this.profileAt('volatility', m, n)) * z;
    }
    const y = new Float64Array(n + 1);
    const drift = Math.log(C / O);
    const scale = vol / Math.sqrt(n);
    for (let m = 0; m <= n; m += 1) y[m] = O * Math.exp((m / n) * drift + scale * (xs[m]! - (m / n) * xs[n]!));
    const round = (v: number) => this.round(symbol, v);
    const p = fitPath(y, O, C, H, L, round, (which) => 1 + (hash(key, day, which, 14) % (n - 1)));
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    const volume = new Float64Array(n);
    let total = 0;
    const weights = new Float64Array(n);
    for (let m = 1; m <= n; m += 1) {
      const o = p[m - 1]!;
      const c = p[m]!;
      const step = c * vol * Math.sqrt(this.profileAt('volatility', m, n) / n);
      high[m - 1] = Math.min(H, Math.max(Math.max(o, c), round(Math.max(o, c) + 0.5 * step * Math.abs(normal(key, day, m, 11)))));
      low[m - 1] = Math.max(L, Math.min(Math.min(o, c), round(Math.min(o, c) - 0.5 * step * Math.abs(normal(key, day, m, 12)))));
      weights[m - 1] = this.profileAt('volume', m, n) * Math.exp(0.5 * normal(key, day, m, 13) - 0.125);
      total += weights[m - 1]!;
    }
    let cum = 0;
    let prev = 0;
    for (let m = 0; m < n; m += 1) {
      cum += weights[m]!;
      const upTo = m === n - 1 ? V : Math.floor((V * cum) / total);
      volume[m] = upTo - prev;
      prev = upTo;
    }
    const path: DayPath = { n, openSeconds: sessionBounds(this.session, day).openMs / 1000, p, high, low, volume };
    this.dayPaths.set(cacheKey, path);
    if (this.dayPaths.size > DAY_PATH_CACHE) this.dayPaths.delete(this.dayPaths.keys().next().value!);
    return path;
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
    const scale = ((path.high[m - 1]! - path.low[m - 1]!) || c * 1e-4) / 4;
    for (let s = 0; s <= 60; s += 1) y[s] = o + (s / 60) * (c - o) + (scale * (xs[s]! - (s / 60) * xs[60]!)) / Math.sqrt(60);
    return fitPath(y, o, c, path.high[m - 1]!, path.low[m - 1]!, (v) => this.round(symbol, v), (which) => 1 + (hash(key, day, m * 4 + which, 21) % 59));
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
      candle = { time: path.openSeconds + m * 60, open: path.p[m]!, high: path.high[m]!, low: path.low[m]!, close: path.p[m + 1]!, volume: path.volume[m]! };
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
      candle = { time: path.openSeconds + done * 60, open: q[0]!, high: h, low: l, close: price, volume: partialVolume };
      high = Math.max(high, h);
      low = Math.min(low, l);
      volume += partialVolume;
      tickMs = (path.openSeconds + done * 60 + sec) * 1000;
    }
    return { symbol, day, open: session.open && day === session.day, price, dayOpen: s.open[k]!, dayHigh: high, dayLow: low, volume, previousClose, candle, tickMs };
  }

  /** 1-minute candles of a day up to `nowMs` (all of them for a finished day). */
  minuteCandles(symbol: string, day: number, nowMs: number): Candle[] {
    const path = this.dayPath(symbol, day);
    if (!path) return [];
    const out: Candle[] = [];
    const elapsed = Math.floor(nowMs / 1000) - path.openSeconds;
    const done = Math.max(0, Math.min(path.n, Math.floor(elapsed / 60)));
    for (let m = 0; m < done; m += 1) {
      out.push({ time: path.openSeconds + m * 60, open: path.p[m]!, high: path.high[m]!, low: path.low[m]!, close: path.p[m + 1]!, volume: path.volume[m]! });
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
    const s = this.seriesOf(symbol);
    if (!snap || !s) return [];
    const out: Candle[] = [];
    for (let k = Math.max(0, this.barIndex(symbol, fromDay, true)); k < s.days.length; k += 1) {
      const day = s.days[k]!;
      if (day < fromDay) continue;
      if (day > snap.day) break;
      const time = sessionBounds(this.session, day).openMs / 1000;
      out.push(
        day === snap.day
          ? { time, open: snap.dayOpen, high: snap.dayHigh, low: snap.dayLow, close: snap.price, volume: snap.volume }
          : { time, open: s.open[k]!, high: s.high[k]!, low: s.low[k]!, close: s.close[k]!, volume: s.volume[k]! },
      );
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
}
