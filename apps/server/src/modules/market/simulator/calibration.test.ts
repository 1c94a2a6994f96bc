import { describe, expect, it } from 'vitest';
import { longRunSigma, marketGapOf, REGIME_CHANGE_RATIO } from './calibration.js';
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

describe('long-run σ', () => {
  const within = (sigma: number, real: number) => Math.abs(sigma / real - 1) <= 0.15;

  it('stays within ±15% of both windows when one σ can, even where their geometric mean cannot', () => {
    // σ ratio 1.34: the geometric mean, 1.158, is more than 15% above the whole history's 1.
    for (const [all, last] of [
      [1, 1.34],
      [1.34, 1],
      [1, 0.75],
      [1, 1],
    ] as const) {
      const sigma = longRunSigma(all, last);
      expect(within(sigma, all) && within(sigma, last)).toBe(true);
    }
  });

  it('takes one window when none fits both: the last year after a regime change, else the whole history', () => {
    // No σ is within ±15% of both 1 and 0.5: a σ between them would miss both.
    expect(within(longRunSigma(1, 0.5), 0.5)).toBe(true);
    const mild = 1 / (REGIME_CHANGE_RATIO - 0.02);
    expect(within(longRunSigma(1, mild), 1)).toBe(true);
  });
});
