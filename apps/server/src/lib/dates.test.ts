import { describe, expect, it } from 'vitest';
import { addMonths } from './dates.js';

describe('addMonths', () => {
  it('moves by calendar months and keeps the time of day', () => {
    expect(addMonths(new Date('2026-01-15T10:20:30.000Z'), 6).toISOString()).toBe('2026-07-15T10:20:30.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00.000Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00.000Z'), -12).toISOString()).toBe(
      '2025-03-15T00:00:00.000Z',
    );
  });

  it('clamps to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-03-31T06:00:00.000Z'), -1).toISOString()).toBe(
      '2026-02-28T06:00:00.000Z',
    );
    expect(addMonths(new Date('2023-08-31T06:00:00.000Z'), 6).toISOString()).toBe('2024-02-29T06:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T06:00:00.000Z'), -12).toISOString()).toBe(
      '2023-02-28T06:00:00.000Z',
    );
  });
});
