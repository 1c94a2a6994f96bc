// Builds bench/realism-reference.json: the real intraday figures the realism report compares the
// simulator with. The 1-minute samples live only in the seed data outside the repository, so this
// runs once, by hand, and the report reads the stored numbers (never the seed data):
//   node --import tsx realism-reference.ts --from ../../shared/data/nse/intraday_1min
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dateToDayNumber } from '@nivesh/shared';
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { loadMarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import {
  intradayVolatilityProfile,
  largestMinuteMoveShare,
  longestRunAtZeroChange,
  longestRunNearExtreme,
  longestUnchangedRun,
  median,
  type MinuteDay,
} from '../apps/server/src/modules/market/simulator/realism-stats.js';

const fromArg = process.argv.indexOf('--from');
if (fromArg < 0 || !process.argv[fromArg + 1]) {
  console.error('usage: realism-reference.ts --from <seed data>/nse/intraday_1min');
  process.exit(2);
}
const root = path.resolve(process.argv[fromArg + 1]!);
const bundle = loadMarketBundle(defaultMarketDataDir);
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Sample {
  file: string;
  symbol: string;
  date: string;
  day: MinuteDay;
}

function readSample(date: string, file: string): Sample {
  const [, ...lines] = readFileSync(path.join(root, date, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  // The 2016 files have a space after each comma and a few rows out of order; sort by time.
  const rows = lines
    .map((l) => l.split(',').map((f) => f.trim()))
    .map((f) => ({ t: f[0]!.slice(0, 16), o: +f[1]!, h: +f[2]!, l: +f[3]!, c: +f[4]! }))
    .sort((a, b) => a.t.localeCompare(b.t));
  // The 2026 files are float32 values (1413.4000244140625): back to the 2-decimal prices they were.
  return {
    file: `${date}/${file}`,
    symbol: file.replace(/(_1m)?\.csv$/, ''),
    date,
    day: {
      open: rows.map((r) => round2(r.o)),
      high: rows.map((r) => round2(r.h)),
      low: rows.map((r) => round2(r.l)),
      close: rows.map((r) => round2(r.c)),
    },
  };
}

const samples: Sample[] = [];
for (const date of readdirSync(root).sort())
  for (const file of readdirSync(path.join(root, date)).sort()) samples.push(readSample(date, file));

const previousClose = (s: Sample): number | null => {
  const bars = bundle.daily.get(s.symbol);
  if (!bars) return null;
  const d = dateToDayNumber(s.date);
  const k = bars.days.indexOf(d);
  // Only where the bundle has that very day (2026 samples): the 2016 prices are unadjusted and the bundle starts in 2021.
  return k > 0 ? bars.close[k - 1]! : null;
};

const perSession = samples.map((s) => {
  const prev = previousClose(s);
  return {
    file: s.file,
    symbol: s.symbol,
    minutes: s.day.close.length,
    largestMinuteMoveShare: +largestMinuteMoveShare(s.day).toFixed(4),
    longestRunNearExtremeMinutes: longestRunNearExtreme(s.day, 0.001),
    longestUnchangedMinutes: longestUnchangedRun(s.day.close),
    longestRunAtZeroChangeMinutes: prev === null ? null : longestRunAtZeroChange(s.day.close, prev),
    halfHourVolatility: intradayVolatilityProfile([s.day], 30).map((x) => +x.toFixed(3)),
  };
});
const indices = new Set(['NIFTY50', 'SENSEX']);
const stockDays = samples.filter((s) => !indices.has(s.symbol)).map((s) => s.day);
const out = {
  provenance: {
    what: 'Real intraday reference figures for bench/realism.bench.ts, computed by bench/realism-reference.ts with the functions of apps/server/src/modules/market/simulator/realism-stats.ts. Only these derived numbers are stored, no prices.',
    from: 'The seed data folder nse/intraday_1min (outside the repository; see apps/server/data/market/NOTICE.md): 2026-03-24/{RELIANCE,NIFTY50,SENSEX}_1m.csv (Yahoo Finance 1-minute bars via Ankhil140/StockSense @ d4d80302274ea792f4bf9bcb7501f05befe0c715) and 2016-09-30/<13 large caps>.csv (vendor unknown, via kuldeeptp/kuldeeptest @ e7436492e9e5d75c4a20ee3c74dbc8c0b2b73d66). 16 sessions of 375 one-minute bars, 09:15-15:29 IST.',
    how: 'Prices rounded to 2 decimals (the 2026 files hold float32 values), rows sorted by time. A move is |close - previous close| (the first minute from the open); the day range is max(high) - min(low) of the minutes. Near the extreme = close within 0.1% of the day high or low. 0.00% = |close / previous daily close - 1| < 0.005% (only for the 2026 files, whose previous close is in the bundle). Half-hour volatility = root mean square of 1-minute log returns per 30-minute bucket (09:15-09:44, ..., the 13th 15:15-15:29) over the whole session root mean square.',
    generated: new Date().toISOString().slice(0, 10),
  },
  sessions: perSession.length,
  summary: {
    largestMinuteMoveShareMax: Math.max(...perSession.map((s) => s.largestMinuteMoveShare)),
    largestMinuteMoveShareMedian: +median(perSession.map((s) => s.largestMinuteMoveShare)).toFixed(4),
    longestRunNearExtremeMinutesMax: Math.max(...perSession.map((s) => s.longestRunNearExtremeMinutes)),
    longestUnchangedMinutesMax: Math.max(...perSession.map((s) => s.longestUnchangedMinutes)),
    halfHourVolatilityStocks: intradayVolatilityProfile(stockDays, 30).map((x) => +x.toFixed(3)),
    halfHourVolatilityIndices: intradayVolatilityProfile(
      samples.filter((s) => indices.has(s.symbol)).map((s) => s.day),
      30,
    ).map((x) => +x.toFixed(3)),
  },
  perSession,
};
writeFileSync(path.join(import.meta.dirname, 'realism-reference.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote realism-reference.json from ${perSession.length} sessions`);
console.log(out.summary);
