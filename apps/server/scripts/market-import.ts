/**
 * Builds the market bundle the server loads (apps/server/data/market by default) from a folder
 * shaped like the project's NSE seed data:
 *
 *   <from>/constituents/ind_nifty500list.csv      Company Name, Industry, Symbol, Series, ISIN Code
 *   <from>/constituents/ind_nifty50list.csv       (optional) NIFTY 50 membership
 *   <from>/reference/bse_equity_scrip_master.csv  (optional) BSE codes: Security Code, Security Id, ISIN No, Industry
 *   <from>/daily/stocks/<SYMBOL>.csv              Date, Open, High, Low, Close, Volume (any order; extra columns ignored)
 *   <from>/daily/indices/NIFTY50.csv              NIFTY 50 levels (the market factor every stock is calibrated against)
 *   <from>/daily/indices/{SENSEX,NIFTY_BANK,NIFTY_IT}.csv   (optional) other index levels
 *   <from>/intraday_1min/<day>/*.csv              (optional) 1-minute bars for the intraday shape
 *
 * Usage: npm run market:import -w @nivesh/server -- --from <dir> [--out <dir>] [--since YYYY-MM-DD]
 *
 * What it does, so a reviewer can tell real from trimmed: prices are rounded to 2 decimals; Adj
 * Close and index volume are dropped; flat placeholder rows (Volume 0 and O=H=L=C, Yahoo's rows for
 * holidays and missing bars) are dropped; rows before --since (default: 5½ years before the newest
 * stock row) are dropped; index rows after the newest stock row are dropped so indices and their
 * constituents continue from the same day. Nothing else is changed or filled in.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { parseCsv } from '../src/lib/csv.js';
import { packageRoot } from '../src/paths.js';
import { US_STOCKS } from '../src/modules/market/simulator/us-stocks.js';

const { values } = parseArgs({
  options: { from: { type: 'string' }, out: { type: 'string' }, since: { type: 'string' } },
});
if (!values.from) {
  console.error(
    'usage: npm run market:import -w @nivesh/server -- --from <dir> [--out <dir>] [--since YYYY-MM-DD]',
  );
  process.exit(2);
}
const from = path.resolve(values.from);
const out = path.resolve(values.out ?? path.join(packageRoot, 'data/market'));

const read = (rel: string) =>
  existsSync(path.join(from, rel)) ? parseCsv(readFileSync(path.join(from, rel), 'utf8')) : undefined;
const csvField = (v: string | null | undefined) =>
  v == null ? '' : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
const r2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, '');

interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const stats = {
  flatRowsDropped: 0,
  rowsBeforeSinceDropped: 0,
  indexRowsAfterAnchorDropped: 0,
  badRowsDropped: 0,
};

function readBars(file: string, keepVolume: boolean): Bar[] {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const bars: Bar[] = [];
  for (const row of rows) {
    const date = (row.Date ?? row.Datetime ?? '').slice(0, 10);
    const [open, high, low, close] = [row.Open, row.High, row.Low, row.Close].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const volume = Number(row.Volume ?? 0);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      ![open, high, low, close].every((v) => Number.isFinite(v) && v > 0)
    ) {
      stats.badRowsDropped += 1;
      continue;
    }
    if ((volume === 0 || !keepVolume) && open === high && high === low && low === close) {
      stats.flatRowsDropped += 1;
      continue;
    }
    bars.push({
      date,
      open,
      high,
      low,
      close,
      volume: keepVolume && Number.isFinite(volume) ? Math.round(volume) : 0,
    });
  }
  return bars.sort((a, b) => a.date.localeCompare(b.date));
}

// Repairs of known defects in the Yahoo files ------------------------------------------------------
/** Simple split/bonus ratios a misplaced adjustment factor is snapped to. */
const SPLIT_RATIOS = [1 / 10, 1 / 5, 1 / 4, 1 / 3, 2 / 5, 1 / 2, 3 / 5, 2 / 3, 3 / 4, 4 / 5, 5 / 6];
const snap = (ratio: number) => SPLIT_RATIOS.find((r) => Math.abs(ratio / r - 1) < 0.03) ?? ratio;
const scaleBars = (list: Bar[], end: number, factor: number) => {
  for (let i = 0; i < end; i += 1) {
    const b = list[i]!;
    list[i] = {
      ...b,
      open: b.open * factor,
      high: b.high * factor,
      low: b.low * factor,
      close: b.close * factor,
    };
  }
};

/**
 * Yahoo's files carry a few defects that are not market moves:
 * - a split/bonus factor applied only back to a 1 January (a cliff of more than 20% on the first
 *   row of a year): the rows before it are scaled by the cliff, snapped to a simple split ratio;
 * - moves over 30% that are demergers or capital reductions (ABFRL 2025-05-22, PATANJALI's
 *   relisting on 2020-01-27): earlier rows are scaled (ABFRL) or dropped (PATANJALI before relisting);
 * - INDIAMART's 2020-11-14 Muhurat row at an unadjusted price: dropped.
 * Every repair is listed in the manifest.
 */
function repairYahoo(symbol: string, input: Bar[], log: string[]): Bar[] {
  let list = input;
  if (symbol === 'INDIAMART') list = list.filter((b) => b.date !== '2020-11-14');
  if (symbol === 'PATANJALI') list = list.filter((b) => b.date >= '2020-01-27');
  for (let i = 1; i < list.length; i += 1) {
    const prev = list[i - 1]!;
    const cur = list[i]!;
    const ratio = cur.close / prev.close;
    // Only the first session of January: a cliff after a long gap (FORCEMOT 2024) is a real move.
    const newYear =
      cur.date.slice(0, 4) !== prev.date.slice(0, 4) &&
      cur.date.slice(5, 7) === '01' &&
      prev.date.slice(5, 7) === '12';
    const demerger = symbol === 'ABFRL' && cur.date === '2025-05-22';
    if ((newYear && (ratio < 0.8 || ratio > 1.25)) || demerger) {
      const factor = demerger ? ratio : snap(ratio);
      scaleBars(list, i, factor);
      log.push(
        `${symbol}: rows before ${cur.date} scaled by ${factor.toFixed(4)} (${demerger ? 'demerger' : 'misplaced split/bonus factor'})`,
      );
    }
  }
  if (symbol === 'INDIAMART' || symbol === 'PATANJALI') log.push(`${symbol}: defect rows dropped`);
  return list;
}

/**
 * Extends each stock past its last Yahoo row with NSE's raw bhavcopy closes
 * (`daily/nse_bhavcopy_unadjusted_*`): rows that repeat the previous session exactly (holidays the
 * source filled with a copy) are dropped, prices are multiplied by Yahoo/NSE on the last common
 * day so they continue the adjusted series, and a move beyond ±25% (a corporate action the raw
 * prices do not adjust for) back-adjusts the rows before it.
 */
function extendWithNse(all: Map<string, Bar[]>, log: string[]) {
  const dir = existsSync(path.join(from, 'daily'))
    ? readdirSync(path.join(from, 'daily')).find((d) => d.startsWith('nse_bhavcopy_unadjusted'))
    : undefined;
  const result = {
    folder: dir ?? null,
    symbolsExtended: 0,
    rowsAdded: 0,
    copiedHolidayRowsDropped: 0,
    backAdjustedAtCorporateAction: [] as string[],
  };
  if (!dir) return result;
  for (const [symbol, list] of all) {
    const file = path.join(from, 'daily', dir, `${symbol}.csv`);
    const last = list.at(-1);
    if (!existsSync(file) || !last) continue;
    const raw = parseCsv(readFileSync(file, 'utf8'))
      .map((r) => ({
        date: (r[''] ?? r.Date ?? '').slice(0, 10),
        open: Number(r.Open),
        high: Number(r.High),
        low: Number(r.Low),
        close: Number(r.Close),
        volume: Math.round(Number(r.Volume)),
      }))
      .filter(
        (b) =>
          /^\d{4}-\d{2}-\d{2}$/.test(b.date) &&
          [b.open, b.high, b.low, b.close].every((v) => Number.isFinite(v) && v > 0),
      )
      .sort((a, b) => a.date.localeCompare(b.date));
    const nse = raw.filter((b, i) => {
      const p = raw[i - 1];
      const copy =
        p &&
        p.open === b.open &&
        p.high === b.high &&
        p.low === b.low &&
        p.close === b.close &&
        p.volume === b.volume;
      if (copy) result.copiedHolidayRowsDropped += 1;
      return !copy;
    });
    const common = nse.find((b) => b.date === last.date);
    if (!common) continue;
    const factor = last.close / common.close;
    let prevClose = common.close;
    let added = 0;
    for (const b of nse) {
      if (b.date <= last.date) continue;
      if (Math.abs(Math.log(b.close / prevClose)) > Math.log(1.25)) {
        // Beyond any circuit limit: a split, bonus or demerger the raw prices carry. Back-adjust every
        // earlier row so the series continues at the price traders see now.
        const ratio = snap(b.close / prevClose);
        scaleBars(list, list.length, ratio);
        result.backAdjustedAtCorporateAction.push(`${symbol} ${b.date} ×${ratio.toFixed(4)}`);
      }
      prevClose = b.close;
      list.push({
        date: b.date,
        open: b.open * factor,
        high: b.high * factor,
        low: b.low * factor,
        close: b.close * factor,
        volume: b.volume,
      });
      added += 1;
    }
    if (added) {
      result.symbolsExtended += 1;
      result.rowsAdded += added;
    }
    if (Math.abs(factor - 1) > 0.005)
      log.push(
        `${symbol}: NSE rows after ${last.date} multiplied by ${factor.toFixed(4)} to continue the adjusted series`,
      );
  }
  return result;
}

// Instruments -----------------------------------------------------------------------------------
const nifty500 = read('constituents/ind_nifty500list.csv');
if (!nifty500) throw new Error(`${from}/constituents/ind_nifty500list.csv is required`);
const nifty50 = new Set((read('constituents/ind_nifty50list.csv') ?? []).map((r) => r.Symbol!));
const bse = read('reference/bse_equity_scrip_master.csv') ?? [];
const bseByIsin = new Map(bse.map((r) => [r['ISIN No']!, r]));
const bseById = new Map(bse.map((r) => [r['Security Id']!, r]));

interface Row {
  symbol: string;
  name: string;
  exchange: string;
  currency: string;
  type: string;
  sector: string | null;
  industry: string | null;
  isin: string | null;
  bseCode: string | null;
  indices: string[];
}
const instruments: Row[] = [];
let joinedByIsin = 0;
let joinedBySymbol = 0;
for (const r of nifty500) {
  const symbol = r.Symbol!;
  const isin = r['ISIN Code'] || null;
  let b = isin ? bseByIsin.get(isin) : undefined;
  if (b) joinedByIsin += 1;
  else if ((b = bseById.get(symbol))) joinedBySymbol += 1;
  instruments.push({
    symbol,
    name: r['Company Name']!,
    exchange: 'NSE',
    currency: 'INR',
    type: 'EQUITY',
    sector: r.Industry || null,
    industry: b?.Industry || b?.['ISubgroup Name'] || null,
    isin,
    bseCode: b?.['Security Code'] || null,
    indices: nifty50.has(symbol) ? ['NIFTY50'] : [],
  });
}

// Daily stocks ----------------------------------------------------------------------------------
// Yahoo-shaped, split/bonus-adjusted files: the 106 of `daily/stocks` and the other 394 of
// `daily/stocks_nifty500_rest` (same source and trim).
const STOCK_DIRS = ['daily/stocks', 'daily/stocks_nifty500_rest'];
const bars = new Map<string, Bar[]>();
const universe = new Set(instruments.map((i) => i.symbol));
const skipped: string[] = [];
for (const rel of STOCK_DIRS) {
  const stockDir = path.join(from, rel);
  for (const file of existsSync(stockDir) ? readdirSync(stockDir).filter((f) => f.endsWith('.csv')) : []) {
    const symbol = file.slice(0, -4).toUpperCase();
    if (!universe.has(symbol)) {
      skipped.push(symbol);
      continue;
    }
    if (!bars.has(symbol)) bars.set(symbol, readBars(path.join(stockDir, file), true));
  }
}
const repairs: string[] = [];
for (const [symbol, list] of bars) bars.set(symbol, repairYahoo(symbol, list, repairs));

// NSE's own raw daily prices continue the Yahoo rows past their last day, adjusted onto them.
const extension = extendWithNse(bars, repairs);

// The anchor is the last day the stocks and every bundled index have, so every series the
// simulator continues from ends on the same real day.
const stockLast = [...bars.values()].reduce(
  (max, b) => (b.length && b[b.length - 1]!.date > max ? b[b.length - 1]!.date : max),
  '',
);
const indexLasts = ['NIFTY50.csv', 'SENSEX.csv', 'NIFTY_BANK.csv', 'NIFTY_IT.csv']
  .map((file) => path.join(from, 'daily/indices', file))
  .filter((file) => existsSync(file))
  .map((file) => readBars(file, false).at(-1)?.date ?? '');
const anchor = [stockLast, ...indexLasts].filter(Boolean).sort()[0] ?? '';
if (!anchor) throw new Error('no daily stock rows found');
for (const [symbol, list] of bars)
  bars.set(
    symbol,
    list.filter((b) => b.date <= anchor),
  );
const since =
  values.since ??
  new Date(Date.parse(`${anchor}T00:00:00Z`) - Math.round(5.5 * 365.25) * 86_400_000)
    .toISOString()
    .slice(0, 10);

// Indices -----------------------------------------------------------------------------------------
if (!existsSync(path.join(from, 'daily/indices/NIFTY50.csv'))) {
  throw new Error(
    `${from}/daily/indices/NIFTY50.csv is required: the simulator calibrates every stock against it`,
  );
}
const INDEX_FILES: Record<string, { file: string; name: string }> = {
  NIFTY50: { file: 'NIFTY50.csv', name: 'NIFTY 50' },
  SENSEX: { file: 'SENSEX.csv', name: 'BSE SENSEX' },
  NIFTYBANK: { file: 'NIFTY_BANK.csv', name: 'NIFTY BANK' },
  NIFTYIT: { file: 'NIFTY_IT.csv', name: 'NIFTY IT' },
};
for (const [symbol, { file }] of Object.entries(INDEX_FILES)) {
  const p = path.join(from, 'daily/indices', file);
  if (!existsSync(p)) continue;
  const all = readBars(p, false);
  const kept = all.filter((b) => b.date <= anchor);
  stats.indexRowsAfterAnchorDropped += all.length - kept.length;
  bars.set(symbol, kept);
}

// Index membership (the simulator moves each index with these constituents) ----------------------
const tradedValue = (symbol: string) => {
  const b = (bars.get(symbol) ?? []).slice(-250);
  return b.length ? b.reduce((s, x) => s + x.close * x.volume, 0) / b.length : 0;
};
const hasHistory = (symbol: string) => (bars.get(symbol)?.length ?? 0) > 0;
const sensex = [...nifty50]
  .filter(hasHistory)
  .sort((a, b) => tradedValue(b) - tradedValue(a))
  .slice(0, 30);
// NIFTY BANK has 12 banks and NIFTY IT 10 companies; the proxies take the most traded of each.
const largest = (pick: (i: Row) => boolean, n: number) =>
  instruments
    .filter((i) => hasHistory(i.symbol) && pick(i))
    .sort((a, b) => tradedValue(b.symbol) - tradedValue(a.symbol))
    .slice(0, n)
    .map((i) => i.symbol);
const niftyBank = largest((i) => i.sector === 'Financial Services' && /\bBank\b/i.test(i.name), 12);
const niftyIt = largest((i) => i.sector === 'Information Technology', 10);
for (const i of instruments) {
  if (sensex.includes(i.symbol)) i.indices.push('SENSEX');
  if (niftyBank.includes(i.symbol)) i.indices.push('NIFTYBANK');
  if (niftyIt.includes(i.symbol)) i.indices.push('NIFTYIT');
}
for (const [symbol, { name }] of Object.entries(INDEX_FILES)) {
  instruments.push({
    symbol,
    name,
    exchange: 'INDEX',
    currency: 'INR',
    type: 'INDEX',
    sector: null,
    industry: null,
    isin: null,
    bseCode: null,
    indices: [],
  });
}
for (const us of US_STOCKS) {
  instruments.push({
    symbol: us.symbol,
    name: us.name,
    exchange: 'NASDAQ',
    currency: 'USD',
    type: 'EQUITY',
    sector: us.sector,
    industry: us.industry,
    isin: null,
    bseCode: null,
    indices: [],
  });
}

// Intraday shape ----------------------------------------------------------------------------------
/** Per minute of the 375-minute NSE session: mean share of the day's volume and mean |return|, both normalised to mean 1. */
function intradayProfile() {
  const dir = path.join(from, 'intraday_1min');
  if (!existsSync(dir)) return undefined;
  const volume = new Array<number>(375).fill(0);
  const moves = new Array<number>(375).fill(0);
  let volumeFiles = 0;
  let moveFiles = 0;
  const files: string[] = [];
  for (const day of readdirSync(dir))
    for (const f of readdirSync(path.join(dir, day)))
      if (f.endsWith('.csv')) files.push(path.join(dir, day, f));
  for (const file of files) {
    const rows = parseCsv(readFileSync(file, 'utf8'))
      .map((r) => ({
        t: (r.Datetime ?? r.Date ?? '').slice(11, 16),
        c: Number(r.Close),
        v: Number(r.Volume),
      }))
      .filter((r) => r.t >= '09:15' && r.t < '15:30')
      .sort((a, b) => a.t.localeCompare(b.t));
    if (rows.length !== 375) continue;
    const total = rows.reduce((s, r) => s + r.v, 0);
    // The first bar's volume is 0 in one source (it folds the pre-open auction elsewhere), so a file
    // counts for volume only when its opening minute has trades.
    if (total > 0 && rows[0]!.v > 0) {
      rows.forEach((r, i) => (volume[i]! += r.v / total));
      volumeFiles += 1;
    }
    const absRet = rows.map((r, i) => (i === 0 ? 0 : Math.abs(Math.log(r.c / rows[i - 1]!.c))));
    absRet[0] = absRet[1]!;
    const mean = absRet.reduce((s, x) => s + x, 0) / 375;
    if (mean > 0) {
      absRet.forEach((x, i) => (moves[i]! += x / mean));
      moveFiles += 1;
    }
  }
  if (!volumeFiles || !moveFiles) return undefined;
  const smooth = (xs: number[]) =>
    xs.map((_, i) =>
      i < 2 || i > 372 ? xs[i]! : (xs[i - 2]! + xs[i - 1]! + xs[i]! + xs[i + 1]! + xs[i + 2]!) / 5,
    );
  const norm = (xs: number[]) => {
    const m = xs.reduce((s, x) => s + x, 0) / xs.length;
    return xs.map((x) => Math.round((x / m) * 1000) / 1000);
  };
  return {
    minutes: 375,
    files: files.length,
    volumeFiles,
    moveFiles,
    volume: norm(smooth(volume)),
    volatility: norm(smooth(moves)),
  };
}

// Write -------------------------------------------------------------------------------------------
mkdirSync(out, { recursive: true });
const columns = [
  'symbol',
  'name',
  'exchange',
  'currency',
  'type',
  'sector',
  'industry',
  'isin',
  'bseCode',
  'indices',
] as const;
writeFileSync(
  path.join(out, 'instruments.csv'),
  [
    columns.join(','),
    ...instruments.map((i) =>
      columns.map((c) => csvField(c === 'indices' ? i.indices.join(';') : i[c])).join(','),
    ),
  ].join('\n') + '\n',
);
const lines = ['symbol,date,open,high,low,close,volume'];
let rows = 0;
for (const [symbol, list] of [...bars.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  for (const b of list) {
    if (b.date < since) {
      stats.rowsBeforeSinceDropped += 1;
      continue;
    }
    lines.push(`${symbol},${b.date},${r2(b.open)},${r2(b.high)},${r2(b.low)},${r2(b.close)},${b.volume}`);
    rows += 1;
  }
}
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(path.join(out, 'daily.csv.gz'), gz);
const profile = intradayProfile();
if (profile) writeFileSync(path.join(out, 'intraday-profile.json'), JSON.stringify(profile) + '\n');
const manifest = {
  source: path.basename(from),
  anchorDate: anchor,
  since,
  instruments: instruments.length,
  seriesWithHistory: bars.size,
  dailyRows: rows,
  dailyGzipBytes: gz.length,
  bseJoin: {
    byIsin: joinedByIsin,
    bySymbol: joinedBySymbol,
    unmatched: nifty500.length - joinedByIsin - joinedBySymbol,
  },
  sensexProxy: sensex,
  skippedFilesNotInUniverse: skipped,
  repairs,
  nseExtension: extension,
  ...stats,
  intradayProfile: profile
    ? { files: profile.files, volumeFiles: profile.volumeFiles, moveFiles: profile.moveFiles }
    : null,
};
writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(JSON.stringify(manifest, null, 2));
