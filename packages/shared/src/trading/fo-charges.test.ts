import { describe, expect, it } from 'vitest';
import { ratePercent } from './charge-schedules.js';
import { FO_CHARGE_SCHEDULES, exerciseStt, foCharges, foScheduleFor } from './fo-charges.js';

describe('F&O charges as dated data', () => {
  it('dates and sources every row', () => {
    for (const row of FO_CHARGE_SCHEDULES) {
      expect(row.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.source.length).toBeGreaterThan(40);
    }
  });

  it('raises STT on 2026-04-01: options 0.1% → 0.15%, futures 0.02% → 0.05%', () => {
    expect(ratePercent(foScheduleFor('option', '2026-03-31').sttOnSell)).toBe(0.1);
    expect(ratePercent(foScheduleFor('option', '2026-04-01').sttOnSell)).toBe(0.15);
    expect(ratePercent(foScheduleFor('future', '2026-03-31').sttOnSell)).toBe(0.02);
    expect(ratePercent(foScheduleFor('future', '2026-04-01').sttOnSell)).toBe(0.05);
  });

  it('costs one NIFTY lot (65 × ₹100) bought and sold, line by line', () => {
    // Premium 6,500.00 = 650,000 paise. Each line half-up to the paisa:
    // buy:  brokerage 2000; NSE 650000 × 0.03553% = 230.945 → 231; SEBI 0.65 → 1;
    //       GST 18% × (2000 + 231 + 1) = 401.76 → 402; stamp 0.003% = 19.5 → 20; STT 0 → 2654
    // sell: 2000 + 231 + 1 + 402 + STT 0.15% = 975 → 3609
    const buy = foCharges({ kind: 'option', side: 'BUY', valuePaise: 650_000n, isoDay: '2026-11-27' });
    const sell = foCharges({ kind: 'option', side: 'SELL', valuePaise: 650_000n, isoDay: '2026-11-27' });
    expect(buy).toEqual({
      brokerage: 2000n,
      exchangeCharge: 231n,
      stt: 0n,
      gst: 402n,
      sebiFee: 1n,
      stampDuty: 20n,
      dpCharge: 0n,
      squareOffCharge: 0n,
      total: 2654n,
    });
    expect(sell.stt).toBe(975n);
    expect(sell.total).toBe(3609n);
    // ₹62.63 itemised. The research note's ₹62.61 is the same rates without rounding each line:
    // 2 × (20 + 2.30945 + 0.0065 + 4.016871) + 0.195 + 9.75 = 62.610642 → ₹62.61.
    expect(buy.total + sell.total).toBe(6263n);
    const unrounded = 2 * (20 + 2.30945 + 0.0065 + 0.18 * (20 + 2.30945 + 0.0065)) + 0.195 + 9.75;
    expect(unrounded.toFixed(2)).toBe('62.61');
  });

  it('adds the ₹59 square-off line only on an order the broker placed at the MIS cut-off', () => {
    const args = { kind: 'option', side: 'SELL', valuePaise: 650_000n, isoDay: '2026-11-27' } as const;
    const own = foCharges(args);
    const squared = foCharges({ ...args, squareOff: true });
    expect(own.squareOffCharge).toBe(0n);
    expect(squared.squareOffCharge).toBe(5_900n);
    expect(squared.total).toBe(own.total + 5_900n);
  });

  it('caps futures brokerage at ₹20 and charges 0.03% below it', () => {
    // One NIFTY lot of futures at 24,000: value 15,60,000 → 0.03% = 468 > 20 → 20.
    const big = foCharges({ kind: 'future', side: 'SELL', valuePaise: 156_000_000n, isoDay: '2026-11-27' });
    expect(big.brokerage).toBe(2000n);
    // STT 0.05% of 15,60,000 = 780.00; NSE 0.00183% = 28.548 → 28.55.
    expect(big.stt).toBe(78_000n);
    expect(big.exchangeCharge).toBe(2855n);
    const small = foCharges({ kind: 'future', side: 'BUY', valuePaise: 5_000_000n, isoDay: '2026-11-27' });
    expect(small.brokerage).toBe(1500n); // 0.03% of ₹50,000 = ₹15
    expect(small.stampDuty).toBe(100n); // 0.002% = ₹1
    expect(small.stt).toBe(0n);
  });

  it('charges exercise STT on intrinsic value by the date', () => {
    // 65 × ₹130.50 intrinsic = 8,482.50 → 0.15% = 12.72375 → 12.72; 0.125% before April 2026 = 10.603 → 10.60
    expect(exerciseStt(848_250n, '2026-12-29')).toBe(1272n);
    expect(exerciseStt(848_250n, '2026-03-31')).toBe(1060n);
    expect(exerciseStt(0n, '2026-12-29')).toBe(0n);
  });
});
