import { describe, expect, it } from 'vitest';
import { clampToBand, isOnTick, priceBand, roundToTick, tickSize } from './tick-size.js';

describe('tick sizes', () => {
  it('follows the NSE slabs', () => {
    expect(tickSize(249.99)).toBe(0.01);
    expect(tickSize(250)).toBe(0.05);
    expect(tickSize(999.95)).toBe(0.05);
    expect(tickSize(1000)).toBe(0.1);
    expect(tickSize(5000)).toBe(0.5);
    expect(tickSize(10000)).toBe(1);
    expect(tickSize(20000)).toBe(5);
    expect(tickSize(50000, 'USD')).toBe(0.01);
    expect(tickSize(25000, 'INR', true)).toBe(0.01);
  });

  it('rounds to the nearest tick exactly', () => {
    expect(roundToTick(123.456)).toBe(123.46);
    expect(roundToTick(412.52)).toBe(412.5);
    expect(roundToTick(412.53)).toBe(412.55);
    expect(roundToTick(1411.8000488)).toBe(1411.8);
    expect(roundToTick(1411.86)).toBe(1411.9);
    expect(roundToTick(7123.3)).toBe(7123.5);
    expect(roundToTick(12345.4)).toBe(12345);
    expect(roundToTick(23457.4)).toBe(23455);
    expect(roundToTick(187.456, 'USD')).toBe(187.46);
    expect(isOnTick(1411.8)).toBe(true);
    expect(isOnTick(1411.85)).toBe(false);
    expect(isOnTick(412.55)).toBe(true);
    expect(isOnTick(23455)).toBe(true);
    expect(isOnTick(23456)).toBe(false);
  });
});

describe('price band', () => {
  it('is ±20% of the previous close, on ticks, rounded inward', () => {
    expect(priceBand(1000)).toEqual({ lower: 800, upper: 1200 });
    const band = priceBand(1293.37);
    expect(band.lower).toBeGreaterThanOrEqual(1293.37 * 0.8);
    expect(band.upper).toBeLessThanOrEqual(1293.37 * 1.2);
    expect(isOnTick(band.lower) && isOnTick(band.upper)).toBe(true);
    expect(band).toEqual({ lower: 1034.7, upper: 1552 });
  });

  it('clamps prices to the band', () => {
    expect(clampToBand(2000, 1000)).toBe(1200);
    expect(clampToBand(10, 1000)).toBe(800);
    expect(clampToBand(1001.23, 1000)).toBe(1001.2);
  });
});
