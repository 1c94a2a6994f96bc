import { describe, expect, it } from 'vitest';
import { rebasePerformance } from './performance-lines';

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
