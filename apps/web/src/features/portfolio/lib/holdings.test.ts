import { describe, expect, it } from 'vitest';
import { computeFees, scheduleFor } from '@nivesh/shared';
import { makeHolding } from '../../../test/trading-fixtures';
import { estimateSell, parseSellQuantity, splitByProduct, visibleHoldings } from './holdings';

describe('visibleHoldings', () => {
  const rows = [
    makeHolding('A', { avgPrice: 100, currentPrice: 90, quantity: 10 }),
    makeHolding('B', { avgPrice: 100, currentPrice: 150, quantity: 1 }),
    makeHolding('C', { avgPrice: 100, currentPrice: 120, quantity: 5 }),
  ];
  it('sorts by value, largest first', () => {
    expect(visibleHoldings(rows, 'all').map((h) => h.symbol)).toEqual(['A', 'C', 'B']);
  });
  it('keeps only gainers or only losers', () => {
    expect(visibleHoldings(rows, 'gainers').map((h) => h.symbol)).toEqual(['C', 'B']);
    expect(visibleHoldings(rows, 'losers').map((h) => h.symbol)).toEqual(['A']);
  });
});

describe('splitByProduct', () => {
  it('puts delivery holdings and intraday positions apart, the same symbol in both', () => {
    const split = splitByProduct([
      makeHolding('TCS', { product: 'CNC' }),
      makeHolding('TCS', { product: 'MIS' }),
      makeHolding('INFY', { product: 'MIS' }),
    ]);
    expect(split.CNC.map((h) => h.symbol)).toEqual(['TCS']);
    expect(split.MIS.map((h) => h.symbol)).toEqual(['TCS', 'INFY']);
  });
});

describe('parseSellQuantity', () => {
  it('rejects non-numeric and non-positive input', () => {
    expect(parseSellQuantity('abc', 5)).toEqual({
      ok: false,
      message: 'Please enter a valid number of shares',
    });
    expect(parseSellQuantity('1.5', 5).ok).toBe(false);
    expect(parseSellQuantity('0', 5).ok).toBe(false);
    expect(parseSellQuantity('-2', 5).ok).toBe(false);
  });
  it('refuses more than is held', () => {
    expect(parseSellQuantity('6', 5)).toEqual({ ok: false, message: 'You only have 5 shares available' });
    expect(parseSellQuantity('2', 1)).toEqual({ ok: false, message: 'You only have 1 share available' });
  });
  it('accepts a whole number up to the holding', () => {
    expect(parseSellQuantity(' 5 ', 5)).toEqual({ ok: true, quantity: 5 });
  });
});

describe('estimateSell', () => {
  const delivery = scheduleFor('CNC', 'NSE', '2026-11-21');
  const intraday = scheduleFor('MIS', 'NSE', '2026-11-21');
  const sellFees = (valuePaise: bigint, schedule = delivery) =>
    Number(computeFees('SELL', valuePaise, schedule, { firstSellOfDay: true }).total) / 100;

  it('nets the fee schedule off the value and books P&L against the proportional cost basis, as the fill does', () => {
    // 4 held for ₹4,010.00 in all; selling 1 at ₹1,100.00.
    const e = estimateSell({ quantity: 4, totalInvested: 4010 }, 1, 1100, delivery);
    const fees = sellFees(110_000n);
    expect(e).toMatchObject({
      tradeValue: 1100,
      fees,
      net: 1100 - fees,
      realizedPnL: Math.round((1100 - fees - 1002.5) * 100) / 100,
    });
    // A full exit takes the whole cost basis.
    expect(estimateSell({ quantity: 4, totalInvested: 4010 }, 4, 1000, delivery).realizedPnL).toBeCloseTo(
      4000 - sellFees(400_000n) - 4010,
      2,
    );
  });

  it('counts the DP charge on a delivery sell and none on an intraday one', () => {
    const cnc = estimateSell({ quantity: 1, totalInvested: 1000 }, 1, 1100, delivery);
    const mis = estimateSell({ quantity: 1, totalInvested: 1000 }, 1, 1100, intraday);
    expect(cnc.breakdown.dpCharge).toBe(15.34);
    expect(mis.breakdown.dpCharge).toBe(0);
    expect(cnc.breakdown.total).toBe(cnc.fees);
  });
});
