import { describe, expect, it } from 'vitest';
import { black76, black76Greeks, impliedVol, normCdf } from './black76.js';

describe('normal CDF', () => {
  it('matches tabulated values to 1e-9', () => {
    const known: [number, number][] = [
      [0, 0.5],
      [1, 0.8413447460685429],
      [-1, 0.15865525393145707],
      [1.96, 0.9750021048517795],
      [-2, 0.022750131948179195],
      [3, 0.9986501019683699],
      [-5, 2.866515718791939e-7],
      [0.5, 0.6914624612740131],
      [8, 0.9999999999999993],
      [-10, 7.61985302416047e-24],
    ];
    for (const [x, p] of known)
      expect(Math.abs(normCdf(x) - p), `N(${x})`).toBeLessThan(1e-9 * Math.max(1, p));
    expect(normCdf(-10) / 7.61985302416047e-24).toBeCloseTo(1, 6);
  });
});

describe('Black-76', () => {
  // Hull's Example (Options, Futures and Other Derivatives, Black's model): F = 20, K = 20,
  // r = 9%, T = 4/12, σ = 25% → put ≈ 1.12 (European put on a future).
  it("reproduces Hull's futures-option example", () => {
    const put = black76({ F: 20, K: 20, T: 4 / 12, sigma: 0.25, r: 0.09, type: 'PE' });
    expect(put).toBeCloseTo(1.1166, 3);
  });

  it('satisfies put-call parity C − P = e^{-rT}(F − K)', () => {
    const args = { F: 24_100, K: 24_000, T: 20 / 365, sigma: 0.14, r: 0.0525 };
    const c = black76({ ...args, type: 'CE' });
    const p = black76({ ...args, type: 'PE' });
    expect(c - p).toBeCloseTo(Math.exp(-args.r * args.T) * 100, 8);
  });

  it('is discounted intrinsic at zero time or zero vol', () => {
    expect(black76({ F: 110, K: 100, T: 0, sigma: 0.2, r: 0.05, type: 'CE' })).toBe(10);
    expect(black76({ F: 110, K: 100, T: 1, sigma: 0, r: 0, type: 'PE' })).toBe(0);
  });

  it('has Greeks that agree with finite differences', () => {
    const base = { F: 24_000, K: 24_200, T: 15 / 365, sigma: 0.15, r: 0.0525, type: 'CE' as const };
    const g = black76Greeks(base);
    const h = 1;
    const up = black76({ ...base, F: base.F + h });
    const dn = black76({ ...base, F: base.F - h });
    const mid = black76(base);
    expect(g.delta).toBeCloseTo((up - dn) / (2 * h), 5);
    expect(g.gamma).toBeCloseTo((up - 2 * mid + dn) / (h * h), 5);
    expect(g.vega).toBeCloseTo(black76({ ...base, sigma: 0.16 }) - mid, 1);
    const dayLater = black76({ ...base, T: base.T - 1 / 365 });
    expect(g.theta).toBeCloseTo(dayLater - mid, 0);
    expect(g.theta).toBeLessThan(0);
  });

  it('converts delta to the spot when given S', () => {
    const base = { F: 24_100, K: 24_000, T: 0.1, sigma: 0.15, r: 0.05, type: 'PE' as const };
    expect(black76Greeks({ ...base, S: 24_000 }).delta).toBeCloseTo(
      (black76Greeks(base).delta * 24_100) / 24_000,
      12,
    );
  });

  it('recovers the implied volatility and refuses impossible prices', () => {
    const args = { F: 52_000, K: 51_000, T: 30 / 365, r: 0.0525, type: 'PE' as const };
    const price = black76({ ...args, sigma: 0.18 });
    expect(impliedVol(price, args)).toBeCloseTo(0.18, 7);
    expect(impliedVol(0, args)).toBeUndefined();
    expect(impliedVol(60_000, args)).toBeUndefined();
  });
});
