import { describe, expect, it } from 'vitest';
import { black76 } from './black76.js';
import { yearFraction } from './expiries.js';
import { SPAN_PARAMS, priceScanFraction, spanMargin, spanParamsOn, type SpanLeg } from './span.js';
import { surfaceVol } from './vol-surface.js';

// Monday 2026-11-30 10:00 IST. r = q so the future equals the index (24,000): the arithmetic stays
// by hand. VIX 10 → σ-scan 3 × 10% × √(5/252) = 4.23% < the 7% floor → scan range 1,680 points.
const MONDAY = Date.parse('2026-11-30T04:30:00Z');
const market = { spot: 24_000, vix: 10, nowMs: MONDAY, r: 0.05, q: 0.05 };
const margin = (legs: SpanLeg[], today = '2026-11-30', m = market) =>
  spanMargin({ legs, market: m, todayIsoDay: today });

describe('SPAN parameters', () => {
  it('are dated, sourced and labelled as an approximation', () => {
    for (const row of SPAN_PARAMS) {
      expect(row.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.note).toMatch(/approximates NSE Clearing/);
    }
    const p = spanParamsOn('2026-11-30');
    expect(priceScanFraction(p, 10)).toBe(0.07);
    expect(priceScanFraction(p, 20)).toBeCloseTo(3 * 0.2 * Math.sqrt(5 / 252), 12);
  });
});

describe('spanMargin (paise, integer numbers)', () => {
  it('margins a long NIFTY future at 9% of notional when VIX is calm', () => {
    // Down 3/3 of the range: 1,680 × 65 = ₹1,09,200 (scenario 13; the extreme 2 × 1,680 × 65 × 35%
    // = ₹76,440 is smaller). Exposure 2% × 65 × 24,000 = ₹31,200. Total ₹1,40,400 = 9% of ₹15.6 L.
    const r = margin([{ tradingsymbol: 'NIFTY26DECFUT', quantity: 65 }]);
    expect(r).toEqual({
      span: 10_920_000,
      exposure: 3_120_000,
      premium: 0,
      total: 14_040_000,
      worstScenario: 13,
    });
  });

  it('charges a long call its premium only', () => {
    // Worst loss of a long call ≤ its value, which is paid up front: span 0; 65 × ₹300 = ₹19,500.
    const r = margin([{ tradingsymbol: 'NIFTY26DEC24000CE', quantity: 65, price: 300 }]);
    expect(r).toEqual({
      span: 0,
      exposure: 0,
      premium: 1_950_000,
      total: 1_950_000,
      worstScenario: expect.any(Number),
    });
  });

  it('margins a short straddle by its worst scenario: index up 1,680 with vol up 4 points', () => {
    const legs = [
      { tradingsymbol: 'NIFTY26DEC24000CE', quantity: -65 },
      { tradingsymbol: 'NIFTY26DEC24000PE', quantity: -65 },
    ];
    // Scenario 11 revalues both at F = 25,680 and σ + 0.04, scenario 13 at F = 22,320 and σ + 0.04;
    // loss = 65 × Σ (V_scenario − V_now). The smile is sticky in moneyness, so after a rise the
    // 24,000 put sits on the dear put wing: the rise (11) loses more than the fall (13).
    const T = yearFraction(MONDAY, '2026-12-29');
    const value = (F: number, type: 'CE' | 'PE', shift: number) =>
      black76({
        F,
        K: 24_000,
        T,
        r: 0.05,
        type,
        sigma: surfaceVol({ atmVol: 0.1, F, K: 24_000, T }) + shift,
      });
    const lossAt = (F: number) =>
      65 * (value(F, 'CE', 0.04) - value(24_000, 'CE', 0) + value(F, 'PE', 0.04) - value(24_000, 'PE', 0));
    // Each ≈ 65 × (1,680 − the straddle's ~₹600 of value + its value after the move) ≈ ₹75,000,
    // above the 3% minimum ₹46,800.
    expect(lossAt(25_680)).toBeGreaterThan(lossAt(22_320));
    expect(lossAt(22_320)).toBeGreaterThan(46_800);
    const r = margin(legs);
    expect(r.worstScenario).toBe(11);
    expect(r.span).toBe(Math.round(lossAt(25_680) * 100));
    // Exposure on both shorts' notional: 2 × 2% × 65 × 24,000 = ₹62,400; no premium paid.
    expect(r.exposure).toBe(6_240_000);
    expect(r.premium).toBe(0);
  });

  it('caps an iron condor’s span by its wing width', () => {
    const legs = [
      { tradingsymbol: 'NIFTY26DEC23600PE', quantity: 65 },
      { tradingsymbol: 'NIFTY26DEC23800PE', quantity: -65 },
      { tradingsymbol: 'NIFTY26DEC24200CE', quantity: -65 },
      { tradingsymbol: 'NIFTY26DEC24400CE', quantity: 65 },
    ];
    // Net short options per side are 0 (each short hedged by a long wing): no minimum applies.
    // Whatever the scenario, the loss is at most the 200-point wing: 200 × 65 = ₹13,000.
    const r = margin(legs);
    expect(r.span).toBeGreaterThan(0);
    expect(r.span).toBeLessThanOrEqual(1_300_000);
    expect(r.exposure).toBe(6_240_000);
    const naked = margin(legs.filter((l) => l.quantity < 0));
    expect(naked.span).toBeGreaterThan(3 * r.span);
  });

  it('margins a covered position (long future + short deep call) at the short-option minimum', () => {
    // Long future + short 15,000 call ≈ a short 15,000 put: every scenario's loss is tiny
    // (1,680 × 65 × (1 − e^{-rT}) ≈ ₹437), so the 3% minimum rules: 3% × 24,000 × 65 = ₹46,800.
    const r = margin([
      { tradingsymbol: 'NIFTY26DECFUT', quantity: 65 },
      { tradingsymbol: 'NIFTY26DEC15000CE', quantity: -65 },
    ]);
    expect(r.span).toBe(4_680_000);
    // Exposure: 2% of the future (₹31,200) + 2% of the short call's notional (₹31,200).
    expect(r.exposure).toBe(6_240_000);
    const atm = margin([
      { tradingsymbol: 'NIFTY26DECFUT', quantity: 65 },
      { tradingsymbol: 'NIFTY26DEC24000CE', quantity: -65 },
    ]);
    expect(atm.span).toBeLessThan(10_920_000);
  });

  it('adds 2% on short options expiring today and nets no calendar on expiry day', () => {
    const tuesday = { ...market, nowMs: Date.parse('2026-12-01T04:30:00Z') };
    const short = { tradingsymbol: 'NIFTY26D0124000CE', quantity: -65 };
    const alone = margin([short], '2026-12-01', tuesday);
    // (2% + 2%) × 65 × 24,000 = ₹62,400.
    expect(alone.exposure).toBe(6_240_000);
    const calendar = margin(
      [short, { tradingsymbol: 'NIFTY26D0824000CE', quantity: 65 }],
      '2026-12-01',
      tuesday,
    );
    // The long next-week call sits in its own set (span 0: it is paid for), so no offset.
    expect(calendar.span).toBe(alone.span);
    // The day before, the same two legs net: the calendar needs less.
    const monday = margin([short, { tradingsymbol: 'NIFTY26D0824000CE', quantity: 65 }]);
    expect(monday.span).toBeLessThan(margin([short]).span);
  });

  it('refuses a symbol that is not a listed contract', () => {
    expect(() => margin([{ tradingsymbol: 'NIFTY26DEC24010CE', quantity: -65 }])).toThrow(RangeError);
  });
});
