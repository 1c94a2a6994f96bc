import { describe, expect, it } from 'vitest';
import {
  NIFTY_100,
  circuitLimits,
  dateToDayNumber,
  sessionBounds,
  type BandClass,
  type BandClassOverride,
} from '@nivesh/shared';
import { defaultMarketDataDir } from '../../../paths.js';
import { addCircuitStats, type CircuitStats } from './circuit-stats.js';
import { loadMarketBundle } from './market-bundle.js';
import { MarketSimulator } from './market-simulator.js';
import { SimulatedProvider } from './simulated-provider.js';

const bundle = loadMarketBundle(defaultMarketDataDir);
// Stocks outside the NIFTY 100 given each fixed class (no bundled list has them), four per class.
const plain = bundle.instruments
  .filter((i) => i.type === 'EQUITY' && i.currency === 'INR' && !NIFTY_100.includes(i.symbol))
  .slice(0, 16)
  .map((i) => i.symbol);
const CLASSES: BandClass[] = ['2%', '5%', '10%', '20%'];
const overrides: BandClassOverride[] = plain.map((symbol, i) => ({
  symbol,
  bandClass: CLASSES[Math.floor(i / 4)]!,
  effectiveFrom: '2020-01-01',
  source: 'test: every class',
}));
const dynamic = ['RELIANCE', 'ADANIENT', 'TATASTEEL', 'IRFC'];
const sim = new MarketSimulator({ bundle, seed: 'circuits', session: 'nse', bandClassOverrides: overrides });
const FROM = bundle.anchorDay + 1;
const TO = dateToDayNumber('2026-11-27');

describe('circuit limits in the simulator', () => {
  const stats = new Map<BandClass, CircuitStats>();
  for (const symbol of [...plain, ...dynamic]) addCircuitStats(sim, symbol, FROM, TO, stats);

  it('never prices outside the limits in force, in any class', () => {
    expect([...stats.keys()].sort()).toEqual(['10%', '2%', '20%', '5%', 'DYNAMIC']);
    for (const s of stats.values()) {
      expect(s.prices, s.bandClass).toBeGreaterThan(50_000);
      expect(s.outside, s.bandClass).toBe(0);
      // A fixed band is never exceeded; an operating range only by its widenings (at most ±20% a day).
      expect(s.maxMove).toBeLessThanOrEqual((s.bandClass === 'DYNAMIC' ? 0.2 : s.range) + 1e-9);
    }
  });

  it('locks fixed-band stocks at a circuit now and then, tighter bands more often; DYNAMIC never locks', () => {
    const perStockYear = (c: BandClass) => (stats.get(c)!.lockEpisodes / stats.get(c)!.stockDays) * 250;
    expect(stats.get('2%')!.lockEpisodes).toBeGreaterThan(0);
    expect(perStockYear('2%')).toBeGreaterThan(perStockYear('20%'));
    expect(stats.get('DYNAMIC')!.lockEpisodes).toBe(0);
  });

  it('quotes a locked stock at its circuit with the lock, and the limits of its class', () => {
    const provider = new SimulatedProvider(sim);
    let checked = 0;
    for (const symbol of plain.slice(0, 4)) {
      for (let day = FROM; day <= TO && checked < 3; day += 1) {
        const circuit = sim.dayCircuit(symbol, day);
        if (!circuit?.lock || circuit.lock.to - circuit.lock.from < 3) continue;
        const { openMs } = sessionBounds('nse', day);
        // Half a minute into the lock's second minute.
        const quote = provider.quoteAt(symbol, openMs + (circuit.lock.from + 1) * 60_000 + 30_000);
        const limits = circuitLimits(circuit.rule, circuit.previousClose);
        expect(quote).toMatchObject({
          bandClass: '2%',
          lowerCircuit: limits.lower,
          upperCircuit: limits.upper,
          circuitLock: circuit.lock.side,
          price: circuit.lock.side === 'UPPER' ? limits.upper : limits.lower,
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
    // An index and a US stock have no circuit.
    const at = sessionBounds('nse', TO).openMs + 3_600_000;
    for (const symbol of ['NIFTY50', 'AAPL'])
      expect(provider.quoteAt(symbol, at)).toMatchObject({
        bandClass: null,
        lowerCircuit: null,
        upperCircuit: null,
        circuitLock: null,
      });
    expect(provider.quoteAt('RELIANCE', at).bandClass).toBe('DYNAMIC');
  });
}, 120_000);
