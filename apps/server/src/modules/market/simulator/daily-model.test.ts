import { describe, expect, it } from 'vitest';
import {
  fastNormal,
  garchStep,
  KURTOSIS_BIAS,
  ownKurtosis,
  rareMove,
  STOCK_EVENT_RATE,
  STOCK_EVENT_SHARE,
  studentT,
  tailNu,
  varianceLevel,
} from './daily-model.js';
import { kurtosis } from './realism-stats.js';

describe('daily model tails', () => {
  it('gives a stock whose variance is partly a normal sector factor the kurtosis measured on its real residuals', () => {
    // Real residuals of kurtosis 3.8 (thin enough tails for a sample kurtosis to settle), 70% of their variance the stock's own, 30% a normal sector factor.
    const measured = 3.8;
    const own = 0.7;
    const nu = tailNu(ownKurtosis(measured, own), STOCK_EVENT_RATE, STOCK_EVENT_SHARE);
    const xs: number[] = [];
    for (let day = 0; day < 200_000; day += 1) {
      const shock =
        Math.sqrt(1 - STOCK_EVENT_SHARE) * studentT(nu, 11, day, 30, 0) +
        rareMove(STOCK_EVENT_RATE, STOCK_EVENT_SHARE, 11, day, 31);
      xs.push(Math.sqrt(own) * shock + Math.sqrt(1 - own) * fastNormal(12, day, 1, 0));
    }
    // The excess is scaled up on purpose, for the downward bias of a few years' sample kurtosis.
    const target = 3 + KURTOSIS_BIAS * (measured - 3);
    expect(kurtosis(xs)).toBeGreaterThan(target - 0.35);
    expect(kurtosis(xs)).toBeLessThan(target + 0.35);
  });

  it('asks the own shocks for the scaled excess alone without a sector part, and for more with one', () => {
    expect(ownKurtosis(6, 1)).toBeCloseTo(3 + KURTOSIS_BIAS * 3, 10);
    // A normal part dilutes the tails, so the own shocks need more.
    expect(ownKurtosis(6, 0.6)).toBeGreaterThan(ownKurtosis(6, 1));
  });
});

describe('variance targeting', () => {
  /** σ (as a ratio to the long-run one) of four years of a persistent GARCH with fat-tailed shocks. */
  const fourYearSigma = (key: number, targeted: boolean) => {
    const garch = { a: 0.1, b: 0.87 };
    let g = 1;
    let excess = 0;
    let sum = 0;
    const days = 1000;
    for (let day = 0; day < days; day += 1) {
      const level = targeted ? varianceLevel(excess) : 1;
      const raw = Math.sqrt(g) * studentT(5, key, day, 30, 0);
      const x = Math.sqrt(level) * raw;
      g = garchStep(garch, g, raw);
      excess += x * x - 1;
      sum += x * x;
    }
    return Math.sqrt(sum / days);
  };

  it('keeps a few years’ σ near the long-run one where GARCH alone lets it wander', () => {
    // Root mean square of log σ over 40 paths (0 = every path's σ is the long-run one).
    const spread = (targeted: boolean) => {
      const logs = Array.from({ length: 40 }, (_, key) => Math.log(fourYearSigma(key + 1, targeted)));
      return Math.sqrt(logs.reduce((s, x) => s + x * x, 0) / logs.length);
    };
    // About 18% without it (the spread seen between seeds), about 5% with it.
    expect(spread(false)).toBeGreaterThan(0.12);
    expect(spread(true)).toBeLessThan(0.07);
  });

  it('is neutral with no excess and bounded either way', () => {
    expect(varianceLevel(0)).toBe(1);
    expect(varianceLevel(1e6)).toBe(0.5);
    expect(varianceLevel(-1e6)).toBe(2);
  });
});
