import type { Candle } from './market.schema.js';

/**
 * Folds consecutive candles (sorted ascending) into buckets: a bucket's time is its first
 * candle's time, open the first open, close the last close, high/low the extremes, volume the sum.
 * `bucketOf` names the bucket a candle belongs to.
 */
export function aggregateCandles(candles: readonly Candle[], bucketOf: (time: number) => number): Candle[] {
  const out: Candle[] = [];
  let key: number | undefined;
  for (const c of candles) {
    const k = bucketOf(c.time);
    const last = out[out.length - 1];
    if (last && k === key) {
      last.high = Math.max(last.high, c.high);
      last.low = Math.min(last.low, c.low);
      last.close = c.close;
      last.volume += c.volume;
    } else {
      out.push({ ...c });
      key = k;
    }
  }
  return out;
}

/** Buckets of `minutes` minutes counted from the session open (NSE hourly bars start 09:15). */
export const intradayBucket =
  (sessionOpenSeconds: (time: number) => number, minutes: number) => (time: number) => {
    const open = sessionOpenSeconds(time);
    return open + Math.floor((time - open) / (minutes * 60)) * minutes * 60;
  };

const IST_OFFSET_S = 19_800;
/** IST calendar day of a UNIX-seconds time. */
export const istDayBucket = (time: number) => Math.floor((time + IST_OFFSET_S) / 86_400);
/** IST week (Monday to Sunday) of a UNIX-seconds time. */
export const istWeekBucket = (time: number) => Math.floor((istDayBucket(time) + 3) / 7);

/** Sorts ascending by time and keeps the last candle of each time: a chart never shows two candles at one time. */
export function sortAndDedupe(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of candles) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
