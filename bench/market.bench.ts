// Market figures on this machine (printed, not asserted): simulator start-up, the CPU it takes to
// tick the whole universe once a second, search latency, quote and chart latency under load, and
// chart payload sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { PERIODS } from '@nivesh/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { loadMarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../apps/server/src/modules/market/simulator/market-simulator.js';
import { SimulatedProvider } from '../apps/server/src/modules/market/simulator/simulated-provider.js';

const ms = (x: number) => `${x.toFixed(1)} ms`;

let t = performance.now();
const bundle = loadMarketBundle(defaultMarketDataDir);
const loadMs = performance.now() - t;
t = performance.now();
const sim = new MarketSimulator({ bundle, seed: 'bench', session: 'always-open' });
const ctorMs = performance.now() - t;
t = performance.now();
const now = Date.now();
sim.snapshot('NIFTY50', now);
const continueMs = performance.now() - t;
t = performance.now();
await sim.warmUp();
const pastsMs = performance.now() - t;
console.log(`Market simulator: ${sim.instruments.length} instruments`);
console.log(
  `  load bundle ${ms(loadMs)}, calibrate ${ms(ctorMs)}, continue to today ${ms(continueMs)}, synthetic pasts (background) ${ms(pastsMs)}`,
);

// Tick every instrument once per simulated second, as the feed would if everything were subscribed.
const provider = new SimulatedProvider(sim, () => now);
const symbols = sim.instruments.map((i) => i.symbol);
const round = (at: number) => {
  const cpu = process.cpuUsage();
  for (const s of symbols) sim.snapshot(s, at);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
};
const cold = round(now);
const warm: number[] = [];
for (let i = 1; i <= 20; i += 1) warm.push(round(now + i * 1000));
const warmMean = warm.reduce((a, b) => a + b, 0) / warm.length;
console.log(
  `  tick all ${symbols.length} at 1 Hz: first round ${ms(cold)} (builds the day paths), then ${ms(warmMean)} per round = ${(warmMean / 10).toFixed(1)}% of one core`,
);

const queries = [
  'rel',
  'reliance',
  'tata',
  'bank',
  'infy',
  '500325',
  'nifty',
  'apple',
  'hdfc',
  'power',
  'ad',
  'steel',
  'pharma',
  'ltd',
  'm&m',
];
const lat: number[] = [];
for (let i = 0; i < 3000; i += 1) {
  const s = performance.now();
  await provider.search(queries[i % queries.length]!, 10);
  lat.push(performance.now() - s);
}
lat.sort((a, b) => a - b);
console.log(
  `  search over the universe: p50 ${(lat[1500]! * 1000).toFixed(0)} µs, p99 ${(lat[2970]! * 1000).toFixed(0)} µs`,
);

console.log('  chart payloads for RELIANCE (JSON bytes / gzip bytes, candles):');
const app0 = await buildApp({
  config: loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nivesh-bench-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
  }),
  logger: false,
});
for (const period of PERIODS) {
  const res = await app0.inject({
    method: 'GET',
    url: `/api/live-charts/historical/RELIANCE?period=${period}`,
  });
  console.log(
    `    ${period.padEnd(3)} ${res.body.length.toLocaleString('en-IN').padStart(8)} / ${gzipSync(res.body).length.toLocaleString('en-IN').padStart(7)}  ${res.json().data.length} candles`,
  );
}
await app0.close();

const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-bench-'));
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' }),
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
await new Promise((r) => setTimeout(r, 3000)); // let the background warm-up finish
console.log('  HTTP under load (20 connections, 6 s each):');
for (const [title, url] of [
  ['GET /api/stocks/quote/RELIANCE', '/api/stocks/quote/RELIANCE'],
  ['GET /api/live-charts/historical 5Y', '/api/live-charts/historical/RELIANCE?period=5Y'],
  ['GET /api/live-charts/historical 1D', '/api/live-charts/historical/RELIANCE?period=1D'],
  ['GET /api/stocks/movers', '/api/stocks/movers?type=gainers'],
] as const) {
  const result = await autocannon({ url: `${address}${url}`, connections: 20, duration: 6 });
  console.log(
    `    ${title.padEnd(36)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}
await app.close();
rmSync(dir, { recursive: true, force: true });
