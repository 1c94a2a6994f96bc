import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dateToDayNumber, type Instrument } from '@nivesh/shared';
import { splitCsvLine } from '../../../lib/csv.js';

/**
 * The compact market data the simulator starts from (built by `npm run market:import`, see
 * data/market/NOTICE.md): instruments, daily OHLCV where real history exists, and the intraday
 * shape. Loaded once per process and directory; the server never reads the raw seed data.
 */
export interface BundleInstrument extends Instrument {
  /** Canonical index symbols this stock is a constituent of. */
  indices: string[];
}

export interface DailyBars {
  days: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export interface MarketBundle {
  dir: string;
  instruments: BundleInstrument[];
  daily: Map<string, DailyBars>;
  /** The last day of real data (day number); the simulation continues after it. */
  anchorDay: number;
  /** Per minute of the 375-minute NSE session, normalised to mean 1. */
  profile: { volume: number[]; volatility: number[] };
}

/** A gentle U: busy first and last half hours, quiet middle (used when the bundle has no profile). */
function defaultProfile() {
  const shape = Array.from({ length: 375 }, (_, i) => {
    const x = i / 374;
    return 0.55 + 2.2 * (x - 0.5) ** 2 * 4 * 0.5 + (i < 15 ? 1.5 : 0);
  });
  const mean = shape.reduce((s, x) => s + x, 0) / shape.length;
  const norm = shape.map((x) => x / mean);
  return { volume: norm, volatility: norm };
}

const cache = new Map<string, MarketBundle>();

export function loadMarketBundle(dir: string): MarketBundle {
  const cached = cache.get(dir);
  if (cached) return cached;
  const instrumentsFile = path.join(dir, 'instruments.csv');
  if (!existsSync(instrumentsFile)) {
    throw new Error(
      `Market data not found in ${dir}: run npm run market:import -w @nivesh/server -- --from <dir>`,
    );
  }
  const [header, ...lines] = readFileSync(instrumentsFile, 'utf8').split('\n').filter(Boolean);
  const cols = splitCsvLine(header!);
  const instruments = lines.map((line) => {
    const f = Object.fromEntries(splitCsvLine(line).map((v, i) => [cols[i]!, v]));
    const orNull = (v: string | undefined) => (v ? v : null);
    return {
      symbol: f.symbol!,
      name: f.name!,
      exchange: f.exchange as Instrument['exchange'],
      currency: f.currency as Instrument['currency'],
      type: f.type as Instrument['type'],
      sector: orNull(f.sector),
      industry: orNull(f.industry),
      isin: orNull(f.isin),
      bseCode: orNull(f.bseCode),
      indices: f.indices ? f.indices.split(';') : [],
    } satisfies BundleInstrument;
  });

  const daily = new Map<string, DailyBars>();
  let anchorDay = 0;
  const text = gunzipSync(readFileSync(path.join(dir, 'daily.csv.gz'))).toString('utf8');
  let start = text.indexOf('\n') + 1;
  let current: DailyBars | undefined;
  let currentSymbol = '';
  const dayOf = new Map<string, number>();
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (!line) continue;
    const f = line.split(',');
    if (f[0] !== currentSymbol) {
      currentSymbol = f[0]!;
      current = { days: [], open: [], high: [], low: [], close: [], volume: [] };
      daily.set(currentSymbol, current);
    }
    let day = dayOf.get(f[1]!);
    if (day === undefined) dayOf.set(f[1]!, (day = dateToDayNumber(f[1]!)));
    current!.days.push(day);
    current!.open.push(+f[2]!);
    current!.high.push(+f[3]!);
    current!.low.push(+f[4]!);
    current!.close.push(+f[5]!);
    current!.volume.push(+f[6]!);
    if (day > anchorDay) anchorDay = day;
  }

  const profileFile = path.join(dir, 'intraday-profile.json');
  const profile = existsSync(profileFile)
    ? (JSON.parse(readFileSync(profileFile, 'utf8')) as { volume: number[]; volatility: number[] })
    : defaultProfile();
  const bundle: MarketBundle = {
    dir,
    instruments,
    daily,
    anchorDay,
    profile: { volume: profile.volume, volatility: profile.volatility },
  };
  cache.set(dir, bundle);
  return bundle;
}
