import { describe, expect, it } from 'vitest';
import {
  autocorrelation,
  beta,
  correlation,
  groupCorrelations,
  intradayVolatilityProfile,
  kurtosis,
  largestMinuteMoveShare,
  logReturns,
  longestRunAtZeroChange,
  longestRunNearExtreme,
  longestUnchangedRun,
  meanRangeShare,
  median,
  monthlySigma,
  quantile,
  shareBeyondMove,
  shareBeyondSigma,
  stdev,
  weeklyCloses,
  weeklySigma,
} from './realism-stats.js';

// Every expected value below is worked out by hand in the comment beside it.
describe('realism statistics', () => {
  it('log returns', () => {
    const r = logReturns([1, Math.E, Math.E ** 3]);
    expect(r[0]).toBeCloseTo(1, 12);
    expect(r[1]).toBeCloseTo(2, 12);
    expect(logReturns([5])).toEqual([]);
  });

  it('median and quantile', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(
      quantile(
        Array.from({ length: 101 }, (_, i) => i),
        0.99,
      ),
    ).toBe(99);
  });

  it('sample standard deviation', () => {
    // mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; 32 / 7
    expect(stdev([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(stdev([1])).toBeNaN();
  });

  it('Pearson kurtosis (normal = 3)', () => {
    // m2 = 32/8 = 4; m4 = (81+1+1+1+0+0+16+256)/8 = 44.5; 44.5 / 16
    expect(kurtosis([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.78125, 12);
    // two points: m2 = 1, m4 = 1
    expect(kurtosis([-1, 1])).toBeCloseTo(1, 12);
    // one outlier among nine zeros: mean 1, m2 = (9·1 + 81)/10 = 9, m4 = (9·1 + 9⁴)/10 = 657; 657 / 81
    expect(kurtosis([0, 0, 0, 0, 0, 0, 0, 0, 0, 10])).toBeCloseTo(657 / 81, 10);
    expect(kurtosis([3, 3, 3])).toBeNaN();
  });

  it('beta and correlation', () => {
    expect(beta([2, 4, 6], [1, 2, 3])).toBeCloseTo(2, 12);
    // cov = ((−1)(−1) + 0·1 + 1·0) / 2 = 0.5; var(index) = 1; var(stock) = 1
    expect(beta([1, 3, 2], [1, 2, 3])).toBeCloseTo(0.5, 12);
    expect(correlation([1, 3, 2], [1, 2, 3])).toBeCloseTo(0.5, 12);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(beta([1, 2, 3], [4, 4, 4])).toBeNaN();
  });

  it('autocorrelation at lag k', () => {
    // mean 2.5, deviations ±1.5, ±0.5: Σd² = 5; lag 1: 0.75 − 0.25 + 0.75 = 1.25
    expect(autocorrelation([1, 2, 3, 4], 1)).toBeCloseTo(0.25, 12);
    // lag 2: (−1.5)(0.5) + (−0.5)(1.5) = −1.5
    expect(autocorrelation([1, 2, 3, 4], 2)).toBeCloseTo(-0.3, 12);
    // alternating: Σd² = 4, lag 1 sum = −3
    expect(autocorrelation([1, -1, 1, -1], 1)).toBeCloseTo(-0.75, 12);
    expect(autocorrelation([1, 2], 1)).toBeNaN();
  });

  it('share of days beyond ±kσ and beyond ±10%', () => {
    // mean 1, sample σ = √10 ≈ 3.16: only the 10 is more than 2σ from the mean
    expect(shareBeyondSigma([0, 0, 0, 0, 0, 0, 0, 0, 0, 10], 2)).toBeCloseTo(0.1, 12);
    expect(shareBeyondSigma([0, 0, 0, 0, 0, 0, 0, 0, 0, 10], 3)).toBe(0);
    // +20% and −15% are beyond ±10%; +5% and 0 are not
    expect(shareBeyondMove([Math.log(1.2), Math.log(0.85), Math.log(1.05), 0], 0.1)).toBe(0.5);
  });

  it('weekly closes by calendar week, and weekly σ', () => {
    // day 4 = Mon 1970-01-05; 4, 5, 8 (Fri) and 10 (Sun) are one week; 11 (Mon) and 15 (Fri) the next; 18 (Mon) the third
    expect(weeklyCloses([4, 5, 8, 10, 11, 15, 18], [1, 2, 3, 4, 5, 6, 7])).toEqual([4, 6, 7]);
    // weekly closes 1, e, 1: returns +1, −1, σ = √2
    expect(weeklySigma([4, 8, 15, 22], [0.5, 1, Math.E, 1])).toBeCloseTo(Math.SQRT2, 12);
    // day 30 = 1970-01-31, 31 = 02-01, 58 = 02-28, 59 = 03-01: month-end closes 1, e, e³ → returns 1, 2, σ = √0.5
    expect(monthlySigma([10, 30, 31, 58, 59], [7, 1, 5, Math.E, Math.E ** 3])).toBeCloseTo(
      Math.sqrt(0.5),
      12,
    );
  });

  it('mean high–low range as a share of the close', () => {
    expect(meanRangeShare([11, 22], [9, 18], [10, 20])).toBeCloseTo(0.2, 12);
  });

  it('largest one-minute move as a share of the day range', () => {
    // range 104 − 99 = 5; moves from the open 100: 1, 2, 1, 4
    const day = {
      open: [100, 101, 99, 100],
      high: [101, 101, 100, 104],
      low: [100, 99, 99, 100],
      close: [101, 99, 100, 104],
    };
    expect(largestMinuteMoveShare(day)).toBeCloseTo(0.8, 12);
    expect(largestMinuteMoveShare({ open: [5], high: [5], low: [5], close: [5] })).toBeNaN();
  });

  it('longest run near the day extreme, unchanged, and at 0.00%', () => {
    // high 104: 0.1% band ≥ 103.896 holds 104, 104, 103.95 (3 minutes); low 99: ≤ 99.099 holds 99, 99.05 (2)
    const closes = [100, 104, 104, 103.95, 102, 99, 99.05];
    const day = { open: [100, ...closes.slice(0, -1)], high: closes, low: closes, close: closes };
    expect(longestRunNearExtreme(day, 0.001)).toBe(3);
    // a wider band (2%) also takes 102: ≥ 101.92 → 104, 104, 103.95, 102 (4)
    expect(longestRunNearExtreme(day, 0.02)).toBe(4);
    expect(longestUnchangedRun([1, 1, 1, 2, 2])).toBe(2);
    expect(longestUnchangedRun([1, 2, 3])).toBe(0);
    // |change| < 0.005%: 100, 100.004, 99.996 (3 minutes), then 100.01 breaks the run
    expect(longestRunAtZeroChange([100, 100.004, 99.996, 100.01, 100], 100)).toBe(3);
  });

  it('intraday volatility profile by bucket, relative to the whole session', () => {
    // returns 0.02, −0.02 | 0.01, 0.01 in 2-minute buckets: RMS 0.02 and 0.01; overall √(10/4)·0.01
    const r = [0.02, -0.02, 0.01, 0.01];
    const close: number[] = [];
    let p = 100;
    for (const x of r) close.push((p *= Math.exp(x)));
    const profile = intradayVolatilityProfile([{ open: [100], high: close, low: close, close }], 2);
    const overall = Math.sqrt(2.5) * 0.01;
    expect(profile).toHaveLength(2);
    expect(profile[0]).toBeCloseTo(0.02 / overall, 10);
    expect(profile[1]).toBeCloseTo(0.01 / overall, 10);
  });

  it('mean correlation within and across groups', () => {
    const at = (xs: number[]) => new Map(xs.map((x, i) => [i, x]));
    const out = groupCorrelations(
      [
        { group: 'bank', returns: at([1, 2, 3]) },
        { group: 'bank', returns: at([2, 4, 6]) },
        { group: 'it', returns: at([3, 2, 1]) },
      ],
      3,
    );
    expect(out).toEqual({ within: 1, across: -1, withinPairs: 1, acrossPairs: 2 });
    // pairs with too few common days are left out
    expect(
      groupCorrelations(
        [
          { group: 'a', returns: at([1, 2, 3]) },
          { group: 'a', returns: new Map([[7, 1]]) },
        ],
        3,
      ).withinPairs,
    ).toBe(0);
  });
});
