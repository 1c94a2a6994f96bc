import { describe, expect, it } from 'vitest';
import { optionChainSchema } from './options.schema.js';
import { buildChain, futurePrice, intrinsicValue, priceOption, quoteFromMid, simulatedOi } from './chain.js';

// 2026-11-30 10:00 IST, a Monday; the weekly expires the next day.
const NOW = Date.parse('2026-11-30T04:30:00Z');

describe('option pricing on the tick', () => {
  it('quotes ltp, bid and ask on 0.05 with the stated floors', () => {
    expect(quoteFromMid(0.01, 0)).toEqual({ ltp: 0.05, bid: 0, ask: 0.1 });
    expect(quoteFromMid(0.07, 5)).toEqual({ ltp: 0.05, bid: 0.05, ask: 0.15 });
    // mid 100, 5 days: half-spread 0.4% × (1 + 1/6) = 0.4667 → bid 99.50, ask 100.50.
    expect(quoteFromMid(100, 5)).toEqual({ ltp: 100, bid: 99.5, ask: 100.5 });
    // expiry day doubles the spread: half 0.8 → 99.20 / 100.80.
    expect(quoteFromMid(100, 0)).toEqual({ ltp: 100, bid: 99.2, ask: 100.8 });
  });

  it('prices an ATM NIFTY call with sane Greeks', () => {
    const call = priceOption({
      underlying: 'NIFTY',
      type: 'CE',
      strike: 24_000,
      expiry: '2026-12-29',
      spot: 24_000,
      vix: 14,
      nowMs: NOW,
      r: 0.0525,
      q: 0.013,
    });
    // ~29.2 days at ~14%: ATM ≈ 0.4 × F × σ√T ≈ 0.4 × 24,080 × 0.14 × 0.283 ≈ 381 (plus the carry).
    expect(call.ltp).toBeGreaterThan(330);
    expect(call.ltp).toBeLessThan(460);
    expect(call.iv).toBeCloseTo(14, 0);
    expect(call.delta).toBeGreaterThan(0.5);
    expect(call.delta).toBeLessThan(0.6);
    expect(call.theta).toBeLessThan(0);
    expect(call.vega).toBeGreaterThan(0);
  });

  it('prices the future with carry on the tick', () => {
    const f = futurePrice(24_000, NOW, '2026-12-29', 0.0525, 0.013);
    expect(Math.round(f * 100) % 5).toBe(0);
    expect(f).toBeCloseTo(24_000 * Math.exp(0.0395 * (29.229 / 365)), 0);
  });

  it('computes intrinsic values', () => {
    expect(intrinsicValue('CE', 24_000, 24_130.5)).toBe(130.5);
    expect(intrinsicValue('PE', 24_000, 24_130.5)).toBe(0);
    expect(intrinsicValue('PE', 24_000, 23_900)).toBe(100);
  });
});

describe('buildChain', () => {
  const chain = buildChain({
    underlying: 'NIFTY',
    spot: 24_013,
    vix: 15,
    nowMs: NOW,
    expiry: '2026-12-01',
    expiryKind: 'weekly',
    strikesEachSide: 10,
  });

  it('matches the contract schema and centres on the strike nearest the future', () => {
    expect(optionChainSchema.parse(chain)).toEqual(chain);
    expect(chain.strikes).toHaveLength(21);
    expect(chain.atmStrike).toBe(24_000);
    expect(chain.strikes[10]!.call.tradingsymbol).toBe('NIFTY26D0124000CE');
    expect(chain.lotSize).toBe(65);
  });

  it('models OI deterministically, in lots, peaked at the money and larger on the writing side', () => {
    expect(buildChain({ ...chain, spot: 24_013, vix: 15, nowMs: NOW, strikesEachSide: 10 })).toEqual(chain);
    for (const row of chain.strikes) expect(row.call.oi % 65).toBe(0);
    const args = { atmStrike: 24_000, strikeStep: 50, lotSize: 65, daysToExpiry: 1, key: 1 };
    expect(simulatedOi({ ...args, type: 'PE', strike: 23_500 })).toBeGreaterThan(
      simulatedOi({ ...args, type: 'CE', strike: 23_500 }),
    );
    expect(simulatedOi({ ...args, type: 'CE', strike: 24_000 })).toBeGreaterThan(
      simulatedOi({ ...args, type: 'CE', strike: 26_000 }),
    );
  });
});
