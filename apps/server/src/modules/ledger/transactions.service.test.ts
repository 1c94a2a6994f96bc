import { describe, expect, it } from 'vitest';
import { rangeStart } from './transactions.service.js';

const at = (iso: string) => Date.parse(iso);

describe('rangeStart', () => {
  it('starts "today" at IST midnight, which is 18:30 UTC the day before', () => {
    expect(rangeStart('today', at('2026-03-10T10:00:00Z'))?.toISOString()).toBe('2026-03-09T18:30:00.000Z');
    // 20:00 UTC is already 01:30 IST on the 11th.
    expect(rangeStart('today', at('2026-03-10T20:00:00Z'))?.toISOString()).toBe('2026-03-10T18:30:00.000Z');
  });

  it('reaches back 7 days, one calendar month and one year from now', () => {
    const now = at('2026-03-31T06:00:00Z');
    expect(rangeStart('week', now)?.toISOString()).toBe('2026-03-24T06:00:00.000Z');
    // 31 March − 1 month is the end of February, not 3 March.
    expect(rangeStart('month', now)?.toISOString()).toBe('2026-02-28T06:00:00.000Z');
    expect(rangeStart('year', now)?.toISOString()).toBe('2025-03-31T06:00:00.000Z');
    expect(rangeStart('all', now)).toBeUndefined();
  });
});
