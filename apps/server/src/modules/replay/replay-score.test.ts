import { describe, expect, it } from 'vitest';
import { equalWeightPercent, maxDrawdownPercent, valueSeries, type ScoredFill } from './replay-score.js';

describe('replay score math', () => {
  it('values cash and shares at each instant, fills included from their own second', () => {
    const fills: ScoredFill[] = [
      { ms: 10, symbol: 'A', side: 'BUY', quantity: 10, valuePaise: 10_000n, feesPaise: 20n },
      { ms: 30, symbol: 'A', side: 'SELL', quantity: 10, valuePaise: 12_000n, feesPaise: 30n },
    ];
    const prices: Record<number, bigint> = { 0: 1_000n, 10: 1_000n, 20: 900n, 30: 1_200n, 40: 1_300n };
    const values = valueSeries(100_000n, fills, [0, 10, 20, 30, 40], (_s, ms) => prices[ms]!);
    // 100000 − 10020 = 89980 cash; + 10 × price; after the sell 89980 + 11970 = 101950 cash, no shares.
    expect(values).toEqual([100_000n, 99_980n, 98_980n, 101_950n, 101_950n]);
    // Peak 100000, trough 98980: 1.02%.
    expect(maxDrawdownPercent(values)).toBe(1.02);
  });

  it('never fell is 0, and buy-and-hold is the plain mean of each stock’s change', () => {
    expect(maxDrawdownPercent([100n, 110n, 120n])).toBe(0);
    expect(equalWeightPercent([])).toBeNull();
    expect(
      equalWeightPercent([
        { from: 100, to: 110 },
        { from: 200, to: 190 },
      ]),
    ).toBe(2.5);
  });
});
