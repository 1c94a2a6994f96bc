import { describe, expect, it } from 'vitest';
import { strategyCosts } from './costs';
import { strategyNudges } from './nudges';
import type { StrategyLeg } from './strategy';

function leg(o: Partial<StrategyLeg>): StrategyLeg {
  return {
    tradingsymbol: 'NIFTY26D0124000CE',
    type: 'CE',
    strike: 24000,
    side: 'BUY',
    lots: 1,
    price: 100,
    limit: 100,
    iv: 13,
    delta: 0.5,
    gamma: 0,
    theta: 0,
    vega: 0,
    ...o,
  };
}
const ids = (legs: StrategyLeg[], days = 5) =>
  strategyNudges(legs, days, strategyCosts(legs, 65, '2026-11-27')).map((n) => n.id);

describe('strategyNudges', () => {
  it('says nothing about a plain long call with costs under 1%', () => {
    expect(ids([leg({})])).toEqual([]);
  });

  it('flags a short call with no bought call as naked, and a covered one (a call spread) not', () => {
    expect(ids([leg({ side: 'SELL' })])).toEqual(['naked-short']);
    expect(
      ids([leg({ side: 'SELL' }), leg({ strike: 24200, tradingsymbol: 'NIFTY26D0124200CE', price: 150 })]),
    ).toEqual([]);
  });

  it('flags a far-OTM buy two days or less from expiry, not three', () => {
    const far = leg({ delta: 0.06, price: 150 });
    expect(ids([far], 2)).toEqual(['far-otm-expiry']);
    expect(ids([far], 3)).toEqual([]);
  });

  it('flags costs above 1% of the premium (a cheap option: the flat ₹20s weigh more)', () => {
    expect(ids([leg({ price: 20 })])).toEqual(['costs']);
  });
});

describe('strategyCosts', () => {
  it('one NIFTY lot at ₹100, bought and sold: ₹62.63 (shared foCharges, per-line rounding), about 1%', () => {
    const c = strategyCosts([leg({})], 65, '2026-11-27');
    expect(c.premium).toBe(6500);
    expect(c.roundTrip).toBe(62.63);
    expect(c.share).toBeCloseTo(c.roundTrip / 6500, 10);
  });
});
