import { describe, expect, it } from 'vitest';
import { intradayCutoff, latestCutoffAtOrBefore } from './intraday-cutoff.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);

describe('intraday (MIS) cut-off', () => {
  it('on NSE hours is 15:20 IST on a weekday, and MIS reopens at the next 09:15', () => {
    // 2026-11-27 is a Friday.
    expect(intradayCutoff('nse', ist('2026-11-27T15:19:59'))).toEqual({
      at: '2026-11-27T09:50:00.000Z',
      passed: false,
      reopensAt: null,
    });
    expect(intradayCutoff('nse', ist('2026-11-27T15:20:00'))).toEqual({
      at: '2026-11-27T09:50:00.000Z',
      passed: true,
      reopensAt: '2026-11-30T03:45:00.000Z',
    });
    // Before Monday's open the last cut-off (Friday's) still holds.
    expect(intradayCutoff('nse', ist('2026-11-30T09:00:00')).passed).toBe(true);
    expect(intradayCutoff('nse', ist('2026-11-30T09:15:00')).passed).toBe(false);
  });

  it('in always-open mode is the 15:20 equivalent of the session stretched over 24 h from 09:15', () => {
    // 365 of 375 minutes into a 1,440-minute day from 09:15 IST: 1,401.6 minutes → 08:36:36 IST next day.
    const before = intradayCutoff('always-open', ist('2026-11-28T08:36:35'));
    expect(before).toEqual({
      at: new Date(ist('2026-11-28T08:36:36')).toISOString(),
      passed: false,
      reopensAt: null,
    });
    const after = intradayCutoff('always-open', ist('2026-11-28T08:36:36'));
    expect(after.passed).toBe(true);
    expect(after.reopensAt).toBe(new Date(ist('2026-11-28T09:15:00')).toISOString());
    expect(intradayCutoff('always-open', ist('2026-11-28T09:15:00')).passed).toBe(false);
  });

  it('finds the latest cut-off for the square-off job', () => {
    expect(latestCutoffAtOrBefore('nse', ist('2026-11-27T15:25:00'))).toBe(ist('2026-11-27T15:20:00'));
    expect(latestCutoffAtOrBefore('nse', ist('2026-11-30T10:00:00'))).toBe(ist('2026-11-27T15:20:00'));
    expect(latestCutoffAtOrBefore('always-open', ist('2026-11-28T12:00:00'))).toBe(
      ist('2026-11-28T08:36:36'),
    );
  });

  it('for F&O is 15:25 IST, five minutes after shares, from the same dated row', () => {
    expect(intradayCutoff('nse', ist('2026-11-27T15:24:59'), 'FO').passed).toBe(false);
    expect(intradayCutoff('nse', ist('2026-11-27T15:20:00'), 'FO').passed).toBe(false);
    expect(intradayCutoff('nse', ist('2026-11-27T15:25:00'), 'FO')).toEqual({
      at: new Date(ist('2026-11-27T15:25:00')).toISOString(),
      passed: true,
      reopensAt: '2026-11-30T03:45:00.000Z',
    });
    expect(latestCutoffAtOrBefore('nse', ist('2026-11-30T10:00:00'), 'FO')).toBe(ist('2026-11-27T15:25:00'));
    // Always-open: 370 of 375 minutes of the stretched day, 1,420.8 minutes → 08:55:48 IST next day.
    expect(intradayCutoff('always-open', ist('2026-11-28T08:55:47'), 'FO').passed).toBe(false);
    expect(intradayCutoff('always-open', ist('2026-11-28T08:55:48'), 'FO').passed).toBe(true);
  });
});
