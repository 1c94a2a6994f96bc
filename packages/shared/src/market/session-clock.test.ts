import { describe, expect, it } from 'vitest';
import {
  currentSession,
  dateToDayNumber,
  dayNumberToDate,
  isMarketOpen,
  istDayNumber,
  nextOpenClose,
  sessionBounds,
  weekdayOf,
} from './session-clock.js';

const at = (iso: string) => Date.parse(iso);

describe('session clock (IST)', () => {
  it('maps UTC instants to IST calendar days', () => {
    // 18:29 UTC is 23:59 IST; 18:30 UTC is already the next IST day.
    expect(dayNumberToDate(istDayNumber(at('2026-11-20T18:29:00Z')))).toBe('2026-11-20');
    expect(dayNumberToDate(istDayNumber(at('2026-11-20T18:30:00Z')))).toBe('2026-11-21');
    expect(weekdayOf(dateToDayNumber('2026-11-21'))).toBe(6); // Saturday
    expect(weekdayOf(dateToDayNumber('2026-11-23'))).toBe(1); // Monday
  });

  it('opens NSE on weekdays 09:15–15:30 IST only', () => {
    expect(isMarketOpen('nse', at('2026-11-20T03:44:59Z'))).toBe(false); // Fri 09:14:59 IST
    expect(isMarketOpen('nse', at('2026-11-20T03:45:00Z'))).toBe(true); // 09:15
    expect(isMarketOpen('nse', at('2026-11-20T09:59:59Z'))).toBe(true); // 15:29:59
    expect(isMarketOpen('nse', at('2026-11-20T10:00:00Z'))).toBe(false); // 15:30
    expect(isMarketOpen('nse', at('2026-11-21T06:00:00Z'))).toBe(false); // Saturday noon
    expect(isMarketOpen('always-open', at('2026-11-21T06:00:00Z'))).toBe(true);
  });

  it('names the next open across a weekend', () => {
    const { nextOpen, nextClose } = nextOpenClose('nse', at('2026-11-20T12:00:00Z')); // Fri 17:30 IST
    expect(new Date(nextOpen!).toISOString()).toBe('2026-11-23T03:45:00.000Z'); // Mon 09:15 IST
    expect(new Date(nextClose!).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    const open = nextOpenClose('nse', at('2026-11-23T05:00:00Z'));
    expect(new Date(open.nextClose!).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(new Date(open.nextOpen!).toISOString()).toBe('2026-11-24T03:45:00.000Z');
    expect(nextOpenClose('always-open', Date.now())).toEqual({ nextOpen: null, nextClose: null });
  });

  it('shows the last session before the open and at weekends', () => {
    const sat = currentSession('nse', at('2026-11-21T06:00:00Z'));
    expect(dayNumberToDate(sat.day)).toBe('2026-11-20');
    expect(sat.open).toBe(false);
    expect(sat.elapsedSeconds).toBe(375 * 60);
    const early = currentSession('nse', at('2026-11-23T02:00:00Z')); // Mon 07:30 IST
    expect(dayNumberToDate(early.day)).toBe('2026-11-20');
    const live = currentSession('always-open', at('2026-11-21T06:00:30Z')); // 11:30:30 IST
    expect(dayNumberToDate(live.day)).toBe('2026-11-21');
    expect(live.elapsedSeconds).toBe(11.5 * 3600 + 30);
    expect(sessionBounds('always-open', live.day).openMs).toBe(at('2026-11-20T18:30:00Z'));
  });
});
