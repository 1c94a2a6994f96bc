import { describe, expect, it } from 'vitest';
import { listExpiries } from './expiries.js';
import { futureSymbol, optionSymbol, parseTradingSymbol } from './trading-symbol.js';

describe("Kite's trading symbols", () => {
  it('writes the two examples: weekly 2026-12-01 and monthly 2026-12-29', () => {
    expect(
      optionSymbol({
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        expiryKind: 'weekly',
        strike: 24000,
        type: 'CE',
      }),
    ).toBe('NIFTY26D0124000CE');
    expect(
      optionSymbol({
        underlying: 'NIFTY',
        expiry: '2026-12-29',
        expiryKind: 'monthly',
        strike: 24000,
        type: 'CE',
      }),
    ).toBe('NIFTY26DEC24000CE');
    expect(futureSymbol('NIFTY', '2026-12-29')).toBe('NIFTY26DECFUT');
    expect(
      optionSymbol({
        underlying: 'NIFTY',
        expiry: '2026-03-10',
        expiryKind: 'weekly',
        strike: 22050,
        type: 'PE',
      }),
    ).toBe('NIFTY2631022050PE');
  });

  it('uses the monthly form for a weekly date that is the last Tuesday', () => {
    expect(
      optionSymbol({
        underlying: 'NIFTY',
        expiry: '2026-12-29',
        expiryKind: 'weekly',
        strike: 24000,
        type: 'PE',
      }),
    ).toBe('NIFTY26DEC24000PE');
  });

  it('parses the examples back', () => {
    expect(parseTradingSymbol('NIFTY26D0124000CE')).toEqual({
      underlying: 'NIFTY',
      kind: 'CE',
      strike: 24000,
      expiry: '2026-12-01',
      expiryKind: 'weekly',
    });
    expect(parseTradingSymbol('NIFTY26DEC24000CE')).toEqual({
      underlying: 'NIFTY',
      kind: 'CE',
      strike: 24000,
      expiry: '2026-12-29',
      expiryKind: 'monthly',
    });
    expect(parseTradingSymbol('BANKNIFTY26DECFUT')).toEqual({
      underlying: 'BANKNIFTY',
      kind: 'FUT',
      strike: null,
      expiry: '2026-12-29',
      expiryKind: 'monthly',
    });
  });

  it('round-trips every strike form over a year of expiries', () => {
    let checked = 0;
    for (let month = 1; month <= 12; month += 1) {
      const day = `2026-${String(month).padStart(2, '0')}-01`;
      for (const underlying of ['NIFTY', 'BANKNIFTY'] as const) {
        for (const e of listExpiries(underlying, day, { weeks: 5, months: 1 })) {
          const strike = underlying === 'NIFTY' ? 23950 : 52100;
          for (const type of ['CE', 'PE'] as const) {
            const s = optionSymbol({ underlying, expiry: e.date, expiryKind: e.kind, strike, type });
            expect(parseTradingSymbol(s)).toEqual({
              underlying,
              kind: type,
              strike,
              expiry: e.date,
              expiryKind: e.kind,
            });
            checked += 1;
          }
          if (e.kind === 'monthly') {
            expect(parseTradingSymbol(futureSymbol(underlying, e.date))?.expiry).toBe(e.date);
          }
        }
      }
    }
    expect(checked).toBe(144);
  });

  it('rejects what is not a listed contract', () => {
    for (const bad of [
      'FINNIFTY26DEC24000CE', // unknown underlying
      'NIFTY26D3224000CE', // 32 December
      'NIFTY26230024000CE', // 30 February
      'NIFTY26D0224000CE', // 2026-12-02 is a Wednesday
      'NIFTY26D2924000CE', // the monthly in weekly form
      'NIFTY26DEC24010CE', // off the 50 grid
      'BANKNIFTY26DEC52050CE', // off the 100 grid
      'BANKNIFTY26D0152000CE', // BANKNIFTY has no weeklies
      'NIFTY26D01FUT', // futures are monthly
      'NIFTY26DEC24000XE',
      'NIFTY26DEC024000CE',
      '',
    ]) {
      expect(parseTradingSymbol(bad), bad).toBeUndefined();
    }
  });
});
