import { describe, expect, it } from 'vitest';
import { computeFees, scheduleFor } from '@nivesh/shared';
import {
  buyCost,
  costRemoved,
  dayOrderExpiry,
  isTriggered,
  priceDrift,
  requestFingerprint,
  restingPrice,
  type OrderTerms,
  type PlacementTerms,
} from './orders.rules.js';

const at = (iso: string) => Date.parse(iso);
const iso = (d: Date) => d.toISOString();

describe('dayOrderExpiry', () => {
  it('always-open: the next midnight IST (18:30 UTC)', () => {
    expect(iso(dayOrderExpiry('always-open', at('2026-11-24T06:00:00Z')))).toBe('2026-11-24T18:30:00.000Z');
    // 23:59 IST still belongs to that day; 00:00 IST starts the next.
    expect(iso(dayOrderExpiry('always-open', at('2026-11-24T18:29:59Z')))).toBe('2026-11-24T18:30:00.000Z');
    expect(iso(dayOrderExpiry('always-open', at('2026-11-24T18:30:00Z')))).toBe('2026-11-25T18:30:00.000Z');
  });

  it('nse: today’s 15:30 IST close before it, else the next weekday’s', () => {
    // Tuesday 08:00 IST (before the open) and 15:29 IST.
    expect(iso(dayOrderExpiry('nse', at('2026-11-24T02:30:00Z')))).toBe('2026-11-24T10:00:00.000Z');
    expect(iso(dayOrderExpiry('nse', at('2026-11-24T09:59:59Z')))).toBe('2026-11-24T10:00:00.000Z');
    // Tuesday 15:30 IST exactly, and Friday evening → Monday.
    expect(iso(dayOrderExpiry('nse', at('2026-11-24T10:00:00Z')))).toBe('2026-11-25T10:00:00.000Z');
    expect(iso(dayOrderExpiry('nse', at('2026-11-27T14:00:00Z')))).toBe('2026-11-30T10:00:00.000Z');
    // Sunday.
    expect(iso(dayOrderExpiry('nse', at('2026-11-29T06:00:00Z')))).toBe('2026-11-30T10:00:00.000Z');
  });
});

describe('isTriggered', () => {
  const terms = (
    side: 'BUY' | 'SELL',
    orderType: 'MARKET' | 'LIMIT' | 'STOP',
    limit: bigint | null,
    trigger: bigint | null,
  ): OrderTerms => ({
    side,
    orderType,
    limitPricePaise: limit,
    triggerPricePaise: trigger,
  });

  it('a queued market order always executes', () => {
    expect(isTriggered(terms('BUY', 'MARKET', null, null), 1n)).toBe(true);
  });

  it('a limit executes at or through its price', () => {
    expect(isTriggered(terms('BUY', 'LIMIT', 100_00n, null), 100_00n)).toBe(true);
    expect(isTriggered(terms('BUY', 'LIMIT', 100_00n, null), 99_95n)).toBe(true);
    expect(isTriggered(terms('BUY', 'LIMIT', 100_00n, null), 100_05n)).toBe(false);
    expect(isTriggered(terms('SELL', 'LIMIT', 100_00n, null), 100_00n)).toBe(true);
    expect(isTriggered(terms('SELL', 'LIMIT', 100_00n, null), 99_95n)).toBe(false);
  });

  it('a stop fires when the market reaches its trigger: buy on the way up, sell on the way down', () => {
    expect(isTriggered(terms('BUY', 'STOP', null, 100_00n), 100_00n)).toBe(true);
    expect(isTriggered(terms('BUY', 'STOP', null, 100_00n), 99_95n)).toBe(false);
    expect(isTriggered(terms('SELL', 'STOP', null, 100_00n), 99_95n)).toBe(true);
    expect(isTriggered(terms('SELL', 'STOP', null, 100_00n), 100_05n)).toBe(false);
  });

  it('a resting order is costed at its limit, its trigger, or the last price', () => {
    expect(restingPrice(terms('BUY', 'LIMIT', 90_00n, null), 100_00n)).toBe(90_00n);
    expect(restingPrice(terms('BUY', 'STOP', null, 110_00n), 100_00n)).toBe(110_00n);
    expect(restingPrice(terms('BUY', 'MARKET', null, null), 100_00n)).toBe(100_00n);
  });
});

describe('money rules', () => {
  it('a buy costs its value plus that value’s fees', () => {
    const schedule = scheduleFor('MIS', 'NSE', '2026-11-27');
    expect(buyCost(250_00n, 4, schedule)).toBe(1000_00n + computeFees('BUY', 1000_00n, schedule).total);
  });

  it('selling part of a position removes a proportional, half-up share of its cost; selling all removes all', () => {
    expect(costRemoved(1000n, 3, 1)).toBe(333n);
    expect(costRemoved(1001n, 2, 1)).toBe(501n);
    expect(costRemoved(1000n, 3, 3)).toBe(1000n);
  });

  it('measures the drift from the seen price as a fraction of it', () => {
    expect(priceDrift(100_00n, 102_00n)).toBeCloseTo(0.02);
    expect(priceDrift(100_00n, 97_00n)).toBeCloseTo(0.03);
  });
});

describe('requestFingerprint', () => {
  const base: PlacementTerms = {
    symbol: 'ITC',
    side: 'BUY',
    orderType: 'LIMIT',
    quantity: 5,
    limitPricePaise: 40_000n,
    triggerPricePaise: null,
    validity: 'DAY',
    product: 'CNC',
  };

  it('is the same for the same terms, and readable', () => {
    expect(requestFingerprint({ ...base })).toBe(requestFingerprint(base));
    expect(requestFingerprint(base)).toBe('["v1","ITC","BUY","LIMIT",5,"40000",null,"DAY"]');
  });

  it('changes with every term', () => {
    const variants: PlacementTerms[] = [
      { ...base, symbol: 'TCS' },
      { ...base, side: 'SELL' },
      { ...base, orderType: 'STOP', limitPricePaise: null, triggerPricePaise: 40_000n },
      { ...base, quantity: 6 },
      { ...base, limitPricePaise: 40_005n },
      { ...base, validity: 'GTC' },
      { ...base, product: 'MIS' },
    ];
    const prints = new Set([base, ...variants].map(requestFingerprint));
    expect(prints.size).toBe(variants.length + 1);
  });
});
