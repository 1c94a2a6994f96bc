/**
 * Statistics the realism report (bench/realism.bench.ts) and the simulator's tests use to compare
 * simulated prices with real ones. Pure functions over plain number arrays: no simulator, no I/O.
 *
 * Conventions: returns are natural-log returns; a standard deviation is the sample one (n − 1);
 * a function that cannot say anything about its input (too few values, zero variance) returns NaN
 * rather than an invented 0, so a report prints "n/a" instead of a misleading figure.
 */

/** ln(x[i] / x[i−1]) for i ≥ 1; one fewer value than prices. */
export function logReturns(prices: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < prices.length; i += 1) out.push(Math.log(prices[i]! / prices[i - 1]!));
  return out;
}

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** The middle value (mean of the two middle values for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k]! : (s[k - 1]! + s[k]!) / 2;
}

/** Sample variance (divides by n − 1). */
export function variance(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s / (xs.length - 1);
}

/** Sample standard deviation (n − 1). */
export function stdev(xs: readonly number[]): number {
  return Math.sqrt(variance(xs));
}

/** Sample covariance of two equally long series (n − 1). */
export function covariance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`covariance: lengths differ (${a.length} vs ${b.length})`);
  if (a.length < 2) return NaN;
  const ma = mean(a);
  const mb = mean(b);
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += (a[i]! - ma) * (b[i]! - mb);
  return s / (a.length - 1);
}

/** Pearson correlation; NaN when either series is constant. */
export function correlation(a: readonly number[], b: readonly number[]): number {
  const c = covariance(a, b);
  const d = Math.sqrt(variance(a) * variance(b));
  return d > 0 ? c / d : NaN;
}

/** Beta of a stock's returns against an index's returns of the same days: cov(r, m) / var(m). */
export function beta(stock: readonly number[], index: readonly number[]): number {
  const v = variance(index);
  return v > 0 ? covariance(stock, index) / v : NaN;
}

/**
 * Pearson kurtosis m4 / m2² with population moments (not excess: a normal distribution gives 3).
 * No small-sample correction, so the figure reads the same for real and simulated series of
 * similar length.
 */
export function kurtosis(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  let m2 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d2 = (x - m) ** 2;
    m2 += d2;
    m4 += d2 * d2;
  }
  m2 /= xs.length;
  m4 /= xs.length;
  return m2 > 0 ? m4 / (m2 * m2) : NaN;
}

/**
 * Autocorrelation at lag k, the usual estimator: Σ (x_t − x̄)(x_{t+k} − x̄) / Σ (x_t − x̄)², with
 * the whole series' mean and variance (so it is slightly biased towards 0 for short series).
 */
export function autocorrelation(xs: readonly number[], lag: number): number {
  if (lag < 1 || xs.length <= lag + 1) return NaN;
  const m = mean(xs);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    den += (xs[i]! - m) ** 2;
    if (i + lag < xs.length) num += (xs[i]! - m) * (xs[i + lag]! - m);
  }
  return den > 0 ? num / den : NaN;
}

/** Share (0–1) of returns whose distance from the mean is beyond k sample standard deviations. */
export function shareBeyondSigma(returns: readonly number[], k: number): number {
  if (returns.length < 2) return NaN;
  const m = mean(returns);
  const limit = k * stdev(returns);
  let n = 0;
  for (const r of returns) if (Math.abs(r - m) > limit) n += 1;
  return n / returns.length;
}

/** Share (0–1) of log returns whose simple return exp(r) − 1 lies beyond ±threshold (0.1 = ±10%). */
export function shareBeyondMove(logRets: readonly number[], threshold: number): number {
  if (logRets.length === 0) return NaN;
  let n = 0;
  for (const r of logRets) if (Math.abs(Math.expm1(r)) > threshold) n += 1;
  return n / logRets.length;
}

/** The last close of each period, for days in order; `periodOf` names a day's period (week, month…). */
export function periodCloses(
  days: readonly number[],
  closes: readonly number[],
  periodOf: (day: number) => number,
): number[] {
  const out: number[] = [];
  let current = NaN;
  for (let i = 0; i < days.length; i += 1) {
    const p = periodOf(days[i]!);
    if (p === current) out[out.length - 1] = closes[i]!;
    else {
      out.push(closes[i]!);
      current = p;
    }
  }
  return out;
}

/**
 * The calendar week (Monday–Sunday) of a day number (days since 1970-01-01, a Thursday; day 4
 * was a Monday). For a weekday calendar a week's last close is the Friday close (or the last day
 * traded that week); for a seven-day calendar, the Sunday close. Calendar weeks rather than "every
 * 5th bar" are what make weekly figures comparable across the two clocks.
 */
export const calendarWeek = (day: number) => Math.floor((day + 3) / 7);

/** The calendar month of a day number, as year × 12 + month. */
export function calendarMonth(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** Week-end closes from daily closes (see calendarWeek). */
export function weeklyCloses(days: readonly number[], closes: readonly number[]): number[] {
  return periodCloses(days, closes, calendarWeek);
}

/** Standard deviation of week-to-week log returns of week-end closes. */
export function weeklySigma(days: readonly number[], closes: readonly number[]): number {
  return stdev(logReturns(weeklyCloses(days, closes)));
}

/** Standard deviation of month-to-month log returns of month-end closes. */
export function monthlySigma(days: readonly number[], closes: readonly number[]): number {
  return stdev(logReturns(periodCloses(days, closes, calendarMonth)));
}

/** Mean of (high − low) / close over the days: the average daily range as a share of price. */
export function meanRangeShare(
  high: readonly number[],
  low: readonly number[],
  close: readonly number[],
): number {
  const xs: number[] = [];
  for (let i = 0; i < close.length; i += 1) if (close[i]! > 0) xs.push((high[i]! - low[i]!) / close[i]!);
  return mean(xs);
}

/** One day of 1-minute bars, oldest first (the day's open is open[0]). */
export interface MinuteDay {
  open: readonly number[];
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}

function dayRange(d: MinuteDay): { high: number; low: number } {
  let high = -Infinity;
  let low = Infinity;
  for (let i = 0; i < d.close.length; i += 1) {
    if (d.high[i]! > high) high = d.high[i]!;
    if (d.low[i]! < low) low = d.low[i]!;
  }
  return { high, low };
}

/**
 * The largest one-minute move as a share of the day's range: max over minutes of
 * |close_m − close_{m−1}| (the first minute's move is from the day's open) divided by the day's
 * high − low (over the minute highs and lows). NaN for a day with no range.
 */
export function largestMinuteMoveShare(d: MinuteDay): number {
  const { high, low } = dayRange(d);
  if (!(high > low)) return NaN;
  let prev = d.open[0]!;
  let largest = 0;
  for (const c of d.close) {
    largest = Math.max(largest, Math.abs(c - prev));
    prev = c;
  }
  return largest / (high - low);
}

/** Longest run of consecutive values for which `test` holds. */
export function longestRun<T>(xs: readonly T[], test: (x: T, i: number) => boolean): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < xs.length; i += 1) {
    run = test(xs[i]!, i) ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * Longest run of minutes "flat near the day's extreme": consecutive minute closes within
 * `tolerance` (a share of price, 0.001 = 0.1%) of the day's high (close ≥ high·(1 − tolerance)) or
 * of the day's low (close ≤ low·(1 + tolerance)), the two counted separately. A real session
 * touches its extremes and leaves them; a path pinned to its high or low for an hour does not.
 */
export function longestRunNearExtreme(d: MinuteDay, tolerance = 0.001): number {
  const { high, low } = dayRange(d);
  const nearHigh = longestRun(d.close, (c) => c >= high * (1 - tolerance));
  const nearLow = longestRun(d.close, (c) => c <= low * (1 + tolerance));
  return Math.max(nearHigh, nearLow);
}

/**
 * Longest run of minutes whose close equals the previous minute's close: k such minutes in a row
 * mean the price stood still for k minutes (k + 1 closes at one price). 0 when every minute moves.
 */
export function longestUnchangedRun(closes: readonly number[]): number {
  return longestRun(closes, (c, i) => i > 0 && c === closes[i - 1]);
}

/**
 * Longest run of minutes at "0.00%": minute closes whose change from the previous close is under
 * half a basis point (|c / previousClose − 1| < 0.00005), i.e. what a two-decimal percentage shows
 * as 0.00%.
 */
export function longestRunAtZeroChange(closes: readonly number[], previousClose: number): number {
  return longestRun(closes, (c) => Math.abs(c / previousClose - 1) < 0.00005);
}

/**
 * Intraday volatility by bucket of the session: the root mean square of 1-minute log returns
 * (close to close; the first minute from the day's open) in each bucket of `bucketMinutes`
 * (30 for the NSE's half hours; a fraction is allowed, for a 24-hour session scaled to 12.5 parts),
 * pooled over all days, divided by the root mean square over the whole session. So 1 is average,
 * and the profile of one stock compares with another's whatever their volatility. Root mean square
 * rather than a stdev about the mean, because the mean 1-minute return is noise at this scale.
 */
export function intradayVolatilityProfile(days: readonly MinuteDay[], bucketMinutes: number): number[] {
  const sums: number[] = [];
  const counts: number[] = [];
  let total = 0;
  let n = 0;
  for (const d of days) {
    let prev = d.open[0]!;
    for (let m = 0; m < d.close.length; m += 1) {
      const r = Math.log(d.close[m]! / prev);
      prev = d.close[m]!;
      const b = Math.floor(m / bucketMinutes);
      sums[b] = (sums[b] ?? 0) + r * r;
      counts[b] = (counts[b] ?? 0) + 1;
      total += r * r;
      n += 1;
    }
  }
  const overall = Math.sqrt(total / n);
  const out: number[] = [];
  for (let b = 0; b < counts.length; b += 1)
    out.push(counts[b] ? Math.sqrt(sums[b]! / counts[b]!) / overall : NaN);
  return out;
}

/** The p-quantile (0–1) by linear interpolation between order statistics. */
export function quantile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/**
 * Mean pairwise correlation of return series, split into pairs in the same group (sector) and
 * pairs across groups. Each series is a map day → return; a pair is measured on the days both
 * have, and skipped with fewer than `minOverlap` of them.
 */
export function groupCorrelations(
  series: readonly { group: string; returns: ReadonlyMap<number, number> }[],
  minOverlap = 60,
): { within: number; across: number; withinPairs: number; acrossPairs: number } {
  const within: number[] = [];
  const across: number[] = [];
  for (let i = 0; i < series.length; i += 1) {
    for (let j = i + 1; j < series.length; j += 1) {
      const a: number[] = [];
      const b: number[] = [];
      for (const [day, r] of series[i]!.returns) {
        const s = series[j]!.returns.get(day);
        if (s !== undefined) {
          a.push(r);
          b.push(s);
        }
      }
      if (a.length < minOverlap) continue;
      const c = correlation(a, b);
      if (Number.isNaN(c)) continue;
      (series[i]!.group === series[j]!.group ? within : across).push(c);
    }
  }
  return {
    within: mean(within),
    across: mean(across),
    withinPairs: within.length,
    acrossPairs: across.length,
  };
}
