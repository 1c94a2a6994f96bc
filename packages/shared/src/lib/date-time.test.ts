import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatDay } from './date-time.js';

describe('formatDateTime', () => {
  it('is MMM DD, YYYY HH:mm in IST, 24-hour', () => {
    expect(formatDateTime('2026-11-03T03:45:00.000Z')).toBe('Nov 03, 2026 09:15');
    expect(formatDateTime('2026-11-23T18:35:00.000Z')).toBe('Nov 24, 2026 00:05');
    expect(formatDateTime(new Date('2026-01-31T10:00:00Z'))).toBe('Jan 31, 2026 15:30');
  });
  it('shows a dash for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('formatDate and formatClock', () => {
  it('read in Indian time as MMM DD, YYYY and HH:mm', () => {
    expect(formatDate('2026-11-20T19:00:00.000Z')).toBe('Nov 21, 2026');
    expect(formatClock('2026-11-20T19:05:00.000Z')).toBe('00:35');
    expect(formatClock('2026-03-05T09:30:00.000Z')).toBe('15:00');
  });
  it('show a dash for what is not a date', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatClock('not a date')).toBe('—');
  });
});

describe('formatClock with seconds and formatDay', () => {
  it('reads HH:mm:ss in IST and a bare IST day as MMM DD, YYYY', () => {
    expect(formatClock('2026-11-20T19:05:09.000Z', { seconds: true })).toBe('00:35:09');
    expect(formatDay('2026-11-02')).toBe('Nov 02, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });
});

describe('another exchange’s zone', () => {
  it('reads the same format in that zone (a US chart)', () => {
    expect(formatDateTime('2026-11-20T15:00:00.000Z', 'America/New_York')).toBe('Nov 20, 2026 10:00');
    expect(formatDate('2026-11-21T03:00:00.000Z', 'America/New_York')).toBe('Nov 20, 2026');
  });
});
