// Circuit limits over a simulated year of every band class, in both clocks: per class, the largest
// move against its band, lock episodes per stock-year beside the assumed rate, the share of minutes
// at a limit, and the count of prices outside the limits in force (0 is the only right answer).
// No bundled list gives stocks the 2/5/10% classes, so stocks outside the NIFTY 100 are assigned
// them here through the simulator's per-symbol overrides; DYNAMIC is the NIFTY 100 as in the app.
import {
  CIRCUIT_LOCK_RATES,
  NIFTY_100,
  type BandClass,
  type BandClassOverride,
  type SessionMode,
} from '@nivesh/shared';
import {
  addCircuitStats,
  type CircuitStats,
} from '../apps/server/src/modules/market/simulator/circuit-stats.js';
import type { MarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../apps/server/src/modules/market/simulator/market-simulator.js';

const PER_CLASS = 8;
const FIXED: BandClass[] = ['2%', '5%', '10%', '20%'];
const DAYS_PER_YEAR: Record<SessionMode, number> = { nse: 250, 'always-open': 365 };

export interface CircuitReport {
  lines: string[];
  outside: number;
  prices: number;
}

const pct = (x: number, digits = 2) => `${(x * 100).toFixed(digits)}%`;

export function circuitReport(bundle: MarketBundle, seed: string, days = 365): CircuitReport {
  // Stocks with real history to calibrate on, outside the NIFTY 100, spread over the alphabet.
  const plain = bundle.instruments.filter(
    (i) =>
      i.type === 'EQUITY' &&
      i.currency === 'INR' &&
      !NIFTY_100.includes(i.symbol) &&
      (bundle.daily.get(i.symbol)?.days.length ?? 0) > 250,
  );
  const step = Math.floor(plain.length / (PER_CLASS * FIXED.length));
  const picked = Array.from({ length: PER_CLASS * FIXED.length }, (_, i) => plain[i * step]!.symbol);
  const overrides: BandClassOverride[] = picked.map((symbol, i) => ({
    symbol,
    bandClass: FIXED[Math.floor(i / PER_CLASS)]!,
    effectiveFrom: '2020-01-01',
    source: 'realism bench: every band class',
  }));
  const dynamic = NIFTY_100.filter((_, i) => i % Math.floor(NIFTY_100.length / PER_CLASS) === 0).slice(
    0,
    PER_CLASS,
  );
  const lines: string[] = [];
  let outside = 0;
  let prices = 0;
  const from = bundle.anchorDay + 1;
  const to = bundle.anchorDay + days;
  for (const session of ['nse', 'always-open'] as const) {
    const sim = new MarketSimulator({ bundle, seed, session, bandClassOverrides: overrides });
    const stats = new Map<BandClass, CircuitStats>();
    for (const symbol of [...picked, ...dynamic]) addCircuitStats(sim, symbol, from, to, stats);
    for (const bandClass of [...FIXED, 'DYNAMIC'] as BandClass[]) {
      const s = stats.get(bandClass);
      if (!s) continue;
      outside += s.outside;
      prices += s.prices;
      const stockYears = s.stockDays / DAYS_PER_YEAR[session];
      const assumed = CIRCUIT_LOCK_RATES.find((r) => r.bandClass === bandClass)?.episodesPerYear;
      const band =
        bandClass === 'DYNAMIC'
          ? `operating range ±${pct(s.range, 0)}, widened on ${s.widenedDays} of ${s.stockDays} stock-days`
          : `band ±${pct(s.range, 0)}`;
      lines.push(
        `  ${session.padEnd(11)} ${bandClass.padEnd(7)} ${s.stockDays} stock-days: max |move| ${pct(s.maxMove)} (${band}); ` +
          `${(s.lockEpisodes / stockYears).toFixed(1)} lock episodes per stock-year${assumed !== undefined ? ` (assumed ${assumed})` : ''}; ` +
          `${pct(s.atLimit / s.minutes)} of minutes at a limit; ${s.outside} prices outside limits (of ${s.prices.toLocaleString('en-IN')})`,
      );
    }
  }
  return { lines, outside, prices };
}
