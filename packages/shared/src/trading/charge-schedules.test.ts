import { describe, expect, it } from 'vitest';
import {
  CHARGE_SCHEDULES,
  chargeScheduleFor,
  istTradeDate,
  ratePercent,
  scheduleFor,
} from './charge-schedules.js';

describe('charge schedules as dated data', () => {
  it('has one dated, sourced row per product and exchange', () => {
    for (const row of CHARGE_SCHEDULES) {
      expect(row.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.source.length).toBeGreaterThan(20);
    }
    const keys = new Set(CHARGE_SCHEDULES.map((r) => `${r.product}/${r.exchange}/${r.effectiveFrom}`));
    expect(keys.size).toBe(CHARGE_SCHEDULES.length);
  });

  it('publishes the 2024-10-01 exchange rates: NSE 0.00307% (with IPFT), BSE 0.00375%', () => {
    expect(ratePercent(chargeScheduleFor('CNC', 'NSE', '2026-01-01').exchangeCharge)).toBe(0.00307);
    expect(ratePercent(chargeScheduleFor('MIS', 'BSE', '2026-01-01').exchangeCharge)).toBe(0.00375);
  });

  it('differs by product where the law does: STT, stamp duty, DP and square-off', () => {
    const cnc = scheduleFor('CNC', 'NSE', '2026-01-01');
    const mis = scheduleFor('MIS', 'NSE', '2026-01-01');
    expect([ratePercent(cnc.sttOnBuy), ratePercent(cnc.sttOnSell), ratePercent(cnc.stampDutyOnBuy)]).toEqual([
      0.1, 0.1, 0.015,
    ]);
    expect([ratePercent(mis.sttOnBuy), ratePercent(mis.sttOnSell), ratePercent(mis.stampDutyOnBuy)]).toEqual([
      0, 0.025, 0.003,
    ]);
    expect([
      cnc.dpChargePaise,
      cnc.squareOffChargePaise,
      mis.dpChargePaise,
      mis.squareOffChargePaise,
    ]).toEqual([1534n, 0n, 0n, 5900n]);
  });

  it('zero brokerage applies to delivery only', () => {
    expect(scheduleFor('CNC', 'NSE', '2026-01-01', 'zero').brokerageCapPaise).toBe(0n);
    expect(scheduleFor('MIS', 'NSE', '2026-01-01', 'zero').brokerageCapPaise).toBe(2000n);
  });

  it('dates a trade by its IST calendar day', () => {
    // 2026-11-26 18:30 UTC is midnight IST on the 27th.
    expect(istTradeDate(Date.parse('2026-11-26T18:29:59Z'))).toBe('2026-11-26');
    expect(istTradeDate(Date.parse('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
  });
});
