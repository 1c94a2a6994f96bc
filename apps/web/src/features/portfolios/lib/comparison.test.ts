import { describe, expect, it } from 'vitest';
import { chartScale, returnSeries, versusNifty } from './comparison';

const points = [
  { date: '2026-11-20', portfolioValue: 10000, nifty: null },
  { date: '2026-11-21', portfolioValue: 10250, nifty: 24000 },
  { date: '2026-11-24', portfolioValue: 9900, nifty: 24600 },
];

describe('portfolio comparison', () => {
  it('turns a series into percent change from its first value, leaving out days without one', () => {
    expect(returnSeries(points, (p) => p.portfolioValue)).toEqual([
      { date: '2026-11-20', percent: 0 },
      { date: '2026-11-21', percent: 2.5 },
      { date: '2026-11-24', percent: -1 },
    ]);
    // NIFTY has no close on the 20th: its line starts on the 21st, nothing is filled in.
    expect(returnSeries(points, (p) => p.nifty)).toEqual([
      { date: '2026-11-21', percent: 0 },
      { date: '2026-11-24', percent: 2.5 },
    ]);
    expect(returnSeries([], (p) => p.portfolioValue)).toEqual([]);
  });

  it('says how far a portfolio beat or trailed NIFTY 50, or nothing when either is unknown', () => {
    expect(versusNifty({ portfolioReturn: -2, niftyReturn: 0.99 })).toBe(-2.99);
    expect(versusNifty({ portfolioReturn: 3, niftyReturn: null })).toBeNull();
  });

  it('keeps zero inside the chart and spreads dates across the width', () => {
    const scale = chartScale(
      [
        [
          { date: 'a', percent: 2 },
          { date: 'b', percent: 4 },
        ],
      ],
      100,
      50,
    );
    expect(scale.min).toBe(0);
    expect(scale.y(0)).toBe(50);
    expect(scale.y(4)).toBe(0);
    expect([scale.x('a'), scale.x('b')]).toEqual([0, 100]);
  });
});
