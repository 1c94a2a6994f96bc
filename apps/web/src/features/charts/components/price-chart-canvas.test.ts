import { describe, expect, it } from 'vitest';
import type { Candle } from '@nivesh/shared';
import { changedFrom, seriesMarkers } from './price-chart-canvas';
import { DOWN_COLOR, UP_COLOR } from './chart-options';

const candle = (time: number, close: number): Candle => ({
  time,
  open: 100,
  high: 110,
  low: 90,
  close,
  volume: 10,
});
const base = [candle(60, 101), candle(120, 102), candle(180, 103)];

describe('changedFrom (which points a live tick changed)', () => {
  it('is the last index when only the last candle moved', () => {
    expect(changedFrom(base, [...base.slice(0, 2), candle(180, 104)])).toBe(2);
  });

  it('is the last index when one candle was appended after it', () => {
    expect(changedFrom(base, [...base, candle(240, 105)])).toBe(2);
  });

  it('asks for a full re-feed when history changed, shrank, jumped or is new', () => {
    expect(changedFrom(null, base)).toBeNull();
    expect(changedFrom(base, [candle(60, 99), ...base.slice(1)])).toBeNull();
    expect(changedFrom(base, base.slice(0, 2))).toBeNull();
    expect(changedFrom(base, [...base, candle(240, 1), candle(300, 1)])).toBeNull();
    expect(changedFrom(base, [candle(0, 1), ...base.slice(0, 2)])).toBeNull();
  });
});

describe('seriesMarkers (trades drawn on the price series)', () => {
  it('puts buys under the bar and sells over it, in time order', () => {
    expect(
      seriesMarkers([
        { time: 180, side: 'SELL', text: 'S 2' },
        { time: 60, side: 'BUY', text: 'B 2' },
      ]),
    ).toEqual([
      { time: 60, position: 'belowBar', shape: 'arrowUp', color: UP_COLOR, text: 'B 2' },
      { time: 180, position: 'aboveBar', shape: 'arrowDown', color: DOWN_COLOR, text: 'S 2' },
    ]);
  });
});
