import { describe, expect, it } from 'vitest';
import { computeFees } from './fees.js';
import { describeFill, feeBreakdownInRupees, shareCount } from './fill-words.js';

describe('fill words', () => {
  it('describes a fill with the share count plural-correct', () => {
    expect(describeFill({ side: 'BUY', quantity: 1, symbol: 'ITC', price: 400 })).toBe(
      'Bought 1 share of ITC at ₹400.00',
    );
    expect(describeFill({ side: 'SELL', quantity: 3, symbol: 'TCS', price: 3_410.5 })).toBe(
      'Sold 3 shares of TCS at ₹3,410.50',
    );
    expect(shareCount(1_200)).toBe('1,200 shares');
  });

  it('puts every fee line in rupees, paise exact', () => {
    expect(feeBreakdownInRupees(computeFees('BUY', 2_500_000n))).toEqual({
      brokerage: 20,
      exchangeCharge: 0.86,
      stt: 0,
      gst: 3.75,
      sebiFee: 0.03,
      stampDuty: 0.75,
      total: 25.39,
    });
  });
});
