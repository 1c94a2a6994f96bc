import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dateToDayNumber } from '@nivesh/shared';
import { loadMarketBundle, type DailyBars, type MarketBundle } from '../market/simulator/market-bundle.js';
import { calibrationOf } from '../market/market.factory.js';
import { MarketSimulator } from '../market/simulator/market-simulator.js';

/**
 * The replay's history: the live bundle plus `replay-history.csv.gz`, the same importer's rows from
 * 2020-01-01 up to the bundle's first day (so the 2020 drills exist). The live simulator keeps its
 * own window; replays get their own simulator on NSE hours, built once per process on first use,
 * with the live bundle's calibration (its parameters come from 2021 on).
 */
export const REPLAY_HISTORY_FILE = 'replay-history.csv.gz';

function extendedBundle(dir: string): MarketBundle {
  const base = loadMarketBundle(dir);
  const file = path.join(dir, REPLAY_HISTORY_FILE);
  if (!existsSync(file)) return base;
  const earlier = new Map<string, DailyBars>();
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  for (const line of text.split('\n').slice(1)) {
    if (!line) continue;
    const f = line.split(',');
    let bars = earlier.get(f[0]!);
    if (!bars) earlier.set(f[0]!, (bars = { days: [], open: [], high: [], low: [], close: [], volume: [] }));
    bars.days.push(dateToDayNumber(f[1]!));
    bars.open.push(+f[2]!);
    bars.high.push(+f[3]!);
    bars.low.push(+f[4]!);
    bars.close.push(+f[5]!);
    bars.volume.push(+f[6]!);
  }
  const daily = new Map<string, DailyBars>();
  for (const [symbol, later] of base.daily) {
    const before = earlier.get(symbol);
    const first = later.days[0] ?? Number.POSITIVE_INFINITY;
    if (!before) {
      daily.set(symbol, later);
      continue;
    }
    const keep = before.days.findIndex((d) => d >= first);
    const n = keep < 0 ? before.days.length : keep;
    daily.set(symbol, {
      days: [...before.days.slice(0, n), ...later.days],
      open: [...before.open.slice(0, n), ...later.open],
      high: [...before.high.slice(0, n), ...later.high],
      low: [...before.low.slice(0, n), ...later.low],
      close: [...before.close.slice(0, n), ...later.close],
      volume: [...before.volume.slice(0, n), ...later.volume],
    });
  }
  return { ...base, daily };
}

const simulators = new Map<string, MarketSimulator>();

export function getReplaySimulator(
  dataDir: string,
  seed: string,
  shocks: ReadonlyMap<number, { minute: number; down: boolean }>,
): MarketSimulator {
  const key = `${dataDir}|${seed}`;
  let sim = simulators.get(key);
  if (!sim) {
    // The live bundle's calibration: the earlier rows only need paths, not new parameters.
    sim = new MarketSimulator({
      bundle: extendedBundle(dataDir),
      seed,
      session: 'nse',
      shocks,
      calibration: calibrationOf(dataDir),
    });
    simulators.set(key, sim);
  }
  return sim;
}
