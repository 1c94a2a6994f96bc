import { describe, expect, it } from 'vitest';
import type { QuoteEvent } from '@nivesh/shared';
import { makeHolding } from '../../../test/trading-fixtures';
import { parseSellQuantity, portfolioTotals, visibleHoldings, withLivePrice } from './holdings';

const tick = (symbol: string, price: number, change: number, lastUpdated = '2026-11-21T10:00:05.000Z'): QuoteEvent => ({
  symbol,
  price,
  change,
  changePercent: 1.5,
  volume: 10,
  lastUpdated,
  candle: { time: 0, open: price, high: price, low: price, close: price, volume: 10 },
});

describe('withLivePrice', () => {
  it('re-values the holding at a newer tick against its cost basis', () => {
    const h = makeHolding('TCS', { quantity: 3, avgPrice: 100.5, currentPrice: 100 });
    const live = withLivePrice(h, tick('TCS', 120.25, 2));
    expect(live.currentPrice).toBe(120.25);
    expect(live.value).toBe(360.75);
    expect(live.pnl).toBe(59.25);
    expect(live.pnlPercentage).toBe(19.65);
    expect(live.dayChange).toBe(6);
  });

  it('ignores a tick older than the fetched valuation', () => {
    const h = makeHolding('TCS');
    expect(withLivePrice(h, tick('TCS', 1, 1, '2026-11-21T09:00:00.000Z'))).toBe(h);
  });
});

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

describe('portfolioTotals', () => {
  it('adds value, cost and day change', () => {
    const t = portfolioTotals([
      makeHolding('A', { quantity: 2, avgPrice: 100, currentPrice: 110, dayChange: 4 }),
      makeHolding('B', { quantity: 2, avgPrice: 100, currentPrice: 90, dayChange: -1 }),
    ]);
    expect(t).toEqual({ value: 400, invested: 400, pnl: 0, pnlPercent: 0, dayChange: 3 });
  });
});

describe('parseSellQuantity', () => {
  it('rejects non-numeric and non-positive input', () => {
    expect(parseSellQuantity('abc', 5)).toEqual({ ok: false, message: 'Please enter a valid number of shares' });
    expect(parseSellQuantity('1.5', 5).ok).toBe(false);
    expect(parseSellQuantity('0', 5).ok).toBe(false);
    expect(parseSellQuantity('-2', 5).ok).toBe(false);
  });
  it('refuses more than is held', () => {
    expect(parseSellQuantity('6', 5)).toEqual({ ok: false, message: 'You only have 5 shares available' });
  });
  it('accepts a whole number up to the holding', () => {
    expect(parseSellQuantity(' 5 ', 5)).toEqual({ ok: true, quantity: 5 });
  });
});
