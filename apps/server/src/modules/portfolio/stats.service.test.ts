import { describe, expect, it } from 'vitest';
import { holdingSince } from './stats.service.js';

const fill = (symbol: string, side: 'BUY' | 'SELL', quantity: number, iso: string) => ({
  symbol,
  side,
  quantity,
  createdAt: new Date(iso),
});

describe('holdingSince', () => {
  it('dates an open position from when its quantity last rose from zero', () => {
    const since = holdingSince([
      fill('ITC', 'BUY', 2, '2025-01-01T05:00:00Z'),
      fill('ITC', 'BUY', 1, '2025-03-01T05:00:00Z'),
      fill('ITC', 'SELL', 3, '2025-04-01T05:00:00Z'),
      fill('ITC', 'BUY', 1, '2025-05-01T05:00:00Z'),
      fill('TCS', 'BUY', 1, '2025-02-01T05:00:00Z'),
      fill('TCS', 'SELL', 1, '2025-02-02T05:00:00Z'),
      fill('SBIN', 'BUY', 5, '2025-01-10T05:00:00Z'),
      fill('SBIN', 'SELL', 4, '2025-06-10T05:00:00Z'),
    ]);
    expect(Object.fromEntries([...since].map(([s, d]) => [s, d.toISOString()]))).toEqual({
      ITC: '2025-05-01T05:00:00.000Z',
      SBIN: '2025-01-10T05:00:00.000Z',
    });
  });
});
