import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.js';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [6 * 86_400_000, '6d ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it("shows the app's date (MMM DD, YYYY in IST) from 7 days on", () => {
    expect(formatRelativeTime(ago(7 * 86_400_000), now)).toBe('Nov 14, 2026');
    expect(formatRelativeTime(new Date('2026-11-01T20:00:00Z'), now)).toBe('Nov 02, 2026');
  });
});
