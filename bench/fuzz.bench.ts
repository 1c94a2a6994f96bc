// Fuzz bench: FUZZ_REQUESTS (default 100,000) hostile requests per database, generated from the
// app's OpenAPI document (apps/server/test/fuzz), sent through app.inject to an app on a fresh
// PGlite and then on a fresh PostgreSQL database, as a user with cash, positions and resting orders
// and aimed at a second user's records too. Afterwards the money invariants of the integrity tests
// are checked and the second user's rows compared with a digest taken before the run. Prints the
// counts per status class, route and variant kind; exits 1 on any 5xx, malformed error, leak or
// violation. FUZZ_SEED replays a run; FUZZ_BACKENDS=pglite or =postgres runs one database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import type { AppConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { generateCase, kindsFor } from '../apps/server/test/fuzz/fuzz-cases.js';
import { emptyStats, FuzzSetup, runCase, type FuzzStats } from '../apps/server/test/fuzz/fuzz-runner.js';
import { scratchDatabase, seededRandom } from '../apps/server/test/support/integrity.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.FUZZ_BACKENDS ?? 'pglite,postgres').split(',');
/** The user's ids are re-read (and sold positions bought back) this often. */
const REFRESH_EVERY = 500;

function config(dataDir: string): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    redisUrl: undefined,
    publicUrl: 'http://localhost:3000',
    corsOrigin: 'http://localhost:3000',
    appSecret: 'fuzz-bench-secret-fuzz-bench-secret-0123',
    smtpUrl: undefined,
    mailFrom: 'Nivesh <no-reply@nivesh.test>',
    google: undefined,
    logLevel: 'silent',
    webDist: path.join(dataDir, 'no-web'),
    trustProxy: false,
    // High enough that the auth handlers, not the limiter, answer the fuzz.
    authRateLimitPerMinute: 1_000_000,
    loginMaxFailures: 5,
    loginFailureWindowMinutes: 15,
    version: 'fuzz',
    market: {
      provider: 'simulated',
      seed: 'nivesh-fuzz',
      session: 'always-open',
      dataDir: defaultMarketDataDir,
      fmpApiKeys: [],
      fmpBaseUrl: 'http://127.0.0.1:9',
      yahooBaseUrl: 'http://127.0.0.1:9',
    },
  };
}

interface Outcome {
  stats: FuzzStats;
  violations: string[];
  seconds: number;
}

async function run(backend: 'pglite' | 'postgres'): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-fuzz-bench-'));
  const scratch = backend === 'postgres' ? await scratchDatabase(ADMIN_URL, 'nivesh_fuzz') : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 4 } : { dataDir: dir });
  const mailer = { send: async () => undefined, close: () => undefined };
  const app = await buildApp({ config: config(dir), database, mailer, logger: false });
  try {
    await app.ready();
    const setup = await FuzzSetup.create(app, database.db);
    const rng = seededRandom(SEED);
    const stats = emptyStats();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      if (i % REFRESH_EVERY === 0) await setup.refresh();
      if (i > 0 && i % 10_000 === 0) {
        const s = (performance.now() - started) / 1000;
        console.log(`  ${backend}: ${i} requests, ${Math.round(i / s)}/s, 5xx ${stats.serverErrorCount}`);
      }
      const route = setup.routes[Math.floor(rng() * setup.routes.length)]!;
      const kinds = kindsFor(route, setup.world);
      const kind = kinds[Math.floor(rng() * kinds.length)]!;
      await runCase(setup, generateCase(route, kind, setup.world, rng), stats);
    }
    const seconds = (performance.now() - started) / 1000;
    return { stats, violations: await setup.violations(), seconds };
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmtCount = (n: number) => n.toLocaleString('en-US');

function report(backend: string, { stats, violations, seconds }: Outcome) {
  const c = stats.byClass;
  console.log(
    `\n${backend}: ${fmtCount(stats.requests)} requests in ${seconds.toFixed(0)} s (${Math.round(stats.requests / seconds)}/s)  ` +
      `2xx ${fmtCount(c['2xx'])}  3xx ${fmtCount(c['3xx'])}  4xx ${fmtCount(c['4xx'])}  5xx ${fmtCount(c['5xx'])}`,
  );
  console.log(
    `  statuses: ${[...stats.byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${fmtCount(n)}`)
      .join('  ')}`,
  );
  console.log(`  kinds: ${[...stats.byKind].map(([k, n]) => `${k} ${fmtCount(n)}`).join(', ')}`);
  console.log(`  routes (${stats.byRoute.size}), 2xx/4xx/5xx:`);
  for (const [route, n] of [...stats.byRoute].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(
      `    ${route.padEnd(56)} ${String(n['2xx']).padStart(5)} ${String(n['4xx']).padStart(5)} ${String(n['5xx']).padStart(3)}`,
    );
  }
  const slowest = [...stats.msByRoute].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`  most time: ${slowest.map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  console.log(
    `  5xx: ${stats.serverErrorCount}${stats.serverErrors.length ? `\n    ${stats.serverErrors.slice(0, 10).join('\n    ')}` : ''}`,
  );
  console.log(
    `  4xx not in the error shape: ${stats.badErrorShapeCount}${stats.badErrorShape.length ? `\n    ${stats.badErrorShape.slice(0, 10).join('\n    ')}` : ''}`,
  );
  console.log(
    `  other user's records revealed: ${stats.foreignLeaks.length}; requests that could not be sent: ${stats.injectFailures.length}`,
  );
  console.log(
    `  invariant violations: ${violations.length}${violations.length ? `\n    ${violations.join('\n    ')}` : ''}`,
  );
}

console.log(
  `Nivesh fuzz bench: ${fmtCount(REQUESTS)} requests per database, seed ${SEED}, in-process (app.inject)`,
);
let failed = false;
for (const backend of BACKENDS) {
  if (backend !== 'pglite' && backend !== 'postgres') continue;
  const outcome = await run(backend);
  report(backend, outcome);
  const s = outcome.stats;
  if (
    s.serverErrorCount ||
    s.badErrorShapeCount ||
    s.foreignLeaks.length ||
    s.injectFailures.length ||
    outcome.violations.length
  )
    failed = true;
}
process.exit(failed ? 1 : 0);
