import { describe, expect, it } from 'vitest';
import { computeFees } from './fees.js';

describe('fee schedule (contract notes computed by hand)', () => {
  it('buy 10 × ₹2,500 = ₹25,000: brokerage capped at ₹20, stamp duty, no STT', () => {
    // brokerage min(₹25, ₹20) = 2000 p; exchange 2,500,000 × 0.00345% = 86.25 → 86 p;
    // GST 18% × 2086 = 375.48 → 375 p; SEBI 2.5 → 3 p (half-up); stamp 0.003% = 75 p.
    expect(computeFees('BUY', 2_500_000n)).toEqual({
      brokerage: 2000n,
      exchangeCharge: 86n,
      stt: 0n,
      gst: 375n,
      sebiFee: 3n,
      stampDuty: 75n,
      total: 2539n,
    });
  });

  it('sell 10 × ₹2,500: STT 0.025% instead of stamp duty', () => {
    expect(computeFees('SELL', 2_500_000n)).toEqual({
      brokerage: 2000n,
      exchangeCharge: 86n,
      stt: 625n,
      gst: 375n,
      sebiFee: 3n,
      stampDuty: 0n,
      total: 3089n,
    });
  });

  it('a ₹100 buy pays 0.1% brokerage under the cap and rounds each line on its own', () => {
    // brokerage 10 p; exchange 0.345 → 0; GST 1.8 → 2; SEBI 0.01 → 0; stamp 0.3 → 0.
    expect(computeFees('BUY', 10_000n)).toEqual({
      brokerage: 10n,
      exchangeCharge: 0n,
      stt: 0n,
      gst: 2n,
      sebiFee: 0n,
      stampDuty: 0n,
      total: 12n,
    });
  });

  it('reaches the ₹20 cap exactly at ₹20,000', () => {
    // 1,999,900 p × 0.1% = 1999.9 → 2000 p: rounding meets the cap just below ₹20,000.
    expect(computeFees('BUY', 1_999_900n).brokerage).toBe(2000n);
    expect(computeFees('BUY', 1_999_000n).brokerage).toBe(1999n);
    expect(computeFees('BUY', 2_000_000n).brokerage).toBe(2000n);
  });

  it('charges nothing on a zero trade and refuses a negative one', () => {
    expect(computeFees('SELL', 0n).total).toBe(0n);
    expect(() => computeFees('BUY', -1n)).toThrow(RangeError);
  });
});
