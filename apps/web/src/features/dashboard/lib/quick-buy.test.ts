import { describe, expect, it } from 'vitest';
import { scheduleFor } from '@nivesh/shared';
import { estimateBuy, readQuantity } from './quick-buy';

const DELIVERY = scheduleFor('CNC', 'NSE', '2026-11-21');
const INTRADAY = scheduleFor('MIS', 'NSE', '2026-11-21');

describe('estimateBuy', () => {
  it('adds the itemised buy fees of the chosen product to the trade value', () => {
    // 2 × ₹1,500 delivery: brokerage ₹3, exchange ₹0.09, STT ₹3, GST ₹0.56, SEBI ₹0, stamp ₹0.45.
    expect(estimateBuy(1500, 2, 10_000, DELIVERY)).toEqual({
      tradeValue: 3000,
      fees: 7.1,
      total: 3007.1,
      sufficient: true,
    });
    // Intraday: no STT on the buy, stamp ₹0.09.
    expect(estimateBuy(1500, 2, 10_000, INTRADAY).fees).toBe(3.74);
  });
  it('is insufficient when value plus fees passes the cash', () => {
    expect(estimateBuy(5000, 2, 10_000, INTRADAY).sufficient).toBe(false);
    expect(estimateBuy(4990, 2, 10_000, INTRADAY).sufficient).toBe(true);
    expect(estimateBuy(4990, 2, 10_000, DELIVERY).sufficient).toBe(false);
  });
});

describe('readQuantity', () => {
  it('keeps whole numbers and turns anything else into 1', () => {
    expect(readQuantity('7')).toBe(7);
    expect(readQuantity('')).toBe(1);
    expect(readQuantity('abc')).toBe(1);
    expect(readQuantity('0')).toBe(1);
  });
});
