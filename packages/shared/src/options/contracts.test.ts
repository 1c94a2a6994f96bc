import { describe, expect, it } from 'vitest';
import {
  DIVIDEND_YIELD,
  EXPIRY_HOLIDAY_NOTE,
  OPTION_CONTRACT_ROWS,
  RISK_FREE_RATE,
  contractOn,
  riskFreeRateOn,
} from './contracts.js';

describe('option contracts as dated data', () => {
  it('has the 2026 specs: NIFTY 65 × 50 weekly Tuesday, BANKNIFTY 30 × 100 monthly Tuesday', () => {
    const nifty = contractOn('NIFTY', '2026-06-15');
    expect([nifty.lotSize, nifty.strikeStep, nifty.weekly, nifty.expiryWeekday, nifty.indexSymbol]).toEqual([
      65,
      50,
      true,
      2,
      'NIFTY50',
    ]);
    const bank = contractOn('BANKNIFTY', '2026-06-15');
    expect([bank.lotSize, bank.strikeStep, bank.weekly, bank.expiryWeekday, bank.indexSymbol]).toEqual([
      30,
      100,
      false,
      2,
      'NIFTYBANK',
    ]);
  });

  it('applies the first row to a date before every row', () => {
    expect(contractOn('NIFTY', '2020-03-13').lotSize).toBe(65);
  });

  it('dates and sources every row', () => {
    for (const row of [...OPTION_CONTRACT_ROWS, ...RISK_FREE_RATE, ...DIVIDEND_YIELD]) {
      expect(row.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.source.length).toBeGreaterThan(20);
    }
  });

  it('picks the rate in force on the day', () => {
    expect(riskFreeRateOn('2025-07-01')).toBe(0.055);
    expect(riskFreeRateOn('2026-11-28')).toBe(0.0525);
  });

  it('says expiries ignore holidays for now', () => {
    expect(EXPIRY_HOLIDAY_NOTE).toMatch(/previous trading day/);
  });
});
