import { describe, expect, it } from 'vitest';
import { checkOrder, VIEW_ONLY_MESSAGE, type OrderCheckInput } from './check-order.js';
import { computeFees } from './fees.js';

const base: OrderCheckInput = {
  side: 'BUY',
  orderType: 'MARKET',
  quantity: 2,
  price: null,
  instrument: { currency: 'INR', type: 'EQUITY' },
  marketPrice: 100,
  circuit: { bandClass: '20%', lowerCircuit: 80, upperCircuit: 120, circuitLock: null },
  funds: { availableCashPaise: 1_000_000n, availableQuantity: 0 },
};

describe('checkOrder', () => {
  it('accepts an affordable market buy', () => {
    expect(checkOrder(base)).toEqual({ ok: true });
  });

  it('refuses US stocks and indices as view only', () => {
    expect(checkOrder({ ...base, instrument: { currency: 'USD', type: 'EQUITY' } })).toEqual({
      ok: false,
      code: 'NOT_TRADABLE',
      reason: VIEW_ONLY_MESSAGE,
    });
    expect(checkOrder({ ...base, instrument: { currency: 'INR', type: 'INDEX' } })).toMatchObject({
      ok: false,
      code: 'NOT_TRADABLE',
    });
  });

  it('bounds the quantity', () => {
    for (const quantity of [null, 0, 1.5, 1_000_001])
      expect(checkOrder({ ...base, quantity })).toMatchObject({ ok: false, code: 'QUANTITY' });
  });

  it('needs a limit on the tick grid and inside the circuit the quote carries', () => {
    const limit = { ...base, orderType: 'LIMIT' as const };
    expect(checkOrder({ ...limit, price: null })).toMatchObject({
      code: 'PRICE_MISSING',
      reason: 'Please enter a valid limit price',
    });
    expect(checkOrder({ ...limit, price: 100.005 })).toMatchObject({ code: 'OFF_TICK' });
    // ₹300 trades in 5-paise ticks.
    expect(checkOrder({ ...limit, price: 300.03, circuit: null, marketPrice: 300 })).toMatchObject({
      code: 'OFF_TICK',
      reason: 'Limit price must be a multiple of the tick size (₹0.05)',
    });
    expect(checkOrder({ ...limit, price: 79.99 })).toMatchObject({
      code: 'OUTSIDE_BAND',
      reason: 'Limit price must be within the circuit limits (₹80.00 to ₹120.00)',
    });
    expect(checkOrder({ ...limit, price: 120.01 })).toMatchObject({ code: 'OUTSIDE_BAND' });
    expect(checkOrder({ ...limit, price: 80 })).toEqual({ ok: true });
    expect(checkOrder({ ...limit, price: 120 })).toEqual({ ok: true });
    expect(checkOrder({ ...base, orderType: 'STOP', price: 121 })).toMatchObject({
      code: 'OUTSIDE_BAND',
      reason: expect.stringMatching(/^Trigger price/),
    });
    // A stock with derivatives: its operating range is named as such.
    const dynamic = { bandClass: 'DYNAMIC' as const, lowerCircuit: 90, upperCircuit: 110, circuitLock: null };
    expect(checkOrder({ ...limit, price: 115, circuit: dynamic })).toMatchObject({
      code: 'OUTSIDE_BAND',
      reason: 'Limit price must be within the operating range (₹90.00 to ₹110.00)',
    });
    // Without a circuit (no quote yet) nothing is checked against one.
    expect(checkOrder({ ...limit, price: 50, circuit: null })).toEqual({ ok: true });
  });

  it('refuses a market order on the side a circuit lock leaves without a counterparty', () => {
    const upper = {
      bandClass: '5%' as const,
      lowerCircuit: 95,
      upperCircuit: 105,
      circuitLock: 'UPPER' as const,
    };
    const locked = { ...base, marketPrice: 105, circuit: upper };
    expect(checkOrder(locked)).toEqual({
      ok: false,
      code: 'CIRCUIT_LOCKED',
      reason: 'Locked at upper circuit ₹105.00: no sellers',
    });
    // A buy LIMIT may wait in the book, and sellers still fill.
    expect(checkOrder({ ...locked, orderType: 'LIMIT', price: 105 })).toEqual({ ok: true });
    expect(
      checkOrder({ ...locked, side: 'SELL', funds: { availableCashPaise: 0n, availableQuantity: 5 } }),
    ).toEqual({ ok: true });
    const lower = { ...upper, circuitLock: 'LOWER' as const };
    expect(
      checkOrder({
        ...locked,
        side: 'SELL',
        circuit: lower,
        funds: { availableCashPaise: 0n, availableQuantity: 5 },
      }),
    ).toMatchObject({ code: 'CIRCUIT_LOCKED', reason: 'Locked at lower circuit ₹95.00: no buyers' });
  });

  it('costs a buy with the fee schedule: exactly enough cash passes, one paisa less does not', () => {
    const value = 20_000n;
    const need = value + computeFees('BUY', value).total;
    expect(checkOrder({ ...base, funds: { availableCashPaise: need, availableQuantity: 0 } })).toEqual({
      ok: true,
    });
    expect(
      checkOrder({ ...base, funds: { availableCashPaise: need - 1n, availableQuantity: 0 } }),
    ).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      reason: expect.stringMatching(/^Insufficient balance\. Required: ₹200\.\d\d, Available: ₹200\.\d\d$/),
    });
  });

  it('sells only shares not held back by resting sells, with a correct plural', () => {
    const sell = { ...base, side: 'SELL' as const };
    expect(checkOrder({ ...sell, funds: { availableCashPaise: 0n, availableQuantity: 2 } })).toEqual({
      ok: true,
    });
    expect(checkOrder({ ...sell, funds: { availableCashPaise: 0n, availableQuantity: 1 } })).toEqual({
      ok: false,
      code: 'INSUFFICIENT_SHARES',
      reason: 'Insufficient holdings. You have 1 share free to sell, trying to sell 2',
    });
    expect(checkOrder({ ...sell, funds: undefined })).toEqual({ ok: true });
  });
});
