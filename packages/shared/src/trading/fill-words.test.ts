import { describe, expect, it } from 'vitest';
import { computeFees } from './fees.js';
import { describeFill, feeBreakdownInRupees, fillReceipt, shareCount } from './fill-words.js';
import { scheduleFor } from './charge-schedules.js';

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
    const sell = computeFees('SELL', 10_000_000n, scheduleFor('CNC', 'NSE', '2026-11-27'), {
      firstSellOfDay: true,
    });
    expect(feeBreakdownInRupees(sell)).toEqual({
      brokerage: 20,
      exchangeCharge: 3.07,
      stt: 100,
      gst: 4.17,
      sebiFee: 0.1,
      stampDuty: 0,
      dpCharge: 15.34,
      squareOffCharge: 0,
      total: 142.68,
    });
  });

  it('says why a fill got its price, from the figures the engine had', () => {
    const base = { side: 'BUY' as const, lastPrice: 211, limitPrice: null, triggerPrice: null };
    expect(
      fillReceipt({ ...base, orderType: 'LIMIT', occasion: 'placement', fillPrice: 211, limitPrice: 300 }),
    ).toBe('Your LIMIT ₹300.00 was above the last price ₹211.00, so it was marketable and filled at ₹211.00');
    expect(fillReceipt({ ...base, orderType: 'MARKET', occasion: 'placement', fillPrice: 211 })).toBe(
      'MARKET buy filled at the last price ₹211.00',
    );
    expect(
      fillReceipt({
        ...base,
        side: 'SELL',
        orderType: 'STOP',
        occasion: 'resting',
        fillPrice: 198.5,
        lastPrice: 198.5,
        triggerPrice: 200,
      }),
    ).toBe('STOP triggered when the price reached ₹198.50 (trigger ₹200.00), filled at ₹198.50');
    expect(
      fillReceipt({
        ...base,
        side: 'SELL',
        orderType: 'MARKET',
        occasion: 'square-off',
        fillPrice: 205,
        lastPrice: 205,
        cutoffLabel: '15:20',
      }),
    ).toBe('Squared off at the 15:20 intraday cut-off at ₹205.00, the last price');
    expect(
      fillReceipt({
        ...base,
        orderType: 'MARKET',
        occasion: 'placement',
        fillPrice: 211,
        reason: 'locked at upper circuit, no sellers',
      }),
    ).toBe('MARKET buy filled at the last price ₹211.00; locked at upper circuit, no sellers');
  });
});
