import { describe, expect, it } from 'vitest';
import {
  fastNormal,
  KURTOSIS_BIAS,
  ownKurtosis,
  rareMove,
  STOCK_EVENT_RATE,
  STOCK_EVENT_SHARE,
  studentT,
  tailNu,
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
