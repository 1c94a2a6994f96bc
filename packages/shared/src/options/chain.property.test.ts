import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateToDayNumber, dayNumberToDate, DAY_MS } from '../market/session-clock.js';
import { black76 } from './black76.js';
import { buildChain, forwardPrice } from './chain.js';
import { dividendYieldOn, riskFreeRateOn } from './contracts.js';
import { expiryCloseMs, listExpiries, yearFraction } from './expiries.js';
import type { OptionQuote } from './options.schema.js';
import { surfaceVol } from './vol-surface.js';

/**
 * The Done-when point: a chain built for any spot, VIX and moment (09:15 a month before
 * expiry to 15:29 on the day) has no arbitrage a learner could pick up from the rounded quotes.
 * fast-check shrinks a failure to the smallest case and prints a seed that replays it.
 */
const paise = (rupees: number) => Math.round(rupees * 100);
const MIN_MS = 60_000;

const scenario = fc.record({
  underlying: fc.constantFrom('NIFTY' as const, 'BANKNIFTY' as const),
  spotFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  vix: fc.double({ min: 9, max: 60, noNaN: true }),
  dayOffset: fc.integer({ min: 0, max: 364 }),
  expiryPick: fc.nat(),
  /** 0 = 09:15 IST thirty days before the expiry, 1 = 15:29 IST on expiry day. */
  when: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer V> ? V : never;

/** The spot and every listed expiry of the scenario's day, each priced at its own `when` moment. */
function setUp(s: Scenario) {
  const [lo, hi] = s.underlying === 'NIFTY' ? [15_000, 35_000] : [35_000, 75_000];
  const spot = lo + (hi - lo) * s.spotFraction;
  const base = dayNumberToDate(dateToDayNumber('2026-01-01') + s.dayOffset);
  return listExpiries(s.underlying, base).map((expiry) => {
    const close = expiryCloseMs(expiry.date);
    const start = close - 30 * DAY_MS - (6 * 60 + 15) * MIN_MS; // 09:15 IST a month before
    const end = close - MIN_MS; // 15:29 IST on expiry day
    return { spot, expiry, nowMs: Math.round(start + (end - start) * s.when) };
  });
}

/** The first broken rule of one quote, or undefined. */
function quoteViolation(q: OptionQuote, modelMid: number): string | undefined {
  if ([q.ltp, q.bid, q.ask].some((p) => paise(p) % 5 !== 0)) return `${q.tradingsymbol} off the tick`;
  if (!(q.bid < q.ask)) return `${q.tradingsymbol} bid ${q.bid} not below ask ${q.ask}`;
  // Bid is at least a tick, or zero only when the model price is below one tick.
  if (q.bid === 0 ? modelMid >= 0.05 : q.bid < 0.05)
    return `${q.tradingsymbol} bid ${q.bid} at model ${modelMid}`;
  if (q.ltp < 0.05) return `${q.tradingsymbol} ltp below a tick`;
  return undefined;
}

type Chain = ReturnType<typeof buildChain>;

function violations(chain: Chain, F: number, T: number, r: number, vix: number): string[] {
  const out: string[] = [];
  const df = Math.exp(-r * T);
  const rows = chain.strikes;
  const EPS = 1e-9;
  for (const row of rows) {
    const K = row.strike;
    const sigma = surfaceVol({ atmVol: vix / 100, F, K, T });
    for (const v of [
      quoteViolation(row.call, black76({ F, K, T, sigma, r, type: 'CE' })),
      quoteViolation(row.put, black76({ F, K, T, sigma, r, type: 'PE' })),
    ])
      if (v) out.push(v);
    const spreads = row.call.ask - row.call.bid + row.put.ask - row.put.bid;
    const parity = Math.abs(row.call.ltp - row.put.ltp - df * (F - K));
    if (parity > spreads / 2 + 0.1 + EPS) out.push(`parity ${K}: ${parity} > ${spreads / 2 + 0.1}`);
    if (row.call.ltp < Math.max(0, df * (F - K)) - 0.05 - EPS) out.push(`call ${K} below intrinsic`);
    if (row.put.ltp < Math.max(0, df * (K - F)) - 0.05 - EPS) out.push(`put ${K} below intrinsic`);
    if (row.call.ltp > F * df + 0.05) out.push(`call ${K} above F·e^-rT`);
    if (row.put.ltp > K * df + 0.05) out.push(`put ${K} above K·e^-rT`);
  }
  for (let i = 1; i < rows.length; i += 1) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    for (const f of ['ltp', 'bid', 'ask'] as const) {
      if (paise(b.call[f]) > paise(a.call[f])) out.push(`call ${f} rises ${a.strike}→${b.strike}`);
      if (paise(b.put[f]) < paise(a.put[f])) out.push(`put ${f} falls ${a.strike}→${b.strike}`);
    }
  }
  for (let i = 1; i + 1 < rows.length; i += 1) {
    const [a, b, c] = [rows[i - 1]!, rows[i]!, rows[i + 1]!];
    if (paise(a.call.ltp) - 2 * paise(b.call.ltp) + paise(c.call.ltp) < -10)
      out.push(`call not convex at ${b.strike}`);
    if (paise(a.put.ltp) - 2 * paise(b.put.ltp) + paise(c.put.ltp) < -10)
      out.push(`put not convex at ${b.strike}`);
  }
  return out;
}

describe('option chain property: no arbitrage on the rounded quotes', () => {
  it('holds parity, monotonicity, convexity, bounds and the tick for every strike', () => {
    let strikesChecked = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        for (const { spot, nowMs, expiry } of setUp(s)) {
          const chain = buildChain({
            underlying: s.underlying,
            spot,
            vix: s.vix,
            nowMs,
            expiry: expiry.date,
            expiryKind: expiry.kind,
            strikesEachSide: 40,
          });
          const today = dayNumberToDate(Math.floor((nowMs + 330 * MIN_MS) / DAY_MS));
          const r = riskFreeRateOn(today);
          const T = yearFraction(nowMs, expiry.date);
          const F = forwardPrice(spot, T, r, dividendYieldOn(today));
          strikesChecked += chain.strikes.length;
          expect(violations(chain, F, T, r, s.vix)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
    // NIFTY lists 8–9 expiries, BANKNIFTY 3: at least 3 chains of 81 strikes a run.
    expect(strikesChecked).toBeGreaterThanOrEqual(300 * 3 * 81);
  }, 60_000);
});
