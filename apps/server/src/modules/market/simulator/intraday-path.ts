import { sessionMinutes, type CircuitLock, type SessionMode } from '@nivesh/shared';
import { fastNormal } from './daily-model.js';

/**
 * The intraday path of a session: the rhythm of the clock (the NSE's measured U-shaped volatility
 * and volume per minute) and the helpers that shape a day's minutes. Pure functions: the simulator
 * passes in its seeded draws.
 */

/** One day's minutes: `p` holds n + 1 prices (p[0] the open, p[n] the close), the rest one per minute. */
export interface DayPath {
  n: number;
  openSeconds: number;
  p: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
  /**
   * A simulated stock day's circuit: the widenings of its operating range in force during each
   * minute (entry m for the minute ending at boundary m; all 0 for a fixed band), and its lock
   * episode, minutes [from, to) held at a circuit. Absent where there is no circuit to keep.
   */
  circuit?: { widenings: Uint8Array; lock: { side: CircuitLock; from: number; to: number } | null };
}

/** In always-open mode the session rhythm restarts at 09:15 IST, as the NSE's does. */
export const RHYTHM_START_MINUTE = 9 * 60 + 15;

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
export function fitPath(
  y: Float64Array,
  open: number,
  close: number,
  high: number,
  low: number,
  round: (v: number) => number,
  pick: (which: number) => number,
): Float64Array {
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

/**
 * Makes boundary `at` the raw path's unique extreme (its minimum when `down`) and runs the path
 * straight there from the open, so fitPath puts the day's low (or high) at that minute: a known
 * market-wide shock (see SimulatorOptions.shocks). The rest of the path is left as drawn.
 */
export function pinExtreme(y: Float64Array, at: number, down: boolean): void {
  let lo = y[0]!;
  let hi = y[0]!;
  for (const v of y) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const spread = (hi - lo) * 0.05 + Math.abs(y[0]!) * 1e-4;
  const target = down ? lo - spread : hi + spread;
  for (let m = 1; m <= at; m += 1) y[m] = y[0]! + ((target - y[0]!) * m) / at;
}

/** Per minute of a clock's session (mean 1): the volatility (variance weight) and volume rhythm, and the cumulative variance time. */
export interface SessionRhythm {
  volatility: Float64Array;
  volume: Float64Array;
  /** Cumulative variance time: 0 at the open, 1 at the close. */
  tau: Float64Array;
  /** Square roots of `volatility` and `volume`, computed once: every minute of every path reads them. */
  sqrtVolatility: Float64Array;
  sqrtVolume: Float64Array;
}

/**
 * The session rhythm of this clock, per minute of its session: the NSE's measured U-shaped
 * volatility and volume. In always-open mode the 375-minute session is stretched over the 24
 * hours and restarts at 09:15 IST, so the opening burst is at 09:15 and the busiest minutes are
 * never at midnight. `tau` is the cumulative variance time (0 at the open, 1 at the close).
 */
export function buildRhythm(
  profile: { volatility: number[]; volume: number[] },
  session: SessionMode,
): SessionRhythm {
  const n = sessionMinutes(session);
  const pick = (arr: number[]) => {
    const out = new Float64Array(n);
    for (let m = 0; m < n; m += 1) {
      const pos = session === 'always-open' ? ((((m - RHYTHM_START_MINUTE) % n) + n) % n) / n : m / n;
      out[m] = arr[Math.min(arr.length - 1, Math.floor(pos * arr.length))]!;
    }
    const mean = out.reduce((a, v) => a + v, 0) / n;
    for (let m = 0; m < n; m += 1) out[m] = out[m]! / mean;
    return out;
  };
  // The measured profile (mean absolute 1-minute return) is used as the variance weight. Its
  // square (σ ∝ mean |r|) is sharper than real sessions: the opening minute would then hold over
  // 40% of the day's range on ~8% of days, where real days stay under 36%.
  const volatility = pick(profile.volatility);
  const volume = pick(profile.volume);
  const tau = new Float64Array(n + 1);
  for (let m = 0; m < n; m += 1) tau[m + 1] = tau[m]! + volatility[m]! / n;
  tau[n] = 1;
  return {
    volatility,
    volume,
    tau,
    sqrtVolatility: volatility.map(Math.sqrt),
    sqrtVolume: volume.map(Math.sqrt),
  };
}

/**
 * Share of the efficient price's minute variance that transient moves add to a stock's 1-minute
 * returns. Real 1-minute bars of NSE large caps (the seed data's 14 stock sessions) have a realized
 * variance about 1.8× their day's Parkinson (high–low) variance, a lag-1 autocorrelation of about
 * −0.1 and a 5-minute variance ratio of about 0.7: a bid–ask bounce and short-lived overshoots on
 * top of the price that accumulates into the day's move. With NOISE_PERSISTENCE 0.5 this share
 * gives those three figures.
 */
export const NOISE_SHARE = 0.7;
/** How much of a minute's transient move is still there the next minute. */
export const NOISE_PERSISTENCE = 0.5;
/**
 * always-open: half-life in minutes of the swings that give a minute of the 24-hour clock the
 * variance of an NSE session minute. They revert within hours, so the day's and week's variance
 * stay the clock's (5/7 of a trading day per calendar day).
 */
export const SWING_HALF_LIFE = 30;

/**
 * The transient part of a day's log price, 0 at the open and at the close, so the day's open,
 * close and daily variance are the bridge's:
 * - microstructure moves, an AR(1) whose variance follows the session's measured volume rhythm
 *   (trades make the bounce), so the opening minutes and the closing half hour (the NSE's closing
 *   price is the volume-weighted price of 15:00–15:30) are the busiest;
 * - in a clock whose minutes carry less variance than an NSE session minute (always-open spreads
 *   5/7 of a trading day over 1,440 minutes), mean-reverting swings make up the difference along
 *   the volatility rhythm. Without them a 24-hour minute moves a fifth as much as an NSE minute
 *   and a quiet stretch sits within 0.1% of the day's high or low for hours.
 * `tradingMinuteVariance` is the efficient variance of an average NSE session minute for this
 * stock and day, `bridgeMinuteVariance` that of an average minute of this clock's bridge.
 * The stock's own draws are fastNormal(key, day, minute, 15 and 16); `bounce` and `swing` hold
 * the market's shocks of each, shared with weight `rho` as the bridge's minute moves are. A
 * shared part of the bounce (order flow that moves many stocks at once, then fades) is what an
 * index, the weighted sum of its members, keeps of it: with own draws alone the index's minutes
 * would be a smooth walk that sits within 0.1% of the day's high or low for over half an hour on
 * calm days, where real sessions leave their extremes within minutes. (always-open passes no
 * `bounce`: its swings already give its indices that, and its paths stay as they were.)
 */
export function transientPath(
  rhythm: SessionRhythm,
  tradingMinuteVariance: number,
  bridgeMinuteVariance: number,
  key: number,
  day: number,
  swing: Float64Array | undefined,
  rho: number,
  bounce: Float64Array | undefined,
): Float64Array {
  const n = rhythm.volume.length;
  const u = new Float64Array(n + 1);
  const { sqrtVolume, sqrtVolatility, tau } = rhythm;
  const phi = NOISE_PERSISTENCE;
  // Stationary variance of the minute-to-minute change = NOISE_SHARE × the minute's variance.
  const noise = Math.sqrt((NOISE_SHARE * tradingMinuteVariance * (1 + phi)) / 2);
  const deficit = tradingMinuteVariance - bridgeMinuteVariance;
  const swings = swing !== undefined && deficit > 0;
  const psi = 2 ** (-1 / SWING_HALF_LIFE);
  const swingScale = swings ? Math.sqrt(deficit) : 0;
  const own = Math.sqrt(1 - rho * rho);
  const marketShare = swingScale * rho;
  const ownShare = swingScale * own;
  let fast = 0;
  let slow = 0;
  for (let m = 1; m <= n; m += 1) {
    const z = fastNormal(key, day, m, 15);
    fast = phi * fast + noise * sqrtVolume[m - 1]! * (bounce ? rho * bounce[m - 1]! + own * z : z);
    if (swings)
      slow =
        psi * slow +
        sqrtVolatility[m - 1]! * (marketShare * swing[m - 1]! + ownShare * fastNormal(key, day, m, 16));
    u[m] = fast + slow;
  }
  const end = u[n]!;
  for (let m = 1; m <= n; m += 1) u[m] = u[m]! - tau[m]! * end;
  return u;
}
