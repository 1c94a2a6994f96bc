import { describe, expect, it } from 'vitest';
import { estimateBuy, readQuantity } from './quick-buy';

describe('estimateBuy', () => {
  it('adds the itemised buy fees to the trade value', () => {
    // 2 × ₹1,500: brokerage ₹3, exchange ₹0.10, GST ₹0.56, SEBI ₹0, stamp ₹0.09.
    expect(estimateBuy(1500, 2, 10_000)).toEqual({
      tradeValue: 3000,
      fees: 3.75,
      total: 3003.75,
      sufficient: true,
    });
  });
  it('is insufficient when value plus fees passes the cash', () => {
    expect(estimateBuy(5000, 2, 10_000).sufficient).toBe(false);
    expect(estimateBuy(4990, 2, 10_000).sufficient).toBe(true);
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
