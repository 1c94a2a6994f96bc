import { describe, expect, it } from 'vitest';
import { formatHours, formatPoints, notEnoughText } from './habit-format';

describe('habit formatting', () => {
  it('says how much data is still needed', () => {
    expect(notEnoughText({ status: 'insufficient', needed: 5, have: 2, unit: 'sells' })).toBe(
      'Not enough data yet: needs 5 sells, you have 2.',
    );
  });

  it('reads holding times in minutes, hours or days', () => {
    expect(formatHours(0.25)).toBe('15 min');
    expect(formatHours(3.333)).toBe('3.3 h');
    expect(formatHours(72)).toBe('3.0 days');
  });

  it('signs percentage points', () => {
    expect(formatPoints(16.666)).toBe('+16.67 pts');
    expect(formatPoints(-5)).toBe('−5.00 pts');
    expect(formatPoints(0)).toBe('0.00 pts');
  });
});
