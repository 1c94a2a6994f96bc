import { describe, expect, it } from 'vitest';
import { computeFees } from './fees.js';
import { scheduleFor } from './charge-schedules.js';

const MIS = scheduleFor('MIS', 'NSE', '2026-11-27');
const CNC = scheduleFor('CNC', 'NSE', '2026-11-27');
const CNC_ZERO = scheduleFor('CNC', 'NSE', '2026-11-27', 'zero');

describe('intraday (MIS) schedule on NSE (contract notes computed by hand)', () => {
  it('buy 10 × ₹2,500 = ₹25,000: brokerage capped at ₹20, stamp duty, no STT', () => {
    // brokerage min(₹25, ₹20) = 2000 p; exchange 2,500,000 × 0.00307% = 76.75 → 77 p;
    // SEBI 2.5 → 3 p (half-up); GST 18% × (2000 + 77 + 3) = 374.4 → 374 p; stamp 0.003% = 75 p.
    expect(computeFees('BUY', 2_500_000n, MIS)).toEqual({
      brokerage: 2000n,
      exchangeCharge: 77n,
      stt: 0n,
      gst: 374n,
      sebiFee: 3n,
      stampDuty: 75n,
      dpCharge: 0n,
      squareOffCharge: 0n,
      total: 2529n,
    });
  });

  it('sell 10 × ₹2,500: STT 0.025% instead of stamp duty; a square-off adds ₹59', () => {
    const sell = { brokerage: 2000n, exchangeCharge: 77n, stt: 625n, gst: 374n, sebiFee: 3n, stampDuty: 0n };
    expect(computeFees('SELL', 2_500_000n, MIS)).toEqual({
      ...sell,
      dpCharge: 0n,
      squareOffCharge: 0n,
      total: 3079n,
    });
    expect(computeFees('SELL', 2_500_000n, MIS, { squareOff: true, firstSellOfDay: true })).toEqual({
      ...sell,
      dpCharge: 0n,
      squareOffCharge: 5900n,
      total: 8979n,
    });
  });

  it('a ₹100 buy pays 0.1% brokerage under the cap and rounds each line on its own', () => {
    // brokerage 10 p; exchange 0.307 → 0; SEBI 0.01 → 0; GST 1.8 → 2; stamp 0.3 → 0.
    expect(computeFees('BUY', 10_000n, MIS).total).toBe(12n);
  });

  it('reaches the ₹20 cap exactly at ₹20,000', () => {
    // 1,999,900 p × 0.1% = 1999.9 → 2000 p: rounding meets the cap just below ₹20,000.
    expect(computeFees('BUY', 1_999_900n, MIS).brokerage).toBe(2000n);
    expect(computeFees('BUY', 1_999_000n, MIS).brokerage).toBe(1999n);
    expect(computeFees('BUY', 2_000_000n, MIS).brokerage).toBe(2000n);
  });

  it('charges nothing on a zero trade and refuses a negative one', () => {
    expect(computeFees('SELL', 0n, MIS).total).toBe(0n);
    expect(() => computeFees('BUY', -1n, MIS)).toThrow(RangeError);
  });
});

describe('delivery (CNC) schedule on NSE: the ₹1,00,000 round trip', () => {
  // Per side: exchange 10,000,000 × 0.00307% = 307 p; SEBI ₹10/crore = 10 p; STT 0.1% = 10,000 p.
  it('costs ₹237.82 under zero-brokerage delivery', () => {
    // GST 18% × (0 + 307 + 10) = 57.06 → 57 p; stamp 0.015% = 1,500 p on the buy; DP 1,534 p on the sell.
    const buy = computeFees('BUY', 10_000_000n, CNC_ZERO);
    const sell = computeFees('SELL', 10_000_000n, CNC_ZERO, { firstSellOfDay: true });
    expect(buy).toEqual({
      brokerage: 0n,
      exchangeCharge: 307n,
      stt: 10_000n,
      gst: 57n,
      sebiFee: 10n,
      stampDuty: 1_500n,
      dpCharge: 0n,
      squareOffCharge: 0n,
      total: 11_874n,
    });
    expect(sell.dpCharge).toBe(1_534n);
    expect(sell.total).toBe(11_908n);
    expect(buy.total + sell.total).toBe(23_782n);
  });

  it('costs ₹285.02 under the default discount plan (+₹40 brokerage, +₹7.20 GST)', () => {
    // GST 18% × (2000 + 307 + 10) = 417.06 → 417 p per side.
    const buy = computeFees('BUY', 10_000_000n, CNC);
    const sell = computeFees('SELL', 10_000_000n, CNC, { firstSellOfDay: true });
    expect([buy.brokerage, buy.gst, sell.brokerage, sell.gst]).toEqual([2000n, 417n, 2000n, 417n]);
    expect(buy.total + sell.total).toBe(28_502n);
  });

  it('charges the DP charge only on the first sell of the day, and never on a buy', () => {
    expect(computeFees('SELL', 10_000_000n, CNC).dpCharge).toBe(0n);
    expect(computeFees('BUY', 10_000_000n, CNC, { firstSellOfDay: true }).dpCharge).toBe(0n);
  });
});
