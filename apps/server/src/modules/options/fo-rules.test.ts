import { describe, expect, it } from 'vitest';
import { divRound, nearestLots, netFill } from './fo-rules.js';

describe('F&O position netting', () => {
  it('averages an opening fill on the same side', () => {
    expect(netFill({ quantity: 65, averagePricePaise: 10_000n }, 65, 12_000n)).toEqual({
      quantity: 130,
      averagePricePaise: 11_000n,
      realisedPaise: 0n,
    });
  });
  it('a buy against a short closes it first and realises the difference', () => {
    // Short 65 at ₹120, buy back 65 at ₹100: +₹20 × 65 = ₹1,300.
    expect(netFill({ quantity: -65, averagePricePaise: 12_000n }, 65, 10_000n)).toEqual({
      quantity: 0,
      averagePricePaise: 0n,
      realisedPaise: 130_000n,
    });
  });
  it('flips through zero: the rest opens at the fill price', () => {
    expect(netFill({ quantity: 65, averagePricePaise: 10_000n }, -130, 9_000n)).toEqual({
      quantity: -65,
      averagePricePaise: 9_000n,
      realisedPaise: -65_000n,
    });
  });
  it('rounds half up and names the nearest lots', () => {
    expect(divRound(3n, 2n)).toBe(2n);
    expect(nearestLots(100, 65)).toEqual([65, 130]);
    expect(nearestLots(30, 65)).toEqual([65]);
  });
});
