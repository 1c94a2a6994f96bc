import { circuitLimits, type BandClass } from '@nivesh/shared';
import type { MarketSimulator } from './market-simulator.js';

/** How a band class behaved over simulated days: what the realism bench prints and the unit test asserts. */
export interface CircuitStats {
  bandClass: BandClass;
  stockDays: number;
  /** Prices read: each minute's close, high and low, and each day's open. */
  prices: number;
  /** Prices outside the limits in force at their minute (must be 0). */
  outside: number;
  /** Minute closes exactly at a limit (locks, and moves held at an edge). */
  atLimit: number;
  minutes: number;
  /** The largest |price / previous close − 1| seen, as a fraction. */
  maxMove: number;
  /** The class's first range (a fixed band, or DYNAMIC's operating range before widening). */
  range: number;
  lockEpisodes: number;
  lockedMinutes: number;
  /** Days on which a DYNAMIC range widened at least once. */
  widenedDays: number;
}

export function emptyCircuitStats(bandClass: BandClass, range: number): CircuitStats {
  return {
    bandClass,
    stockDays: 0,
    prices: 0,
    outside: 0,
    atLimit: 0,
    minutes: 0,
    maxMove: 0,
    range,
    lockEpisodes: 0,
    lockedMinutes: 0,
    widenedDays: 0,
  };
}

/**
 * Adds one stock's simulated days in [fromDay, toDay] to `stats` (by class): every minute's close,
 * high and low is checked against the limits in force during that minute.
 */
export function addCircuitStats(
  sim: MarketSimulator,
  symbol: string,
  fromDay: number,
  toDay: number,
  stats: Map<BandClass, CircuitStats>,
) {
  sim.ensureThrough(toDay);
  const series = sim.dailySeries(symbol, false);
  if (!series) return;
  for (const day of series.days) {
    if (day < fromDay || day > toDay) continue;
    const circuit = sim.dayCircuit(symbol, day);
    const path = circuit && sim.dayPath(symbol, day, false);
    if (!circuit || !path) continue;
    const { rule, previousClose, widenings, lock } = circuit;
    let entry = stats.get(rule.bandClass);
    if (!entry) stats.set(rule.bandClass, (entry = emptyCircuitStats(rule.bandClass, rule.range)));
    entry.stockDays += 1;
    if (lock) {
      entry.lockEpisodes += 1;
      entry.lockedMinutes += lock.to - lock.from;
    }
    if (widenings[path.n]! > 0) entry.widenedDays += 1;
    const check = (price: number, w: number) => {
      const { lower, upper } = circuitLimits(rule, previousClose, w);
      entry.prices += 1;
      if (price < lower || price > upper) entry.outside += 1;
      entry.maxMove = Math.max(entry.maxMove, Math.abs(price / previousClose - 1));
    };
    check(path.p[0]!, widenings[0]!);
    for (let m = 0; m < path.n; m += 1) {
      const w = widenings[m + 1]!;
      check(path.p[m + 1]!, w);
      const { lower, upper } = circuitLimits(rule, previousClose, w);
      entry.minutes += 1;
      if (path.p[m + 1] === lower || path.p[m + 1] === upper) entry.atLimit += 1;
      check(path.high[m]!, w);
      check(path.low[m]!, w);
    }
  }
}
