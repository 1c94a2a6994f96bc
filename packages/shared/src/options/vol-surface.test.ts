import { describe, expect, it } from 'vitest';
import { LONG_RUN_VOL, atmVolForExpiry, surfaceVol } from './vol-surface.js';

describe('vol surface', () => {
  const T = 20 / 365;
  it('prices OTM puts dearer than equally far OTM calls', () => {
    const F = 24_000;
    expect(surfaceVol({ atmVol: 0.14, F, K: 23_000, T })).toBeGreaterThan(
      surfaceVol({ atmVol: 0.14, F, K: F * (F / 23_000), T }),
    );
  });

  it('equals the term-adjusted ATM vol at the money and the VIX at 30 days', () => {
    expect(surfaceVol({ atmVol: 0.2, F: 24_000, K: 24_000, T: 30 / 365 })).toBeCloseTo(0.2, 12);
    expect(surfaceVol({ atmVol: 0.2, F: 24_000, K: 24_000, T })).toBeCloseTo(atmVolForExpiry(0.2, T), 12);
  });

  it('inverts the term structure when VIX is high and lifts it when low', () => {
    expect(atmVolForExpiry(0.3, 2 / 365)).toBeGreaterThan(0.3);
    expect(atmVolForExpiry(0.3, 90 / 365)).toBeLessThan(0.3);
    expect(atmVolForExpiry(0.11, 2 / 365)).toBeLessThan(0.11);
    expect(atmVolForExpiry(0.11, 90 / 365)).toBeGreaterThan(0.11);
    expect(atmVolForExpiry(LONG_RUN_VOL, 0.5)).toBeCloseTo(LONG_RUN_VOL, 12);
  });

  it('stays bounded in the far wings', () => {
    const far = surfaceVol({ atmVol: 0.14, F: 24_000, K: 10_000, T });
    expect(far).toBeLessThan(0.14 * 1.5);
    expect(surfaceVol({ atmVol: 0.14, F: 24_000, K: 60_000, T })).toBeGreaterThan(0.1);
  });
});
