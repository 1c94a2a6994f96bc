import { describe, expect, it } from 'vitest';
import {
  FIGURE_KEYS,
  FIGURES,
  computeFigures,
  repriceInputs,
  todaysShare,
  type FigureInputs,
} from './figures.js';

const base: FigureInputs = { cash: 10_000, reserved: 0, realisedPnl: 0, positions: [] };

describe('computeFigures', () => {
  it('an account with only cash: every P&L is zero and Total Value is the cash', () => {
    const f = computeFigures({ ...base, cash: 10_000, reserved: 2_094.31 });
    expect(f).toMatchObject({
      totalValue: 10_000,
      availableCash: 7_905.69,
      reserved: 2_094.31,
      invested: 0,
      holdingsValue: 0,
      unrealisedPnl: 0,
      unrealisedPnlPercent: 0,
      realisedPnl: 0,
      totalPnl: 0,
      daysPnl: 0,
      daysPnlPercent: 0,
      holdings: 0,
    });
  });

  it('reserved cash stays in Total Value and leaves Available Cash', () => {
    // 10 shares that cost ₹1,005.50 with fees, now ₹129.51; ₹2,094.31 reserved for a resting buy.
    const f = computeFigures({
      cash: 7_999.32,
      reserved: 2_094.31,
      realisedPnl: -12.4,
      positions: [
        {
          symbol: 'ITC',
          quantity: 10,
          invested: 1_005.5,
          todayQuantity: 0,
          todayCost: 0,
          price: 129.51,
          previousClose: 128,
        },
      ],
    });
    expect(f.totalValue).toBe(9_294.42); // 7,999.32 + 1,295.10
    expect(f.availableCash).toBe(5_905.01);
    expect(f.holdingsValue).toBe(1_295.1);
    expect(f.invested).toBe(1_005.5);
    expect(f.unrealisedPnl).toBe(289.6);
    expect(f.unrealisedPnlPercent).toBe(28.8); // 289.60 / 1,005.50 = 28.80 %
    expect(f.realisedPnl).toBe(-12.4);
    expect(f.totalPnl).toBe(277.2);
    expect(f.daysPnl).toBe(15.1); // 10 × (129.51 − 128)
    expect(f.daysPnlPercent).toBe(1.18); // 15.10 / 1,280 = 1.1797 %
  });

  it("Day's P&L of a position bought today starts from its buy price, fees included, so it equals its Unrealised P&L", () => {
    const f = computeFigures({
      ...base,
      positions: [
        {
          symbol: 'TCS',
          quantity: 2,
          invested: 6_803.31,
          todayQuantity: 2,
          todayCost: 6_803.31,
          price: 3_400,
          previousClose: 3_390,
        },
      ],
    });
    expect(f.unrealisedPnl).toBe(-3.31);
    expect(f.daysPnl).toBe(-3.31);
    expect(f.positions[0]).toEqual({
      symbol: 'TCS',
      value: 6_800,
      unrealisedPnl: -3.31,
      unrealisedPnlPercent: -0.05,
      daysPnl: -3.31,
      daysPnlPercent: -0.05,
    });
  });

  it('a holding partly bought today: old shares from the close, new shares from their cost', () => {
    // 5 old shares (close ₹100) + 3 bought today for ₹306 in all; price ₹104.
    const f = computeFigures({
      ...base,
      positions: [
        {
          symbol: 'INFY',
          quantity: 8,
          invested: 806,
          todayQuantity: 3,
          todayCost: 306,
          price: 104,
          previousClose: 100,
        },
      ],
    });
    // 5 × (104 − 100) = 20; 3 × 104 − 306 = 6.
    expect(f.daysPnl).toBe(26);
    expect(f.daysPnlPercent).toBe(3.23); // 26 / (500 + 306) = 3.2258 %
    expect(f.unrealisedPnl).toBe(26); // 832 − 806
  });

  it('sums several holdings and skips closed ones', () => {
    const f = computeFigures({
      cash: 1_000,
      reserved: 0,
      realisedPnl: 50.25,
      positions: [
        {
          symbol: 'A',
          quantity: 3,
          invested: 300.3,
          todayQuantity: 0,
          todayCost: 0,
          price: 99.99,
          previousClose: 101.01,
        },
        {
          symbol: 'B',
          quantity: 1,
          invested: 50,
          todayQuantity: 0,
          todayCost: 0,
          price: 55.55,
          previousClose: null,
        },
        {
          symbol: 'C',
          quantity: 0,
          invested: 0,
          todayQuantity: 0,
          todayCost: 0,
          price: 10,
          previousClose: 9,
        },
      ],
    });
    expect(f.holdings).toBe(2);
    expect(f.holdingsValue).toBe(355.52); // 299.97 + 55.55
    expect(f.invested).toBe(350.3);
    expect(f.unrealisedPnl).toBe(5.22);
    expect(f.totalPnl).toBe(55.47);
    // A: 3 × (99.99 − 101.01) = −3.06; B has no close: unchanged.
    expect(f.daysPnl).toBe(-3.06);
    expect(f.totalValue).toBe(1_355.52);
  });

  it('repriced inputs give the live figures; symbols without a tick keep their price', () => {
    const inputs: FigureInputs = {
      ...base,
      positions: [
        {
          symbol: 'A',
          quantity: 2,
          invested: 200,
          todayQuantity: 0,
          todayCost: 0,
          price: 100,
          previousClose: 100,
        },
        {
          symbol: 'B',
          quantity: 1,
          invested: 10,
          todayQuantity: 1,
          todayCost: 10,
          price: 10,
          previousClose: 9,
        },
      ],
    };
    const f = computeFigures(repriceInputs(inputs, new Map([['A', { price: 101.5, previousClose: 100 }]])));
    expect(f.holdingsValue).toBe(213);
    expect(f.daysPnl).toBe(3);
  });
});

describe('todaysShare', () => {
  it('keeps all of today’s buys while the holding is as large', () => {
    expect(todaysShare(8, 3, 306)).toEqual({ quantity: 3, cost: 306 });
  });
  it('takes the excess off at their average cost when the holding is smaller', () => {
    expect(todaysShare(2, 3, 306)).toEqual({ quantity: 2, cost: 204 });
    expect(todaysShare(1, 3, 100)).toEqual({ quantity: 1, cost: 33.33 });
  });
  it('is nothing without buys today', () => {
    expect(todaysShare(5, 0, 0)).toEqual({ quantity: 0, cost: 0 });
  });
});

describe('FIGURES', () => {
  it('names and defines every figure, each name once', () => {
    const names = FIGURE_KEYS.map((k) => FIGURES[k].name);
    expect(new Set(names).size).toBe(names.length);
    for (const k of FIGURE_KEYS) expect(FIGURES[k].definition.length).toBeGreaterThan(10);
  });
});
