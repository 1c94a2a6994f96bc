import { describe, expect, it } from 'vitest';
import {
  CIRCUIT_LOCK_RATES,
  CIRCUIT_RULES,
  bandClassFor,
  circuitLimits,
  circuitLockReason,
  circuitRule,
  holdInsideCircuit,
  instrumentBandClass,
  lockedSide,
  quoteCircuit,
  wideningsToHold,
} from './circuit-bands.js';
import { NIFTY_100 } from './nifty-100.js';
import { isOnTick } from './tick-size.js';

const TODAY = '2026-11-27';
const stock = (symbol: string) => ({ symbol, type: 'EQUITY' as const, currency: 'INR' as const });

describe('the band table', () => {
  it('holds every class as dated data with a source', () => {
    for (const rule of CIRCUIT_RULES) {
      expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.source).toMatch(/^https:\/\//);
    }
    expect(CIRCUIT_RULES.map((r) => r.bandClass).sort()).toEqual(['10%', '2%', '20%', '5%', 'DYNAMIC']);
    expect(circuitRule('5%', TODAY).range).toBe(0.05);
    expect(circuitRule('DYNAMIC', TODAY)).toMatchObject({
      range: 0.1,
      widening: { step: 0.05, coolOffMinutes: 15 },
    });
    for (const rate of CIRCUIT_LOCK_RATES) expect(rate.source).not.toBe('');
    // Tighter bands lock more often (their stocks jump; see the table's reasoning).
    const perYear = CIRCUIT_LOCK_RATES.map((r) => r.episodesPerYear);
    expect([...perYear].sort((a, b) => b - a)).toEqual(perYear);
  });

  it('classes the NIFTY 100 as DYNAMIC, other stocks 20%, and indices and US stocks not at all', () => {
    expect(NIFTY_100).toHaveLength(100);
    expect(new Set(NIFTY_100).size).toBe(100);
    expect(bandClassFor('RELIANCE', TODAY)).toBe('DYNAMIC');
    expect(bandClassFor('ZYDUSLIFE', TODAY)).toBe('DYNAMIC');
    expect(bandClassFor('3MINDIA', TODAY)).toBe('20%');
    expect(instrumentBandClass({ symbol: 'NIFTY50', type: 'INDEX', currency: 'INR' }, TODAY)).toBeNull();
    expect(instrumentBandClass({ symbol: 'AAPL', type: 'EQUITY', currency: 'USD' }, TODAY)).toBeNull();
  });

  it('takes a per-symbol override from the date it is in force', () => {
    const overrides = [
      { symbol: '3MINDIA', bandClass: '5%' as const, effectiveFrom: '2026-10-01', source: 'test list' },
      { symbol: '3MINDIA', bandClass: '2%' as const, effectiveFrom: '2026-11-01', source: 'test list' },
    ];
    expect(bandClassFor('3MINDIA', '2026-09-30', overrides)).toBe('20%');
    expect(bandClassFor('3MINDIA', '2026-10-15', overrides)).toBe('5%');
    expect(bandClassFor('3MINDIA', '2026-11-01', overrides)).toBe('2%');
  });

  it('puts the limits on the tick grid, rounded inward', () => {
    expect(circuitLimits(circuitRule('5%', TODAY), 100)).toEqual({ lower: 95, upper: 105 });
    expect(circuitLimits(circuitRule('2%', TODAY), 1293.37)).toEqual({ lower: 1267.6, upper: 1319.2 });
    const { lower, upper } = circuitLimits(circuitRule('10%', TODAY), 777.77);
    expect(isOnTick(lower) && isOnTick(upper)).toBe(true);
    expect(lower).toBeGreaterThanOrEqual(777.77 * 0.9);
    expect(upper).toBeLessThanOrEqual(777.77 * 1.1);
    // A fixed band does not widen, whatever is asked.
    expect(circuitLimits(circuitRule('20%', TODAY), 100, 3)).toEqual({ lower: 80, upper: 120 });
  });
});

describe('the dynamic operating range', () => {
  const rule = circuitRule('DYNAMIC', TODAY);

  it('widens by 5% per step', () => {
    expect(circuitLimits(rule, 1000, 0)).toEqual({ lower: 900, upper: 1100 });
    expect(circuitLimits(rule, 1000, 1)).toEqual({ lower: 850, upper: 1150 });
    expect(circuitLimits(rule, 1000, 2)).toEqual({ lower: 800, upper: 1200 });
    expect(wideningsToHold(rule, 1000, 1149)).toBe(1);
    expect(wideningsToHold(rule, 1000, 799)).toBe(3);
  });

  it('holds the price at the edge through the 15-minute cool-off, then widens', () => {
    // A day of 60 minutes rising 0.5% a minute from 1000, closing at 1120 (one widening needed).
    const prices = Array.from({ length: 61 }, (_, m) => Math.round(1000 * (1 + 0.005 * m) * 100) / 100);
    prices[60] = 1120;
    const widenings = holdInsideCircuit(prices, 1000, rule);
    // ₹1,100 is first reached at minute 20: held there for 15 minutes, then the range is ±15%.
    expect(prices.slice(20, 35).every((p) => p === 1100)).toBe(true);
    expect(widenings[34]).toBe(0);
    expect(widenings[35]).toBe(1);
    // Still rising: held at ₹1,150 for the next cool-off, then ±20%.
    expect(prices.slice(35, 50).every((p) => p === 1150)).toBe(true);
    expect(widenings[50]).toBe(2);
    expect(prices[50]).toBe(1200);
    prices.forEach((p, m) => {
      const { lower, upper } = circuitLimits(rule, 1000, widenings[m]);
      expect(p >= lower && p <= upper, `minute ${m}`).toBe(true);
    });
  });

  it('reaches the edge in time for a close beyond the first range', () => {
    // A flat day that must close 14% up: the touch is forced 15 minutes before the close.
    const prices = Array.from({ length: 376 }, () => 1000);
    prices[375] = 1140;
    const widenings = holdInsideCircuit(prices, 1000, rule);
    expect(prices[359]).toBe(1100);
    expect(prices[358]).toBe(1000);
    expect(widenings[375]).toBe(1);
    expect(prices[375]).toBeLessThanOrEqual(circuitLimits(rule, 1000, widenings[375]).upper);
  });

  it('keeps a fixed band without widening', () => {
    const prices = [100, 103, 108, 111, 90, 101];
    const widenings = holdInsideCircuit(prices, 100, circuitRule('5%', TODAY));
    expect(prices).toEqual([100, 103, 105, 105, 95, 101]);
    expect([...widenings]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('locks', () => {
  it('says why the locked side does not fill', () => {
    expect(circuitLockReason('UPPER', 105)).toBe('Locked at upper circuit ₹105.00: no sellers');
    expect(circuitLockReason('LOWER', 95)).toBe('Locked at lower circuit ₹95.00: no buyers');
    expect(lockedSide('UPPER')).toBe('BUY');
    expect(lockedSide('LOWER')).toBe('SELL');
    expect(lockedSide(null)).toBeNull();
  });

  it('reads a price-only quote: a fixed band at its edge is locked; an operating range widened as far as the day went', () => {
    expect(
      quoteCircuit(stock('3MINDIA'), { previousClose: 100, price: 120, dayHigh: 120, dayLow: 99 }, TODAY),
    ).toEqual({ bandClass: '20%', lowerCircuit: 80, upperCircuit: 120, circuitLock: 'UPPER' });
    expect(
      quoteCircuit(
        stock('RELIANCE'),
        { previousClose: 1000, price: 1120, dayHigh: 1130, dayLow: 990 },
        TODAY,
      ),
    ).toEqual({ bandClass: 'DYNAMIC', lowerCircuit: 850, upperCircuit: 1150, circuitLock: null });
  });
});
