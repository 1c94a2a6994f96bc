import { describe, expect, it } from 'vitest';
import { marketGapOf } from './calibration.js';
import { fastNormal } from './daily-model.js';

describe('market gap calibration', () => {
  it('splits an index’s opening gaps into the share of the day’s move and a surprise unrelated to it', () => {
    // Built with gap = 0.4·r + 0.5·σ·z, z independent of r.
    const sigma = 0.01;
    const days: number[] = [];
    const open: number[] = [];
    const close: number[] = [100];
    for (let i = 1; i <= 5000; i += 1) {
      const r = sigma * fastNormal(7, i, 1, 0);
      const gap = 0.4 * r + 0.5 * sigma * fastNormal(7, i, 2, 0);
      open.push(close[i - 1]! * Math.exp(gap));
      close.push(close[i - 1]! * Math.exp(r));
    }
    for (let i = 0; i <= 5000; i += 1) days.push(i);
    const bars = { days, open: [100, ...open], high: close, low: close, close, volume: close };
    const { share, surprise } = marketGapOf(bars, 5000);
    expect(share).toBeCloseTo(0.4, 1);
    expect(surprise).toBeCloseTo(0.5, 1);
  });
});
