// The realism report: how closely the simulator's prices behave like the real NSE's (printed, not
// asserted). A fixed seed, four simulated years past the bundle's last real day, ~20 named stocks
// across sectors plus NIFTY 50 and SENSEX, each figure beside the real one, then one line per
// target with PASS or MISS.
//
// Real daily figures come from the bundle's real rows (apps/server/data/market), over the whole
// real history and over its last year alone (out of sample for a model calibrated on the years
// before). Real intraday figures come from bench/realism-reference.json (16 real sessions of
// 1-minute bars; see its provenance and bench/realism-reference.ts).
//
// REALISM_SEED=<text> simulates another seed than the default `realism-report`.
// `-- --json <file>` also writes every figure and target as JSON, for comparing two generators.
// REALISM_ONLY=intraday skips the slow universe-wide daily figures and the sector correlations (the
// named stocks and indices are still measured), for a quicker turn while working on the minute paths.
// `REALISM_ONLY=daily` computes only the figures and targets of daily closes and volumes: no minute
// paths, so no intraday figures and no simulated highs and lows (index range shows n/a): a
// quicker loop for tuning the daily model. The default run computes everything, including a year
// of every circuit band class (circuit-report.ts; also alone as `npm run bench:circuits`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { dayNumberToDate, sessionBounds, type SessionMode } from '@nivesh/shared';
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { loadMarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../apps/server/src/modules/market/simulator/market-simulator.js';
import { circuitReport } from './circuit-report.js';
import {
  groupCorrelations,
  mean,
  meanRangeShare,
  median,
  quantile,
  shareBeyondMove,
} from '../apps/server/src/modules/market/simulator/realism-stats.js';
import {
  SEED,
  YEARS,
  INTRADAY_DAYS,
  UNIVERSE_DAYS,
  NAMED,
  INDICES,
  INTRADAY_ONLY,
  ONLY_DAILY,
  intradayModes,
} from './realism/config.js';
import { type Window, window, type Figures, figures } from './realism/daily-figures.js';
import { intradayFigures } from './realism/minute-figures.js';
import { reference } from './realism/reference.js';
import { pct, num, line } from './realism/format.js';

const started = performance.now();
const timings: [string, number][] = [];
const timed = <T>(label: string, f: () => T): T => {
  const t = performance.now();
  const out = f();
  timings.push([label, performance.now() - t]);
  return out;
};

// Data ------------------------------------------------------------------------------------------

const bundle = timed('load bundle', () => loadMarketBundle(defaultMarketDataDir));
const anchor = bundle.anchorDay;
const lastDay = anchor + Math.ceil(365.25 * YEARS);
const sims = timed('build simulators and simulate 4 years (both clocks)', () => {
  const make = (session: SessionMode) => {
    const sim = new MarketSimulator({ bundle, seed: SEED, session });
    // A snapshot at the end of the last day makes the simulator extend every series through it.
    sim.snapshot('NIFTY50', sessionBounds(session, lastDay).closeMs - 1000);
    return sim;
  };
  return { nse: make('nse'), 'always-open': make('always-open') } as Record<SessionMode, MarketSimulator>;
});
const nse = sims.nse;
const missing = [...NAMED, ...INDICES].filter((s) => !nse.instrument(s));
if (missing.length) throw new Error(`not in the bundle: ${missing.join(', ')}`);

const realBars = (symbol: string) => bundle.daily.get(symbol);
const yearAgo = anchor - 365;
const realAll = (s: string) => window(realBars(s)!, -Infinity, anchor);
const realYear = (s: string) => window(realBars(s)!, yearAgo, anchor);
// Simulated highs and lows cost minute paths (an index's, all its constituents'): they are resolved
// only where a figure reads them (the indices' ranges, the named stocks' rows), not for the universe.
const simWindow = (sim: MarketSimulator, s: string, withHighLow = !ONLY_DAILY) =>
  window(sim.dailySeries(s, withHighLow)!, anchor, lastDay);

const daily = timed('daily figures (real and simulated)', () => {
  const idx = {
    all: realAll('NIFTY50'),
    year: realYear('NIFTY50'),
    nse: simWindow(nse, 'NIFTY50'),
    open: simWindow(sims['always-open'], 'NIFTY50'),
  };
  const rows = new Map<string, { all: Figures; year: Figures; sim: Figures; sim24: Figures }>();
  // Every stock with a real history of a year or more: the σ/β targets are also measured over all of them.
  const universe = (INTRADAY_ONLY ? [] : nse.instruments)
    .filter(
      (i) => i.type !== 'INDEX' && i.currency === 'INR' && (realBars(i.symbol)?.days.length ?? 0) >= 250,
    )
    .map((i) => i.symbol);
  // The day's biggest mover among these stocks (|log return|), by day: what a movers list shows.
  const topReal = new Map<number, number>();
  const topSim = new Map<number, number>();
  const top = (into: Map<number, number>, w: Window) => {
    for (const [day, r] of w.returns) into.set(day, Math.max(into.get(day) ?? 0, Math.abs(r)));
  };
  for (const s of new Set([...NAMED, ...INDICES, ...universe])) {
    if (!realBars(s)) continue;
    const real = realAll(s);
    const highLow = !ONLY_DAILY && (NAMED.includes(s) || INDICES.includes(s));
    const sim = simWindow(nse, s, highLow);
    if (universe.includes(s)) {
      top(topReal, real);
      top(topSim, sim);
    }
    rows.set(s, {
      all: figures(real, idx.all),
      year: figures(realYear(s), idx.year),
      sim: figures(sim, idx.nse),
      sim24: figures(simWindow(sims['always-open'], s, highLow), idx.open),
    });
  }
  const marketMoves = (w: Window) => shareBeyondMove([...w.returns.values()], 0.02);
  return {
    rows,
    universe,
    topMover: { real: [...topReal.values()], sim: [...topSim.values()] },
    niftyBeyond2Pct: { real: marketMoves(idx.all), sim: marketMoves(idx.nse) },
  };
});

const correlations = INTRADAY_ONLY
  ? undefined
  : timed('correlations within and across sectors (NIFTY 50 members)', () => {
      const members = nse.instruments.filter((i) => i.indices.includes('NIFTY50') && realBars(i.symbol));
      const of = (w: (s: string) => Window) =>
        groupCorrelations(members.map((m) => ({ group: m.sector ?? 'Other', returns: w(m.symbol).returns })));
      return {
        members: members.length,
        real: of(realAll),
        year: of(realYear),
        sim: of((s) => simWindow(nse, s)),
      };
    });

// Intraday --------------------------------------------------------------------------------------

const intraday = timed(
  `intraday figures (${NAMED.length + INDICES.length} symbols × ${INTRADAY_DAYS} days, and every stock × ${UNIVERSE_DAYS} days, both clocks)`,
  () => intradayFigures(sims, anchor, lastDay),
);

// Report ----------------------------------------------------------------------------------------

console.log(
  `Realism report — seed '${SEED}', real rows to ${dayNumberToDate(anchor)}, simulated ${dayNumberToDate(anchor + 1)} → ${dayNumberToDate(lastDay)} (${YEARS} years)`,
);
console.log(
  'Real = the bundle\'s real daily rows (all; "1y" = the last real year only). Sim = the nse clock unless marked 24h (always-open).',
);
console.log(
  'Daily log returns; moves beyond ±20% in real rows are corporate actions and are left out; β against NIFTY 50; kurtosis is Pearson (normal = 3).',
);
console.log('');
const W = [12, 6, 15, 17, 11, 11, 11, 11, 20, 13, 13] as const;
console.log(
  line([
    ['symbol', W[0]],
    ['days', W[1]],
    ['σ real/1y/sim', W[2]],
    ['β real/1y/sim', W[3]],
    ['kurt r/sim', W[4]],
    ['|r|ac1 r/s', W[5]],
    ['ac1-5 r/s', W[6]],
    ['volac1 r/s', W[7]],
    ['weekly σ real/sim/24h', W[8]],
    ['>4σ r/sim', W[9]],
    ['>10% r/sim', W[10]],
  ]),
);
const meanAc = (f: Figures) => mean(f.absAc);
for (const s of [...NAMED, ...INDICES]) {
  const r = daily.rows.get(s)!;
  console.log(
    line([
      [s, W[0]],
      [String(r.all.n), W[1]],
      [`${pct(r.all.sigma, 2)}/${pct(r.year.sigma, 2)}/${pct(r.sim.sigma, 2)}`, W[2]],
      [`${num(r.all.beta)}/${num(r.year.beta)}/${num(r.sim.beta)}`, W[3]],
      [`${num(r.all.kurtosis, 1)}/${num(r.sim.kurtosis, 1)}`, W[4]],
      [`${num(r.all.absAc[0]!)}/${num(r.sim.absAc[0]!)}`, W[5]],
      [`${num(meanAc(r.all))}/${num(meanAc(r.sim))}`, W[6]],
      [INDICES.includes(s) ? 'n/a' : `${num(r.all.volumeAc1)}/${num(r.sim.volumeAc1)}`, W[7]],
      [`${pct(r.all.weeklySigma, 2)}/${pct(r.sim.weeklySigma, 2)}/${pct(r.sim24.weeklySigma, 2)}`, W[8]],
      [`${pct(r.all.beyond4Sigma, 2)}/${pct(r.sim.beyond4Sigma, 2)}`, W[9]],
      [`${pct(r.all.beyond10Pct, 2)}/${pct(r.sim.beyond10Pct, 2)}`, W[10]],
    ]),
  );
}
const namedStocks = NAMED.map((s) => daily.rows.get(s)!);
console.log('');
console.log('|return| autocorrelation by lag, mean over the named stocks (real / sim):');
console.log(
  `  ${[0, 1, 2, 3, 4].map((k) => `lag ${k + 1}: ${num(mean(namedStocks.map((r) => r.all.absAc[k]!)))} / ${num(mean(namedStocks.map((r) => r.sim.absAc[k]!)))}`).join('   ')}`,
);
const c = correlations;
if (c)
  console.log(
    `Correlation of daily returns, mean over pairs of the ${c.members} NIFTY 50 members: within a sector real ${num(c.real.within)} (1y ${num(c.year.within)}) sim ${num(c.sim.within)} [${c.sim.withinPairs} pairs]; across sectors real ${num(c.real.across)} (1y ${num(c.year.across)}) sim ${num(c.sim.across)} [${c.sim.acrossPairs} pairs]`,
  );
const nifty = daily.rows.get('NIFTY50')!;
const sensex = daily.rows.get('SENSEX')!;
const openNifty = simWindow(sims['always-open'], 'NIFTY50');
console.log(
  `Index daily high–low range, mean (H−L)/C: NIFTY 50 real ${pct(nifty.all.range, 2)} (1y ${pct(nifty.year.range, 2)}) sim ${pct(nifty.sim.range, 2)} (24h ${pct(meanRangeShare(openNifty.high, openNifty.low, openNifty.close), 2)}); SENSEX real ${pct(sensex.all.range, 2)} (1y ${pct(sensex.year.range, 2)}) sim ${pct(sensex.sim.range, 2)}`,
);
const top = daily.topMover;
console.log(
  `Top mover of the day among the ${daily.universe.length} stocks, |daily log return|: median real ${pct(median(top.real))}, sim ${pct(median(top.sim))}; p90 real ${pct(quantile(top.real, 0.9))}, sim ${pct(quantile(top.sim, 0.9))}. NIFTY 50 days beyond ±2%: real ${pct(daily.niftyBeyond2Pct.real, 2)}, sim ${pct(daily.niftyBeyond2Pct.sim, 2)}`,
);
const monthlyRatio = (pick: (r: (typeof namedStocks)[number]) => number) =>
  median(namedStocks.map((r) => pick(r) / r.all.monthlySigma));
console.log(
  `Monthly σ, median sim/real over the named stocks: nse ${num(monthlyRatio((r) => r.sim.monthlySigma))}×, 24h ${num(monthlyRatio((r) => r.sim24.monthlySigma))}×`,
);

console.log('');
if (ONLY_DAILY) console.log('REALISM_ONLY=daily: the intraday figures and targets are skipped.');
const ref = reference.summary;
const realOf = (symbol: string) => reference.perSession.filter((x) => x.symbol === symbol);
console.log(
  `Intraday, per symbol (sim: ${INTRADAY_DAYS} simulated days each; real: the symbol's real sessions in bench/realism-reference.json, where there are any).`,
);
console.log(
  "  move = largest 1-minute move / day range; extreme = longest run of minutes within 0.1% of the day's high or low; flat = longest run of unchanged minute closes; 0.00% = longest run at 0.00% change; open/close = σ of 1-minute returns in the first/last half hour ÷ the session's",
);
const IW = [12, 22, 9, 15, 11, 11, 13, 17] as const;
for (const mode of intradayModes) {
  const f = intraday.get(mode)!;
  console.log(`  ${mode} clock:`);
  console.log(
    line([
      ['symbol', IW[0]],
      ['move med/p99/max', IW[1]],
      ['real', IW[2]],
      ['extreme p99/max', IW[3]],
      ['real', IW[4]],
      ['flat sim/real', IW[5]],
      ['0.00% max', IW[6]],
      ['open/close (r)', IW[7]],
    ]),
  );
  for (const symbol of [...NAMED, ...INDICES]) {
    const days = f.named.filter((x) => x.symbol === symbol);
    const moves = days.map((x) => x.largestMove).filter(Number.isFinite);
    const ext = days.map((x) => x.nearExtreme);
    const real = realOf(symbol);
    const p = f.profileBySymbol.get(symbol)!;
    const realP = real.at(-1)?.halfHourVolatility;
    // On the 24-hour clock the profile is by IST hour: its first and last buckets are the hours around midnight.
    console.log(
      line([
        [symbol, IW[0]],
        [`${pct(median(moves), 0)}/${pct(quantile(moves, 0.99), 0)}/${pct(Math.max(...moves), 0)}`, IW[1]],
        [real.length ? real.map((x) => pct(x.largestMinuteMoveShare, 0)).join(',') : '—', IW[2]],
        [`${num(quantile(ext, 0.99), 0)}/${Math.max(...ext)}`, IW[3]],
        [real.length ? real.map((x) => x.longestRunNearExtremeMinutes).join(',') : '—', IW[4]],
        [
          `${Math.max(...days.map((x) => x.unchanged))}/${real.length ? Math.max(...real.map((x) => x.longestUnchangedMinutes)) : '—'}`,
          IW[5],
        ],
        [INDICES.includes(symbol) ? 'n/a' : String(Math.max(...days.map((x) => x.zeroChange))), IW[6]],
        [
          `${num(p[0]!)}/${num(p[p.length - 1]!)}${realP ? ` (${num(realP[0]!)}/${num(realP[realP.length - 1]!)})` : ''}`,
          IW[7],
        ],
      ]),
    );
  }
}
console.log('');
console.log(
  `Intraday, pooled (real: ${reference.sessions} sessions; largest move median ${pct(ref.largestMinuteMoveShareMedian)}, max ${pct(ref.largestMinuteMoveShareMax)}; run near the extreme max ${ref.longestRunNearExtremeMinutesMax} min; unchanged max ${ref.longestUnchangedMinutesMax} min):`,
);
for (const mode of intradayModes) {
  const f = intraday.get(mode)!;
  const moves = f.named.map((x) => x.largestMove).filter(Number.isFinite);
  const ext = f.named.map((x) => x.nearExtreme);
  console.log(
    `  ${mode.padEnd(11)} largest 1-minute move / day range: median ${pct(median(moves))}, p99 ${pct(quantile(moves, 0.99))}, max ${pct(Math.max(...moves))}; run near the extreme: median ${median(ext)} min, p99 ${num(quantile(ext, 0.99), 0)}, max ${Math.max(...ext)}; unchanged: max ${Math.max(...f.named.map((x) => x.unchanged))} min`,
  );
  const label = mode === 'nse' ? 'half hour from 09:15' : 'hour of the IST day from 00:00';
  console.log(
    `  ${''.padEnd(11)} σ of 1-minute returns by ${label}, ÷ session σ, stocks: ${f.profileStocks.map((x) => num(x)).join(' ')}`,
  );
  console.log(`  ${''.padEnd(11)} indices: ${f.profileIndex.map((x) => num(x)).join(' ')}`);
}
console.log(
  `  real        by half hour, stocks (13 of 2016-09-30, RELIANCE of 2026-03-24): ${ref.halfHourVolatilityStocks.map((x) => num(x)).join(' ')}`,
);
console.log(
  `  ${''.padEnd(11)} indices (NIFTY 50 and SENSEX of 2026-03-24): ${ref.halfHourVolatilityIndices.map((x) => num(x)).join(' ')}`,
);

// Targets ---------------------------------------------------------------------------------------

if (!INTRADAY_ONLY) {
  // What any single σ per stock can reach: the ±15% intervals around the whole history's σ and the
  // last year's overlap only when the two differ by at most 1.15/0.85.
  const rows = daily.universe.map((s) => daily.rows.get(s)!);
  const fits = rows.filter(
    (r) => Math.max(r.all.sigma, r.year.sigma) / Math.min(r.all.sigma, r.year.sigma) <= 1.15 / 0.85,
  );
  console.log('');
  console.log(
    `σ feasibility: one σ can be within ±15% of both the whole history's and the last year's for ${fits.length} of the ${rows.length} stocks (${pct(fits.length / rows.length, 1)}); the others can meet one window only`,
  );
}
// Circuit limits: a year of every band class (skipped by the quick REALISM_ONLY loops).
const circuits = process.env.REALISM_ONLY
  ? undefined
  : timed('circuit limits: a year of every band class (both clocks)', () => circuitReport(bundle, SEED));
if (circuits) {
  console.log('');
  console.log(
    'Circuit limits, a simulated year of every band class (fixed classes given to stocks outside the NIFTY 100; DYNAMIC the NIFTY 100):',
  );
  for (const text of circuits.lines) console.log(text);
}

console.log('');
console.log('Targets:');
const targets: { ok: boolean; text: string }[] = [];
const target = (ok: boolean, text: string) => {
  targets.push({ ok, text });
  console.log(`  ${ok ? 'PASS' : 'MISS'}  ${text}`);
};
const within = (simV: number, realV: number, rel: number) => Math.abs(simV / realV - 1) <= rel;
const share = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length / xs.length;
const universeRows = daily.universe.map((s) => daily.rows.get(s)!);
for (const [label, rows] of [
  [`the ${NAMED.length} named stocks`, namedStocks],
  ...(INTRADAY_ONLY
    ? []
    : ([[`all ${universeRows.length} stocks with a year of real rows`, universeRows]] as const)),
] as const) {
  for (const [wLabel, pick] of [
    ['all real rows', (r: (typeof rows)[number]) => r.all],
    ['last real year (out of sample)', (r: (typeof rows)[number]) => r.year],
  ] as const) {
    const sigmaShare = share(rows, (r) => within(r.sim.sigma, pick(r).sigma, 0.15));
    const betaShare = share(rows, (r) => Math.abs(r.sim.beta - pick(r).beta) <= 0.15);
    target(
      sigmaShare >= 0.9,
      `σ within ±15% of real for ≥ 90% of ${label}, vs ${wLabel}: ${pct(sigmaShare, 1)}`,
    );
    target(
      betaShare >= 0.9,
      `β within ±0.15 of real for ≥ 90% of ${label}, vs ${wLabel}: ${pct(betaShare, 0)}`,
    );
  }
}
const simKurt = namedStocks.map((r) => r.sim.kurtosis);
target(
  median(simKurt) >= 5,
  `median kurtosis ≥ 5 (real median ${num(median(namedStocks.map((r) => r.all.kurtosis)), 1)}): sim ${num(median(simKurt), 1)}`,
);
target(
  Math.min(...simKurt) > 3.5,
  `every named stock's kurtosis > 3.5: lowest ${num(Math.min(...simKurt), 1)}`,
);
const realBeyond = mean(namedStocks.map((r) => r.all.beyond4Sigma));
const simBeyond = mean(namedStocks.map((r) => r.sim.beyond4Sigma));
target(
  simBeyond >= realBeyond / 2 && simBeyond <= realBeyond * 2,
  `days beyond ±4σ within a factor of 2 of real (mean share over the named stocks): real ${pct(realBeyond, 2)}, sim ${pct(simBeyond, 2)}`,
);
const absAc1 = mean(namedStocks.map((r) => r.sim.absAc[0]!));
target(
  absAc1 >= 0.08,
  `mean |return| lag-1 autocorrelation ≥ 0.08 (real ${num(mean(namedStocks.map((r) => r.all.absAc[0]!)))}): sim ${num(absAc1)}`,
);
const volAc = mean(namedStocks.map((r) => r.sim.volumeAc1));
target(
  volAc >= 0.3,
  `volume lag-1 autocorrelation (log volume, mean) ≥ 0.3 (real ${num(mean(namedStocks.map((r) => r.all.volumeAc1)))}): sim ${num(volAc)}`,
);
const realMoves = reference.perSession.map((x) => x.largestMinuteMoveShare);
for (const mode of intradayModes) {
  const f = intraday.get(mode)!;
  const all = [...f.named, ...f.universe];
  const small = share(
    all.filter((x) => Number.isFinite(x.largestMove)),
    (x) => x.largestMove <= 0.4,
  );
  target(
    small >= 0.99,
    `${mode}: largest 1-minute move ≤ 40% of the day's range on ≥ 99% of days: ${pct(small)} of ${all.length} symbol-days (real: ${realMoves.filter((x) => x <= 0.4).length} of ${realMoves.length} sessions)`,
  );
  // A circuit lock holds the price at the day's high or low on purpose; those days are left out.
  const free = all.filter((x) => !x.locked);
  const longest = Math.max(...free.map((x) => x.nearExtreme));
  target(
    longest <= 30,
    `${mode}: no run within 0.1% of the day's high or low longer than 30 minutes: longest ${longest} min (${pct(share(free, (x) => x.nearExtreme > 30))} of symbol-days over; ${all.length - free.length} circuit-lock days left out)`,
  );
  const stockDays = all.filter((x) => !INDICES.includes(x.symbol));
  const zero = Math.max(...stockDays.map((x) => x.zeroChange));
  target(
    zero <= 10,
    `${mode}: no stock at 0.00% change for more than 10 minutes: longest ${zero} min (${pct(share(stockDays, (x) => x.zeroChange > 10))} of stock-days over)`,
  );
  const p = f.profileStocks;
  const order = [...p.keys()].sort((x, y) => p[y]! - p[x]!);
  if (mode === 'nse') {
    target(
      order.slice(0, 2).includes(0) && order.slice(0, 2).includes(p.length - 1),
      `nse: intraday volatility highest in the first and last half hours: first ${num(p[0]!)}, last ${num(p[p.length - 1]!)}, highest in between ${num(Math.max(...p.slice(1, -1)))}`,
    );
  } else {
    // The NSE rhythm laid on the IST calendar day puts the opening burst and closing ramp at midnight.
    const busiest = order[0]!;
    target(
      busiest !== 0 && busiest !== p.length - 1,
      `always-open: the busiest hour is not at midnight IST (23:00–01:00): busiest ${String(busiest).padStart(2, '0')}:00–${String(busiest + 1).padStart(2, '0')}:00 at ${num(p[busiest]!)}× (00:00 ${num(p[0]!)}×, 23:00 ${num(p[p.length - 1]!)}×)`,
    );
  }
}
const weeklyRatio = (pick: (r: (typeof namedStocks)[number]) => number) =>
  median(namedStocks.map((r) => pick(r) / r.all.weeklySigma));
for (const [mode, pick] of [
  ['nse', (r: (typeof namedStocks)[number]) => r.sim.weeklySigma],
  ['always-open', (r: (typeof namedStocks)[number]) => r.sim24.weeklySigma],
] as const) {
  const ratio = weeklyRatio(pick);
  target(
    Math.abs(ratio - 1) <= 0.1,
    `${mode}: weekly σ within ±10% of real (median sim/real over the named stocks): ${num(ratio)}× (${pct(
      share(namedStocks, (r) => within(pick(r), r.all.weeklySigma, 0.1)),
      0,
    )} of stocks within ±10%)`,
  );
}
if (!ONLY_DAILY)
  target(
    within(nifty.sim.range, nifty.all.range, 0.2),
    `NIFTY 50 daily high–low range within ±20% of real: real ${pct(nifty.all.range, 2)}, sim ${pct(nifty.sim.range, 2)}`,
  );

if (circuits)
  target(
    circuits.outside === 0,
    `0 prices outside circuit limits over a simulated year of every band class, both clocks: ${circuits.outside} of ${circuits.prices.toLocaleString('en-IN')}`,
  );

console.log('');
console.log(
  `Timings (${process.env.CI ? 'CI' : 'this machine'}; other work on it skews them): ${timings.map(([l, ms]) => `${l} ${(ms / 1000).toFixed(1)} s`).join('; ')}; total ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`${targets.filter((t) => t.ok).length} of ${targets.length} targets met`);

const jsonArg = process.argv.indexOf('--json');
if (jsonArg >= 0 && process.argv[jsonArg + 1]) {
  const file = path.resolve(process.argv[jsonArg + 1]!);
  const perMode = (mode: SessionMode) => {
    const f = intraday.get(mode)!;
    return {
      days: f.named,
      universeDays: f.universe,
      profileStocks: f.profileStocks,
      profileIndex: f.profileIndex,
      profileBySymbol: Object.fromEntries(f.profileBySymbol),
    };
  };
  const out = {
    seed: SEED,
    realThrough: dayNumberToDate(anchor),
    simulatedThrough: dayNumberToDate(lastDay),
    daily: Object.fromEntries([...NAMED, ...INDICES].map((s) => [s, daily.rows.get(s)])),
    universe: Object.fromEntries(daily.universe.map((s) => [s, daily.rows.get(s)])),
    correlations,
    topMover: { medianReal: median(top.real), medianSim: median(top.sim) },
    niftyBeyond2Pct: daily.niftyBeyond2Pct,
    intraday: ONLY_DAILY ? null : { nse: perMode('nse'), 'always-open': perMode('always-open') },
    targets,
    timingsMs: Object.fromEntries(timings),
  };
  // NaN is not JSON: it becomes null.
  writeFileSync(
    file,
    `${JSON.stringify(out, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v))}\n`,
  );
  console.log(`figures written to ${file}`);
}
