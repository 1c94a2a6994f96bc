/**
 * Technical indicators over close prices, as the charts screen plots them. Every function returns
 * a series aligned with its input (same length, same index = same candle), with `null` where the
 * indicator has not warmed up yet, so a chart can zip it with the candles' times.
 *
 * Conventions (the common charting ones, so our numbers match what traders see elsewhere):
 * - EMA is seeded with the SMA of its first `period` values, then k = 2 / (period + 1).
 * - RSI uses Wilder's smoothing: the first average gain/loss is the simple mean of the first
 *   `period` changes, then avg = (prev × (period − 1) + current) / period.
 * - MACD's signal line is an EMA of the MACD line (seeded the same way), starting where the MACD
 *   line starts.
 * - Bollinger Bands use the population standard deviation (divide by N), as Bollinger does.
 *
 * Written here rather than taken from a package: the maintained libraries either pull in
 * dependencies for both apps or differ in these conventions, and each function is a few lines.
 */
export type IndicatorSeries = Array<number | null>;

export const INDICATOR_DEFAULTS = {
  sma: 20,
  ema: 12,
  rsi: 14,
  macd: { fast: 12, slow: 26, signal: 9 },
  bollinger: { period: 20, stdDev: 2 },
} as const;

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`Period must be a positive integer, got ${period}`);
}

export function sma(values: readonly number[], period: number = INDICATOR_DEFAULTS.sma): IndicatorSeries {
  assertPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** EMA over a series that may start with nulls (used for MACD's signal line): warm-up starts at the first number. */
function emaOfSeries(values: readonly (number | null)[], period: number): IndicatorSeries {
  assertPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  const k = 2 / (period + 1);
  const start = values.findIndex((v) => v !== null);
  if (start < 0) return out;
  let seedSum = 0;
  let prev: number | null = null;
  for (let i = start; i < values.length; i += 1) {
    const v = values[i];
    if (v === null || v === undefined) throw new RangeError('EMA input has a gap after its first value');
    if (prev === null) {
      seedSum += v;
      if (i - start === period - 1) {
        prev = seedSum / period;
        out[i] = prev;
      }
    } else {
      prev = v * k + prev * (1 - k);
      out[i] = prev;
    }
  }
  return out;
}

export function ema(values: readonly number[], period: number = INDICATOR_DEFAULTS.ema): IndicatorSeries {
  return emaOfSeries(values, period);
}

export function rsi(values: readonly number[], period: number = INDICATOR_DEFAULTS.rsi): IndicatorSeries {
  assertPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  if (values.length <= period) return out;
  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = values[i]! - values[i - 1]!;
    if (change > 0) avgGain += change;
    else avgLoss -= change;
  }
  avgGain /= period;
  avgLoss /= period;
  out[period] = rsiValue(avgGain, avgLoss);
  for (let i = period + 1; i < values.length; i += 1) {
    const change = values[i]! - values[i - 1]!;
    avgGain = (avgGain * (period - 1) + Math.max(change, 0)) / period;
    avgLoss = (avgLoss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = rsiValue(avgGain, avgLoss);
  }
  return out;
}

function rsiValue(avgGain: number, avgLoss: number): number {
  // A flat stretch has no gains and no losses: neutral rather than 0/0.
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

export interface MacdSeries {
  macd: IndicatorSeries;
  signal: IndicatorSeries;
  histogram: IndicatorSeries;
}

export function macd(
  values: readonly number[],
  fast: number = INDICATOR_DEFAULTS.macd.fast,
  slow: number = INDICATOR_DEFAULTS.macd.slow,
  signalPeriod: number = INDICATOR_DEFAULTS.macd.signal,
): MacdSeries {
  if (fast >= slow) throw new RangeError('MACD fast period must be shorter than the slow period');
  const fastEma = ema(values, fast);
  const slowEma = ema(values, slow);
  const line: IndicatorSeries = values.map((_, i) => {
    const f = fastEma[i];
    const s = slowEma[i];
    return f === null || f === undefined || s === null || s === undefined ? null : f - s;
  });
  const signal = emaOfSeries(line, signalPeriod);
  const histogram: IndicatorSeries = line.map((m, i) => {
    const s = signal[i];
    return m === null || s === null || s === undefined ? null : m - s;
  });
  return { macd: line, signal, histogram };
}

export interface BollingerSeries {
  middle: IndicatorSeries;
  upper: IndicatorSeries;
  lower: IndicatorSeries;
}

export function bollingerBands(
  values: readonly number[],
  period: number = INDICATOR_DEFAULTS.bollinger.period,
  stdDevs: number = INDICATOR_DEFAULTS.bollinger.stdDev,
): BollingerSeries {
  const middle = sma(values, period);
  const upper: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  const lower: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  for (let i = period - 1; i < values.length; i += 1) {
    const mean = middle[i]!;
    let sq = 0;
    for (let j = i - period + 1; j <= i; j += 1) sq += (values[j]! - mean) ** 2;
    const sd = Math.sqrt(sq / period);
    upper[i] = mean + stdDevs * sd;
    lower[i] = mean - stdDevs * sd;
  }
  return { middle, upper, lower };
}
