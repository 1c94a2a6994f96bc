import { sessionMinutes, type SessionMode } from '@nivesh/shared';

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

/** Per minute of a clock's session (mean 1): the volatility (variance weight) and volume rhythm, and the cumulative variance time. */
export interface SessionRhythm {
  volatility: Float64Array;
  volume: Float64Array;
  /** Cumulative variance time: 0 at the open, 1 at the close. */
  tau: Float64Array;
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
  return { volatility, volume, tau };
}
