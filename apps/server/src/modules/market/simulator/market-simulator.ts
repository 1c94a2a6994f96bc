import {
  circuitLimits,
  currentSession,
  istDayNumber,
  isTradingDay,
  sessionBounds,
  sessionMinutes,
  type BandClass,
  type Candle,
  type CircuitLock,
  type SessionMode,
} from '@nivesh/shared';
import { passes, type PathTick, type TickTest } from '../price-path.js';
import type { Calibration, StockParams } from './calibration.js';
import { DailySeries } from './daily-series.js';
import { DayPaths } from './day-paths.js';
import type { DayPath } from './intraday-path.js';
import type { BundleInstrument, DailyBars } from './market-bundle.js';
import { SimState, type DayCircuit, type SimulatorOptions } from './sim-state.js';

export type { DayCircuit, SimulatorOptions } from './sim-state.js';

/** A stock's circuit at an instant: its class, the limits in force and whether it is locked at one. */
export interface SnapshotCircuit {
  bandClass: BandClass;
  lower: number;
  upper: number;
  lock: CircuitLock | null;
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
 *
 * This class is the façade: the shared state lives in SimState (sim-state.ts), the daily bars in
 * DailySeries (daily-series.ts), the minute and second paths in DayPaths (day-paths.ts); what it
 * keeps itself is reading them into snapshots, candles and ticks.
 */
export class MarketSimulator {
  readonly session: SessionMode;
  readonly instruments: readonly BundleInstrument[];
  readonly calibration: Calibration;
  private readonly st: SimState;
  private readonly daily: DailySeries;
  private readonly paths: DayPaths;

  constructor(o: SimulatorOptions) {
    this.st = new SimState(o);
    this.daily = new DailySeries(this.st);
    this.paths = new DayPaths(this.st, this.daily);
    this.session = this.st.session;
    this.instruments = this.st.instruments;
    this.calibration = this.st.calibration;
  }

  /** Each index's constituents and their weights (tilted to the market: see SimState.tiltToMarket). */
  private get indexMembers(): Map<string, { symbol: string; weight: number }[]> {
    return this.st.indexMembers;
  }

  /** The last day of real data: later days are simulated. */
  get lastRealDay(): number {
    return this.st.anchorDay;
  }

  instrument(symbol: string): BundleInstrument | undefined {
    return this.st.bySymbol.get(symbol);
  }

  params(symbol: string): StockParams | undefined {
    return this.calibration.params.get(symbol);
  }

  /** True when the instrument's past is simulated rather than real (US stocks, NIFTY 500 names without bundled history). */
  isSynthetic(symbol: string): boolean {
    return !this.st.o.bundle.daily.has(symbol);
  }

  /** Daily standard deviation of log returns the model uses for this instrument. */
  dailyVol(symbol: string): number {
    return this.st.dailyVol(symbol);
  }

  /** The circuit rule of a stock on a day; null for an index or a US stock. */
  circuitRuleOf(symbol: string, day: number) {
    return this.st.circuitRuleOf(symbol, day);
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
    const s = index ? this.st.series.get(index) : undefined;
    let k = s ? s.days.length - 1 : -1;
    return new Promise((resolve) => {
      const step = () => {
        if (pending.length > 0) this.daily.seriesOf(pending.pop()!);
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

  /** Extends every series with simulated bars through `day` (a pure function of the seed: the same bars on every instance). */
  ensureThrough(day: number) {
    this.daily.ensureThrough(day);
  }

  /** Index of the bar of `day`, or of the last bar before it when `orBefore`; -1 when none. */
  barIndex(symbol: string, day: number, orBefore = false): number {
    return this.daily.barIndex(symbol, day, orBefore);
  }

  /**
   * The whole daily series. Highs and lows of simulated days are read from their minute paths;
   * `withHighLow: false` skips that (they may be NaN) for readers of closes and volumes only.
   */
  dailySeries(symbol: string, withHighLow = true): Readonly<DailyBars> | undefined {
    const s = this.daily.seriesOf(symbol);
    if (withHighLow && s) this.highLows(symbol, 0, s.days.length - 1);
    return s;
  }

  /**
   * The series with the highs and lows of bars `fromK`..`toK` resolved: a simulated day's high and
   * low are what its minute path reaches (see DayPaths.highLows).
   */
  highLows(symbol: string, fromK: number, toK: number): Readonly<DailyBars> | undefined {
    return this.paths.highLows(symbol, fromK, toK);
  }

  /**
   * The day's minute path (a pure function of seed, symbol and day). Cached when `keep` (the paths
   * live ticks and charts ask for again); reading highs and lows of many past days passes false.
   */
  dayPath(symbol: string, day: number, keep = true): DayPath | undefined {
    return this.paths.dayPath(symbol, day, keep);
  }

  /** The 61 prices of minute `m` (1-based) second by second: [0] its open, [60] its close. */
  secondPath(symbol: string, day: number, m: number, path: DayPath): Float64Array {
    return this.paths.secondPath(symbol, day, m, path);
  }

  /** The simulated days through `day` on which a stock locks at a circuit (drawn with each day's bar). */
  lockedDays(day: number): { symbol: string; day: number }[] {
    this.ensureThrough(day);
    return [...this.st.locks.keys()]
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
    if (k < 1 || day <= this.st.anchorDay || !rule) return undefined;
    const path = this.dayPath(symbol, day, false);
    if (!path?.circuit) return undefined;
    return { rule, previousClose: this.st.series.get(symbol)!.close[k - 1]!, ...path.circuit };
  }

  /** The state of an instrument at `nowMs`: the latest tick of the current (or last) session. */
  snapshot(symbol: string, nowMs: number): Snapshot | undefined {
    const session = currentSession(this.session, nowMs);
    this.ensureThrough(session.day);
    const s = session.day > this.st.anchorDay ? this.st.series.get(symbol) : this.daily.seriesOf(symbol);
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
    const s = this.daily.seriesOf(symbol);
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
    if (endSec < startSec || !this.st.bySymbol.has(symbol)) return undefined;
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
