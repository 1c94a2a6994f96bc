import {
  circuitLimits,
  holdInsideCircuit,
  priceBand,
  roundToTick,
  sessionBounds,
  sessionMinutes,
  tickSize,
} from '@nivesh/shared';
import { fastNormal } from './daily-model.js';
import type { DailyBars } from './market-bundle.js';
import { fitPath, pinExtreme, transientPath, type DayPath } from './intraday-path.js';
import { hash, normal } from './prng.js';
import type { DailySeries } from './daily-series.js';
import type { DayCircuit, Series, SimState } from './sim-state.js';

/** Intraday correlation of a stock's minute moves with the market's; an index is nearly all market. */
const STOCK_INTRADAY_RHO = 0.55;
const INDEX_INTRADAY_RHO = 0.95;
/** Index high/low: this share of the way to the constituents' weighted highs/lows (they peak at different times). */
const INDEX_RANGE_DAMPING = 0.6;
const DAY_PATH_CACHE = 800;
const MARKET_MINUTES_CACHE = 64;
/** Minutes of an NSE session: the clock whose minute a simulated minute resembles. */
const NSE_MINUTES = sessionMinutes('nse');
/** The most minutes in a row a simulated stock stays at exactly its previous close. */
const ZERO_RUN_LIMIT = 8;

/**
 * The intraday day paths: each day's minute path (real days bent to their real high and low,
 * simulated days a bridge with transient moves and circuits, indices made of their constituents),
 * the seconds inside a minute, and the simulated days' highs and lows read from those paths.
 */
export class DayPaths {
  private readonly dayPaths = new Map<string, DayPath>();
  private readonly marketMinuteCache = new Map<number, Float64Array>();

  constructor(
    private readonly st: SimState,
    private readonly daily: DailySeries,
  ) {}

  /**
   * The series with the highs and lows of bars `fromK`..`toK` resolved: a simulated day's high and
   * low are what its minute path reaches, built on first ask and kept in the series (an index's
   * from its constituents' paths, which resolves theirs too).
   */
  highLows(symbol: string, fromK: number, toK: number): Readonly<DailyBars> | undefined {
    const s = this.daily.seriesOf(symbol);
    if (!s) return undefined;
    const isIndex = this.st.bySymbol.get(symbol)?.type === 'INDEX';
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
        for (const inst of this.st.instruments) {
          if (inst.type !== 'INDEX') continue;
          const is = this.st.series.get(inst.symbol);
          const ik = this.daily.barIndex(inst.symbol, day);
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

  /** The market's unit-variance minute shocks of a day (stream 10: moves, 16: swings), shared by every stock (cached). */
  private marketMinutes(day: number, usd: boolean, stream = 10): Float64Array {
    const cacheKey = (day * 2 + (usd ? 1 : 0)) * 32 + stream;
    let z = this.marketMinuteCache.get(cacheKey);
    if (!z) {
      const n = sessionMinutes(this.st.session);
      const mk = usd ? this.st.usMarketKey : this.st.marketKey;
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
    const k = this.daily.barIndex(symbol, day);
    if (k < 0) return undefined;
    const s = this.st.series.get(symbol)!;
    let path: DayPath;
    if (day <= this.st.anchorDay) path = this.realDayPath(symbol, day, s, k);
    else {
      path =
        this.st.bySymbol.get(symbol)?.type === 'INDEX' && k > 0
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
    const n = sessionMinutes(this.st.session);
    const weights = new Float64Array(n);
    let sum = 0;
    for (let m = 0; m < n; m += 1) {
      weights[m] = this.st.rhythm.volume[m]! * Math.exp(0.5 * fastNormal(key, day, m + 1, 13) - 0.125);
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
    const n = sessionMinutes(this.st.session);
    const key = this.st.keys.get(symbol)!;
    const O = s.open[k]!;
    const C = s.close[k]!;
    const prevClose = k > 0 ? s.close[k - 1]! : O;
    const sigma = Number.isNaN(s.sigma[k]!) ? this.st.dailyVol(symbol) * this.st.clockScale : s.sigma[k]!;
    const gapShare =
      this.st.session === 'always-open' ? 0 : (this.st.calibration.params.get(symbol)?.gapShare ?? 0.3);
    const scale = sigma * Math.sqrt(1 - gapShare);
    const { volatility, tau } = this.st.rhythm;
    const usd = this.st.currencyOf(symbol) === 'USD';
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
    const tradingMinuteVariance = ((sigma / this.st.clockScale) ** 2 * (1 - gapShare)) / NSE_MINUTES;
    const bridgeMinuteVariance = (scale * scale) / n;
    const u = transientPath(
      this.st.rhythm,
      tradingMinuteVariance,
      bridgeMinuteVariance,
      key,
      day,
      tradingMinuteVariance > bridgeMinuteVariance ? this.marketMinutes(day, usd, 16) : undefined,
      rho,
      this.st.session === 'always-open' ? undefined : this.marketMinutes(day, usd, 15),
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
    const currency = this.st.currencyOf(symbol);
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
    const rule = circuit && this.st.circuitRuleOf(symbol, day)!;
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
        high[m] = Math.max(top, this.st.inside(up, within));
        low[m] = Math.min(bottom, this.st.inside(down, within));
      } else {
        high[m] = Math.max(top, snap(up));
        low[m] = Math.min(bottom, snap(down));
      }
    }
    // A path read only for its prices (highs and lows of past days, an index's constituents) skips the volume split.
    const volume = withVolume ? this.minuteVolumes(key, day, s.volume[k]!) : new Float64Array(n);
    return {
      n,
      openSeconds: sessionBounds(this.st.session, day).openMs / 1000,
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
    const rule = this.st.circuitRuleOf(symbol, day);
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
    const drawn = this.st.locks.get(`${symbol}|${day}`);
    const rule = drawn && this.st.circuitRuleOf(symbol, day);
    if (!drawn || !rule) return undefined;
    const { lower, upper } = circuitLimits(rule, prevClose);
    const from = Math.max(1, Math.min(n - 1, Math.floor(drawn.from * n)));
    const to = drawn.to >= 1 ? n : Math.max(from + 1, Math.min(n, Math.ceil(drawn.to * n)));
    return { side: drawn.side, edge: drawn.side === 'UPPER' ? upper : lower, from, to };
  }

  /**
   * An index's simulated day: at every minute, the traded-value-weighted move of its constituents
   * from their previous closes, so index candles are made of the stocks' candles. A minute's
   * high/low goes a damped share of the constituents' weighted extensions (they peak apart).
   */
  private indexDayPath(symbol: string, day: number, s: Series, k: number, keep: boolean): DayPath {
    const n = sessionMinutes(this.st.session);
    const prev = s.close[k - 1]!;
    const level = new Float64Array(n + 1);
    const up = new Float64Array(n);
    const down = new Float64Array(n);
    for (const { symbol: member, weight } of this.st.indexMembers.get(symbol) ?? []) {
      const ms = this.st.series.get(member)!;
      const mk = this.daily.barIndex(member, day);
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
      openSeconds: sessionBounds(this.st.session, day).openMs / 1000,
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
    const n = sessionMinutes(this.st.session);
    const key = this.st.keys.get(symbol)!;
    const isIndex = this.st.bySymbol.get(symbol)?.type === 'INDEX';
    const rho = isIndex ? INDEX_INTRADAY_RHO : STOCK_INTRADAY_RHO;
    const mk = this.st.currencyOf(symbol) === 'USD' ? this.st.usMarketKey : this.st.marketKey;
    const vol = this.st.dailyVol(symbol);
    const { volatility } = this.st.rhythm;
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
    const round = (v: number) => this.st.round(symbol, v);
    const shock = this.st.o.shocks?.get(day);
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
      openSeconds: sessionBounds(this.st.session, day).openMs / 1000,
      p,
      high,
      low,
      volume: this.minuteVolumes(key, day, V),
    };
  }

  /** The 61 prices of minute `m` (1-based) second by second: [0] its open, [60] its close. */
  secondPath(symbol: string, day: number, m: number, path: DayPath): Float64Array {
    const key = this.st.keys.get(symbol)!;
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
      (v) => this.st.round(symbol, v),
      (which) => 1 + (hash(key, day, m * 4 + which, 21) % 59),
    );
  }
}
