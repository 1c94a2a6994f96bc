import { describe, expect, it } from 'vitest';
import { aggregateCandles, intradayBucket, istDayBucket, istWeekBucket, sortAndDedupe } from './candles.js';

const open = Date.parse('2026-11-20T03:45:00Z') / 1000; // Fri 09:15 IST
const minutes = Array.from({ length: 375 }, (_, i) => ({
  time: open + i * 60,
  open: 100 + i,
  high: 101 + i + (i === 200 ? 50 : 0),
  low: 99 + i - (i === 10 ? 20 : 0),
  close: 100.5 + i,
  volume: 10,
}));

describe('candle aggregation', () => {
  it('folds 1-minute bars into 5-minute, hourly and daily bars', () => {
    const five = aggregateCandles(
      minutes,
      intradayBucket(() => open, 5),
    );
    expect(five).toHaveLength(75);
    expect(five[0]).toEqual({ time: open, open: 100, high: 105, low: 99, close: 104.5, volume: 50 });
    const hourly = aggregateCandles(
      minutes,
      intradayBucket(() => open, 60),
    );
    expect(hourly).toHaveLength(7); // 09:15, 10:15 … 15:15 (a 15-minute last bar)
    expect(hourly[6]!.time).toBe(open + 6 * 3600);
    expect(hourly[6]!.volume).toBe(150);
    const daily = aggregateCandles(minutes, istDayBucket);
    expect(daily).toEqual([
      { time: open, open: 100, high: 101 + 374, low: 99 + 10 - 20, close: 100.5 + 374, volume: 3750 },
    ]);
    // Aggregating in two steps gives the same day.
    expect(aggregateCandles(five, istDayBucket)).toEqual(daily);
  });

  it('groups days into Monday-to-Sunday IST weeks', () => {
    const fri = Date.parse('2026-11-20T03:45:00Z') / 1000;
    const sun = Date.parse('2026-11-22T03:45:00Z') / 1000;
    const mon = Date.parse('2026-11-23T03:45:00Z') / 1000;
    expect(istWeekBucket(fri)).toBe(istWeekBucket(sun));
    expect(istWeekBucket(mon)).toBe(istWeekBucket(fri) + 1);
    // 23:59 IST Sunday is still that week even though it is Sunday 18:29 UTC.
    expect(istWeekBucket(Date.parse('2026-11-22T18:29:00Z') / 1000)).toBe(istWeekBucket(fri));
  });

  it('sorts and removes duplicate times', () => {
    const c = (time: number, close: number) => ({ time, open: 1, high: 2, low: 1, close, volume: 0 });
    expect(sortAndDedupe([c(3, 1), c(1, 1), c(3, 2)])).toEqual([c(1, 1), c(3, 2)]);
  });
});
