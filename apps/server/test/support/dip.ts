import { tickSize } from '@nivesh/shared';
import type { MarketSimulator } from '../../src/modules/market/simulator/market-simulator.js';

/** A limit level the simulated path touches at one whole second only, inside a stretch where it stays above. */
export interface Dip {
  symbol: string;
  /** The limit price, on a valid tick (rupees). */
  level: number;
  /** The one second (ms) whose price is at or below `level`. */
  atMs: number;
}

/**
 * Searches the path every instance trades on for a one-second dip: the price is above `level`
 * from `fromMs` until the dip at a second in [earliestMs, latestMs], at or below it for that second,
 * and above it again for `afterMs` after. An order resting at that level can fill only by a check
 * that looks at the path between two rounds which straddle that second.
 */
export function findDip(
  sim: MarketSimulator,
  o: { fromMs: number; earliestMs: number; latestMs: number; afterMs: number; maxPrice: number },
): Dip | undefined {
  const sec = (ms: number) => Math.floor(ms / 1000);
  let best: Dip | undefined;
  for (const { symbol } of sim.instruments) {
    const paise: number[] = [];
    const first = sec(o.fromMs);
    for (let s = first; s <= sec(o.latestMs) + sec(o.afterMs); s += 1) {
      const price = sim.snapshot(symbol, s * 1000)?.price;
      if (price === undefined) break;
      paise.push(Math.round(price * 100));
    }
    if (paise.length === 0 || paise[0]! > o.maxPrice * 100) continue;
    for (let s = sec(o.earliestMs); s <= sec(o.latestMs); s += 1) {
      const i = s - first;
      const around = [...paise.slice(0, i), ...paise.slice(i + 1, i + 1 + sec(o.afterMs))];
      if (i + sec(o.afterMs) >= paise.length || around.length === 0) continue;
      const dip = paise[i]!;
      const tick = Math.round(tickSize(dip / 100) * 100);
      // The lowest tick at or above the dip must still be below every other second's price.
      const level = Math.ceil(dip / tick) * tick;
      if (level >= Math.min(...around)) continue;
      if (!best || s * 1000 < best.atMs) best = { symbol, level: level / 100, atMs: s * 1000 };
      break;
    }
  }
  return best;
}
