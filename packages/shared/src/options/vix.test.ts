import { describe, expect, it } from 'vitest';
import { VIX_MODEL, intradayVix, vixFromIndexPath } from './vix.js';

function path(n: number, dailyMove: (i: number) => number): number[] {
  const out = [24_000];
  for (let i = 1; i < n; i += 1) out.push(out[i - 1]! * (1 + dailyMove(i)));
  return out;
}

describe('simulated India VIX', () => {
  it('is deterministic per key and differs between keys', () => {
    const p = path(50, (i) => (i % 3 === 0 ? -0.004 : 0.003));
    expect(vixFromIndexPath(p, 7)).toEqual(vixFromIndexPath(p, 7));
    expect(vixFromIndexPath(p, 7)).not.toEqual(vixFromIndexPath(p, 8));
  });

  it('rises when the index falls hard and stays within its bounds', () => {
    const crash = path(30, (i) => (i >= 10 && i < 15 ? -0.04 : 0));
    const vix = vixFromIndexPath(crash, 1);
    expect(vix[14]!).toBeGreaterThan(vix[9]! * 1.8);
    const many = vixFromIndexPath(
      path(2_000, (i) => (i % 2 ? -0.05 : 0.045)),
      3,
    );
    for (const v of many) expect(v >= VIX_MODEL.min && v <= VIX_MODEL.max).toBe(true);
  });

  it('reverts towards ~14 on a quiet index', () => {
    const vix = vixFromIndexPath(
      path(600, () => 0),
      11,
    );
    const tail = vix.slice(100);
    const mean = tail.reduce((a, b) => a + b, 0) / tail.length;
    expect(mean).toBeGreaterThan(11);
    expect(mean).toBeLessThan(17);
  });

  it('moves intraday against the index', () => {
    expect(intradayVix(14, -0.01)).toBeCloseTo(14 * Math.exp(0.05), 2);
    expect(intradayVix(14, 0.01)).toBeLessThan(14);
    expect(intradayVix(50, -0.2)).toBe(VIX_MODEL.max);
  });
});
