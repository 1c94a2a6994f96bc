import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  futureExpiries,
  lastWeekdayOfMonth,
  listExpiries,
  yearFraction,
  MIN_YEAR_FRACTION,
} from './expiries.js';

describe('expiries', () => {
  it('finds the last Tuesday of a month', () => {
    expect(lastWeekdayOfMonth(2026, 12, 2)).toBe('2026-12-29');
    expect(lastWeekdayOfMonth(2026, 2, 2)).toBe('2026-02-24');
    expect(lastWeekdayOfMonth(2026, 3, 2)).toBe('2026-03-31');
  });

  it('lists six NIFTY weeklies plus three monthlies, the last Tuesday as monthly', () => {
    // 2026-11-28 is a Saturday.
    expect(listExpiries('NIFTY', '2026-11-28')).toEqual([
      { date: '2026-12-01', kind: 'weekly' },
      { date: '2026-12-08', kind: 'weekly' },
      { date: '2026-12-15', kind: 'weekly' },
      { date: '2026-12-22', kind: 'weekly' },
      { date: '2026-12-29', kind: 'monthly' },
      { date: '2027-01-05', kind: 'weekly' },
      { date: '2027-01-26', kind: 'monthly' },
      { date: '2027-02-23', kind: 'monthly' },
    ]);
  });

  it('counts today when today is an expiry Tuesday', () => {
    const list = listExpiries('NIFTY', '2026-11-24', { weeks: 2, months: 1 });
    expect(list).toEqual([
      { date: '2026-11-24', kind: 'monthly' },
      { date: '2026-12-01', kind: 'weekly' },
    ]);
  });

  it('lists BANKNIFTY and futures as the next three monthlies', () => {
    const expected = ['2026-12-29', '2027-01-26', '2027-02-23'];
    expect(listExpiries('BANKNIFTY', '2026-11-25').map((e) => e.date)).toEqual(expected);
    expect(listExpiries('BANKNIFTY', '2026-11-25').every((e) => e.kind === 'monthly')).toBe(true);
    expect(futureExpiries('NIFTY', '2026-11-25')).toEqual(expected);
  });

  it('measures calendar days and years to the 15:30 IST close', () => {
    expect(daysBetween('2026-11-28', '2026-12-01')).toBe(3);
    expect(daysBetween('2026-12-01', '2026-11-28')).toBe(-3);
    // 09:30 IST on expiry day is 6 hours before the close.
    const morning = Date.parse('2026-12-01T04:00:00Z');
    expect(yearFraction(morning, '2026-12-01')).toBeCloseTo(6 / 24 / 365, 12);
    expect(yearFraction(Date.parse('2026-12-01T10:00:00Z'), '2026-12-01')).toBe(MIN_YEAR_FRACTION);
    expect(yearFraction(Date.parse('2026-12-01T09:59:00Z'), '2026-12-01')).toBeGreaterThan(0);
  });
});
