import { describe, expect, it } from 'vitest';
import { expiryPayoff, payoffSummary, todayPayoff } from './payoff';
import type { StrategyLeg } from './strategy';

const LOT = 65;

function leg(type: 'CE' | 'PE', strike: number, side: 'BUY' | 'SELL', price: number, lots = 1): StrategyLeg {
  return {
    tradingsymbol: `NIFTY26D01${strike}${type}`,
    type,
    strike,
    side,
    lots,
    price,
    limit: price,
    iv: 13,
    delta: 0,
    gamma: 0,
    theta: 0,
    vega: 0,
  };
}

describe('payoffSummary', () => {
  it('a long call: loss capped at the premium, profit unbounded, breakeven at strike + premium', () => {
    const s = payoffSummary([leg('CE', 24000, 'BUY', 100)], LOT);
    expect(s.maxProfit).toBeNull();
    expect(s.maxLoss).toBe(-6500); // 100 × 65
    expect(s.breakevens).toEqual([24100]);
  });

  it('a short straddle: the premium is the best case, the loss is unbounded, two breakevens', () => {
    const s = payoffSummary([leg('CE', 24000, 'SELL', 100), leg('PE', 24000, 'SELL', 90)], LOT);
    expect(s.maxProfit).toBe(12350); // (100 + 90) × 65
    expect(s.maxLoss).toBeNull();
    expect(s.breakevens).toEqual([23810, 24190]);
  });

  it('an iron condor: credit is the best case, wing width minus credit the worst', () => {
    const legs = [
      leg('PE', 23800, 'BUY', 20),
      leg('PE', 23900, 'SELL', 40),
      leg('CE', 24100, 'SELL', 45),
      leg('CE', 24200, 'BUY', 25),
    ];
    const s = payoffSummary(legs, LOT);
    expect(s.maxProfit).toBe(2600); // credit 40 × 65
    expect(s.maxLoss).toBe(-3900); // (100 − 40) × 65
    expect(s.breakevens).toEqual([23860, 24140]);
  });

  it('a long put is bounded both ways: the best case is at an index of zero', () => {
    const s = payoffSummary([leg('PE', 24000, 'BUY', 100, 2)], LOT);
    expect(s.maxProfit).toBe((24000 - 100) * 130);
    expect(s.maxLoss).toBe(-13000);
    expect(s.breakevens).toEqual([23900]);
  });
});

describe('todayPayoff', () => {
  it('lies above the expiry payoff for a long call (time value) and meets it as expiry nears', () => {
    const legs = [leg('CE', 24000, 'BUY', 100)];
    const week = todayPayoff(legs, LOT, 24000, { T: 7 / 365, carry: 1, r: 0.06 });
    expect(week).toBeGreaterThan(expiryPayoff(legs, LOT, 24000));
    const atClose = todayPayoff(legs, LOT, 24300, { T: 1e-9, carry: 1, r: 0.06 });
    expect(atClose).toBeCloseTo(expiryPayoff(legs, LOT, 24300), 0);
  });
});
