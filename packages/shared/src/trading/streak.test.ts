import { describe, expect, it } from 'vitest';
import { currentStreak, decideReward, istDate, nextIstMidnight } from './streak.js';

const utc = (iso: string) => Date.parse(iso);

describe('IST calendar day', () => {
  it('turns at 18:30 UTC (IST midnight), not at UTC midnight', () => {
    expect(istDate(utc('2026-03-10T18:29:59.999Z'))).toBe('2026-03-10');
    expect(istDate(utc('2026-03-10T18:30:00.000Z'))).toBe('2026-03-11');
    // 02:00 UTC on the 11th is 07:30 IST on the 11th.
    expect(istDate(utc('2026-03-11T02:00:00Z'))).toBe('2026-03-11');
    // 23:00 UTC on the 31st is already 04:30 IST on the 1st of the next month and year.
    expect(istDate(utc('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
  });

  it('gives the next IST midnight as a UTC instant', () => {
    expect(new Date(nextIstMidnight(utc('2026-03-10T10:00:00Z'))).toISOString()).toBe(
      '2026-03-10T18:30:00.000Z',
    );
    expect(new Date(nextIstMidnight(utc('2026-03-10T18:30:00Z'))).toISOString()).toBe(
      '2026-03-11T18:30:00.000Z',
    );
    expect(new Date(nextIstMidnight(utc('2026-03-10T18:29:59Z'))).toISOString()).toBe(
      '2026-03-10T18:30:00.000Z',
    );
  });
});

describe('decideReward', () => {
  it('awards a first claim with streak 1', () => {
    expect(decideReward(null, '2026-03-10')).toEqual({ awarded: true, streak: 1 });
  });

  it('adds 1 when the last claim was yesterday', () => {
    expect(decideReward({ lastClaimDate: '2026-03-09', streak: 4 }, '2026-03-10')).toEqual({
      awarded: true,
      streak: 5,
    });
    expect(decideReward({ lastClaimDate: '2026-02-28', streak: 1 }, '2026-03-01')).toEqual({
      awarded: true,
      streak: 2,
    });
  });

  it('refuses a second claim on the same IST day and keeps the streak', () => {
    expect(decideReward({ lastClaimDate: '2026-03-10', streak: 3 }, '2026-03-10')).toEqual({
      awarded: false,
      streak: 3,
    });
  });

  it('restarts at 1 after a missed day', () => {
    expect(decideReward({ lastClaimDate: '2026-03-08', streak: 9 }, '2026-03-10')).toEqual({
      awarded: true,
      streak: 1,
    });
  });

  it('counts a claim at 23:59 IST and one at 00:01 IST the next day as consecutive days', () => {
    const late = istDate(utc('2026-03-10T18:29:00Z')); // 23:59 IST on the 10th
    const early = istDate(utc('2026-03-10T18:31:00Z')); // 00:01 IST on the 11th
    expect(decideReward({ lastClaimDate: late, streak: 2 }, early)).toEqual({ awarded: true, streak: 3 });
  });

  it('treats two claims on the same UTC date but either side of 18:30 UTC as different days', () => {
    const morning = istDate(utc('2026-03-10T05:00:00Z'));
    const night = istDate(utc('2026-03-10T20:00:00Z'));
    expect(decideReward({ lastClaimDate: morning, streak: 1 }, night)).toEqual({ awarded: true, streak: 2 });
  });

  it('treats two claims on different UTC dates but the same IST day as one day', () => {
    const before = istDate(utc('2026-03-10T19:00:00Z')); // 00:30 IST on the 11th
    const after = istDate(utc('2026-03-11T17:00:00Z')); // 22:30 IST on the 11th
    expect(decideReward({ lastClaimDate: before, streak: 6 }, after)).toEqual({ awarded: false, streak: 6 });
  });
});

describe('currentStreak', () => {
  it('is 0 before any claim and after a missed day, the stored streak otherwise', () => {
    expect(currentStreak(null, '2026-03-10')).toBe(0);
    expect(currentStreak({ lastClaimDate: '2026-03-10', streak: 3 }, '2026-03-10')).toBe(3);
    expect(currentStreak({ lastClaimDate: '2026-03-09', streak: 3 }, '2026-03-10')).toBe(3);
    expect(currentStreak({ lastClaimDate: '2026-03-08', streak: 3 }, '2026-03-10')).toBe(0);
  });
});
