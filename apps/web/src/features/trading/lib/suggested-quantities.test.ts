import { describe, expect, it } from 'vitest';
import { computeFees } from '@nivesh/shared';
import { MAX_SUGGESTIONS, maxAffordableQuantity, suggestQuantities } from './suggested-quantities';

const cost = (quantity: number, price: number) => {
  const value = BigInt(Math.round(price * 100)) * BigInt(quantity);
  return Number(value + computeFees('BUY', value).total) / 100;
};

describe('maxAffordableQuantity', () => {
  it('leaves room for the fees, so the quantity it gives can really be bought', () => {
    // 10 × ₹1,000 is exactly ₹10,000, but fees push it over; 9 fits.
    expect(maxAffordableQuantity(10_000, 1000)).toBe(9);
    expect(cost(9, 1000)).toBeLessThanOrEqual(10_000);
    expect(cost(10, 1000)).toBeGreaterThan(10_000);
  });

  it('is 0 when nothing is affordable or the price is unknown', () => {
    expect(maxAffordableQuantity(100, 1414.5)).toBe(0);
    expect(maxAffordableQuantity(10_000, 0)).toBe(0);
    expect(maxAffordableQuantity(0, 100)).toBe(0);
  });
});

describe('suggestQuantities for a buy', () => {
  it('offers cash shares, amount presets and share counts costing at least ₹500, all affordable, smallest first', () => {
    const list = suggestQuantities({ side: 'BUY', price: 100, availableCash: 10_000, availableQuantity: 0 });
    expect(list.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(list.map((s) => s.quantity)).toEqual([...list.map((s) => s.quantity)].sort((a, b) => a - b));
    for (const s of list) expect(cost(s.quantity, 100)).toBeLessThanOrEqual(10_000);
    // 1 share (₹100) is below the ₹500 floor, so the smallest is 5 shares.
    expect(list[0]).toEqual({ label: '5 shares', quantity: 5 });
    // The all-in choice is always kept.
    expect(list.at(-1)).toEqual({ label: 'Max', quantity: maxAffordableQuantity(10_000, 100) });
  });

  it('names a quantity by the first preset that reaches it: cash share, then amount, then share count', () => {
    expect(
      suggestQuantities({ side: 'BUY', price: 1414.5, availableCash: 10_000, availableQuantity: 0 }),
    ).toEqual([
      { label: '25% cash', quantity: 1 },
      { label: '50% cash', quantity: 3 },
      { label: '75% cash', quantity: 5 },
      { label: 'Max', quantity: 7 },
    ]);
    expect(
      suggestQuantities({ side: 'BUY', price: 240, availableCash: 50_000, availableQuantity: 0 }).map(
        (s) => s.label,
      ),
    ).toContain('₹1,000');
  });

  it('offers nothing when not even one share is affordable', () => {
    expect(
      suggestQuantities({ side: 'BUY', price: 4000, availableCash: 3000, availableQuantity: 0 }),
    ).toEqual([]);
  });
});

describe('suggestQuantities for a sell', () => {
  it('offers share presets up to the holding, percentages and All', () => {
    expect(suggestQuantities({ side: 'SELL', price: 100, availableCash: 0, availableQuantity: 8 })).toEqual([
      { label: '1 share', quantity: 1 },
      { label: '25%', quantity: 2 },
      { label: '50%', quantity: 4 },
      { label: '5 shares', quantity: 5 },
      { label: '75%', quantity: 6 },
      { label: 'All', quantity: 8 },
    ]);
  });

  it('keeps at most six, always including All', () => {
    const list = suggestQuantities({ side: 'SELL', price: 100, availableCash: 0, availableQuantity: 400 });
    expect(list).toHaveLength(MAX_SUGGESTIONS);
    expect(list[0]).toEqual({ label: '1 share', quantity: 1 });
    expect(list.at(-1)).toEqual({ label: 'All', quantity: 400 });
  });

  it('offers nothing without a holding', () => {
    expect(
      suggestQuantities({ side: 'SELL', price: 100, availableCash: 5000, availableQuantity: 0 }),
    ).toEqual([]);
  });
});
