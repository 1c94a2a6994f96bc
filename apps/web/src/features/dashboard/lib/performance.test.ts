import { describe, expect, it } from 'vitest';
import { comparisonText, rebasePerformance } from './performance';

describe('rebasePerformance', () => {
  it('starts both lines at 0% and follows each one from its own first value', () => {
    const { portfolio, nifty } = rebasePerformance([
      { date: '2026-11-18', portfolioValue: 10_000, nifty: 24_000 },
      { date: '2026-11-19', portfolioValue: 10_100, nifty: null },
      { date: '2026-11-20', portfolioValue: 9_950, nifty: 24_240 },
    ]);
    expect(portfolio).toEqual([
      { time: '2026-11-18', value: 0 },
      { time: '2026-11-19', value: 1 },
      { time: '2026-11-20', value: -0.5 },
    ]);
    expect(nifty).toEqual([
      { time: '2026-11-18', value: 0 },
      { time: '2026-11-20', value: 1 },
    ]);
  });

  it('rebases the index from its first known day when the first is missing', () => {
    const { nifty } = rebasePerformance([
      { date: '2026-11-18', portfolioValue: 10_000, nifty: null },
      { date: '2026-11-19', portfolioValue: 10_000, nifty: 20_000 },
      { date: '2026-11-20', portfolioValue: 10_000, nifty: 19_000 },
    ]);
    expect(nifty).toEqual([
      { time: '2026-11-19', value: 0 },
      { time: '2026-11-20', value: -5 },
    ]);
  });
});

describe('comparisonText', () => {
  it('names the winner and the gap', () => {
    expect(comparisonText(3.5, 1.25)).toBe('You beat NIFTY 50 by 2.25 percentage points.');
    expect(comparisonText(-1, 2)).toBe('NIFTY 50 beat your portfolio by 3.00 percentage points.');
    expect(comparisonText(null, 2)).toBeNull();
  });
});
