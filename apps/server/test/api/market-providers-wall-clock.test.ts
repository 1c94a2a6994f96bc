import { describe, expect, it } from 'vitest';
import { zonedToUnix } from '../../src/modules/market/providers/common.mapper.js';

describe('exchange wall-clock times', () => {
  it('converts New York times across DST and Indian times at a fixed offset', () => {
    const utc = (iso: string) => Date.parse(iso) / 1000;
    expect(zonedToUnix('2025-01-10 09:30:00', 'America/New_York')).toBe(utc('2025-01-10T14:30:00Z'));
    expect(zonedToUnix('2025-03-10 09:30:00', 'America/New_York')).toBe(utc('2025-03-10T13:30:00Z'));
    expect(zonedToUnix('2025-11-03 09:30:00', 'America/New_York')).toBe(utc('2025-11-03T14:30:00Z'));
    expect(zonedToUnix('2025-06-13 09:15:00', 'Asia/Kolkata')).toBe(utc('2025-06-13T03:45:00Z'));
    expect(zonedToUnix('13/06/2025', 'Asia/Kolkata')).toBeUndefined();
  });
});
