import { describe, expect, it } from 'vitest';
import { bollingerBands, ema, macd, rsi, sma } from './indicators.js';

const round = (series: Array<number | null>, digits = 2) =>
  series.map((v) => (v === null ? null : Number(v.toFixed(digits))));
const linear = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('sma', () => {
  it('averages the last N closes, null before warm-up (hand computed)', () => {
    expect(sma([2, 4, 6, 8, 10], 3)).toEqual([null, null, 4, 6, 8]);
  });

  it('SMA(20) of 1..25 is the window centre', () => {
    const out = sma(linear(25));
    expect(out.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(out[19]).toBe(10.5);
    expect(out[24]).toBe(15.5);
  });
});

describe('ema', () => {
  it('is seeded with the SMA then smoothed with k = 2/(N+1) (hand computed)', () => {
    // N=3, k=0.5: seed (1+2+3)/3 = 2; then 4×.5+2×.5 = 3; 5×.5+3×.5 = 4; 10×.5+4×.5 = 7.
    expect(ema([1, 2, 3, 4, 5, 10], 3)).toEqual([null, null, 2, 3, 4, 7]);
  });

  it('EMA(12) lags a straight line by (N−1)/2', () => {
    const out = ema(linear(40));
    expect(out[10]).toBeNull();
    for (let i = 11; i < 40; i += 1) expect(out[i]).toBeCloseTo(i + 1 - 5.5, 10);
  });
});

describe('rsi (Wilder)', () => {
  // The 14-day RSI worked example of StockCharts' "Relative Strength Index" ChartSchool article.
  const closes = [
    44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931,
    46.0328, 45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137,
    46.4515, 45.7835, 45.3548, 44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
  ];
  const published = [
    70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87,
    45.46, 37.3, 33.08, 37.77,
  ];

  it('matches the published table', () => {
    const out = rsi(closes);
    expect(out.slice(0, 14)).toEqual(new Array(14).fill(null));
    expect(round(out.slice(14))).toEqual(published);
  });

  it('is 100 on a rising series, 0 on a falling one and 50 when flat', () => {
    expect(rsi(linear(20)).at(-1)).toBe(100);
    expect(rsi(linear(20).reverse()).at(-1)).toBe(0);
    expect(rsi(new Array(20).fill(7)).at(-1)).toBe(50);
  });

  it('returns all nulls when there are not enough closes', () => {
    expect(rsi([1, 2, 3], 14)).toEqual([null, null, null]);
  });
});

describe('macd', () => {
  it('MACD(12,26,9) of a straight line is the lag difference 12.5 − 5.5 = 7 with a flat signal', () => {
    const { macd: line, signal, histogram } = macd(linear(60));
    expect(line[24]).toBeNull();
    expect(line[25]).toBeCloseTo(7, 10);
    // Signal starts 9 MACD values later: index 25 + 8.
    expect(signal[32]).toBeNull();
    expect(signal[33]).toBeCloseTo(7, 10);
    expect(histogram[33]).toBeCloseTo(0, 10);
    expect(histogram[59]).toBeCloseTo(0, 10);
  });

  it('small periods, hand computed: MACD(2,3,2)', () => {
    // EMA2 (k=2/3): seed 1.5 at i1; i2 2.5; i3 = 6×2/3 + 2.5/3 = 4.8333; i4 = 4×2/3 + 4.8333/3 = 4.2778
    // EMA3 (k=1/2): seed 2 at i2; i3 = 6×.5 + 2×.5 = 4; i4 = 4×.5 + 4×.5 = 4
    // MACD: i2 0.5; i3 0.8333; i4 0.2778. Signal EMA2: seed (0.5+0.8333)/2 = 0.6667 at i3; i4 = 0.2778×2/3 + 0.6667/3 = 0.4074
    const out = macd([1, 2, 3, 6, 4], 2, 3, 2);
    expect(round(out.macd, 4)).toEqual([null, null, 0.5, 0.8333, 0.2778]);
    expect(round(out.signal, 4)).toEqual([null, null, null, 0.6667, 0.4074]);
    expect(round(out.histogram, 4)).toEqual([null, null, null, 0.1667, -0.1296]);
  });
});

describe('bollingerBands', () => {
  it('uses the population standard deviation (hand computed)', () => {
    // Window [2,4,4,4,5,5,7,9]: mean 5, population variance 32/8 = 4, σ = 2 → 5 ± 4.
    const out = bollingerBands([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(out.middle.at(-1)).toBe(5);
    expect(out.upper.at(-1)).toBe(9);
    expect(out.lower.at(-1)).toBe(1);
    expect(out.upper.slice(0, 7).every((v) => v === null)).toBe(true);
  });

  it('BB(20, 2) of 1..20: σ² = (20² − 1)/12', () => {
    const out = bollingerBands(linear(20));
    const sd = Math.sqrt(399 / 12);
    expect(out.middle[19]).toBe(10.5);
    expect(out.upper[19]).toBeCloseTo(10.5 + 2 * sd, 10);
    expect(out.lower[19]).toBeCloseTo(10.5 - 2 * sd, 10);
  });
});

it('rejects a non-positive period', () => {
  expect(() => sma([1, 2], 0)).toThrow(RangeError);
});
