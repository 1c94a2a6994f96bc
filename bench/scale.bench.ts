// The open and the square-off at scale: three instances behind nginx on one PostgreSQL (events
// through Redis, then through PostgreSQL alone), SCALE_USERS users with SCALE_SOCKETS sockets
// subscribed to quotes, every user ordering in the first seconds of 09:15 while one instance is
// killed with SIGKILL, GTTs and alerts triggering, then the 15:20 intraday square-off with its job's
// holder killed mid-round. Prints figures and the reconciliation; exits 1 if an order was lost or
// doubled, a check of the ledger fails, or an intraday position outlived the square-off.
// Needs PostgreSQL (SCALE_POSTGRES_URL) and Redis (SCALE_REDIS_URL); installs nginx when missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { startBalancer, type Balancer } from './scale/balancer.js';
import {
  REDIS_URL,
  createDatabase,
  freePort,
  holderPid,
  leases,
  setMarketTime,
  startInstance,
  stopInstance,
  type AdapterMode,
  type Instance,
} from './scale/cluster.js';
import { sleep } from './scale/clients.js';
import { openingOrders, populate, SOCKETS, USERS } from './scale/population.js';
import { reconcile, type Reconciliation } from './scale/reconcile.js';
import { printRun, type RunFigures } from './scale/report.js';

const MODES = (process.env.SCALE_ADAPTERS ?? 'redis,postgres').split(',') as AdapterMode[];
/** Thursday 26 November 2026, an NSE trading day, at an IST wall time. */
const ist = (h: number, m: number, s = 0) => Date.UTC(2026, 10, 26, h, m, s) - 330 * 60_000;
const t0 = performance.now();
/** A progress line on stderr, so a slow phase shows where it is. */
const step = (what: string) => console.error(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);

async function run(mode: AdapterMode): Promise<RunFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), `nivesh-scale-${mode}-`));
  const clockFile = path.join(dir, 'market-clock');
  setMarketTime(clockFile, ist(9, 5));
  const database = await createDatabase(`nivesh_scale_${mode}_${Date.now()}`);
  const db = new pg.Pool({ connectionString: database.url, max: 3 });
  const lbPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    ...(mode === 'redis' ? { REDIS_URL } : { REALTIME_ADAPTER: 'postgres' }),
    APP_SECRET: 'scale-bench-secret-scale-bench-secret-0',
    DATA_DIR: dir,
    MARKET_SEED: 'scale-bench',
    MARKET_SESSION: 'nse',
    MATCHER_INTERVAL_MS: '1000',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SCALE_CLOCK_FILE: clockFile,
  };
  const instances: Instance[] = [];
  const sockets: Socket[] = [];
  let lb: Balancer | undefined;
  try {
    step('starting three instances');
    // The first alone (it applies the migrations and takes the leases), then the other two.
    instances.push(await startInstance('i1', env));
    instances.push(...(await Promise.all([startInstance('i2', env), startInstance('i3', env)])));
    const ports = instances.map((i) => i.port);
    lb = await startBalancer({ dir, port: lbPort, upstreams: ports });
    const base = lb.url;

    step('signing up users');
    const setupStart = performance.now();
    const { users, price, stats } = await populate(base, mode, sockets);
    const setupS = (performance.now() - setupStart) / 1000;

    step('the open');
    // The open: the clock is brought to 09:14:58 and every user places two intraday market buys in
    // the first seconds after 09:15; the instance holding the order matcher's lease dies 1 s in.
    setMarketTime(clockFile, ist(9, 14, 58));
    await sleep(2100);
    const openLeases = await leases(db);
    const victim = instances.find(
      (i) => i.proc.pid === holderPid(openLeases.find((l) => l.name === 'order-matcher')!.holder),
    )!;
    const victimLeases = openLeases.filter((l) => holderPid(l.holder) === victim.proc.pid).map((l) => l.name);
    const burstStart = performance.now();
    let killedAt = 0;
    const killer = sleep(1000).then(() => {
      killedAt = Date.now();
      victim.proc.kill('SIGKILL');
    });
    const placed = await openingOrders(base, users, price);
    const burstS = (performance.now() - burstStart) / 1000;
    await killer;
    const failover = await waitForFailover(db, victim, victimLeases, killedAt);

    step('waiting for triggers');
    // GTTs and alerts keep triggering on the survivors; the dead instance comes back on its port.
    await sleep(20_000);
    const back = await startInstance(victim.name, env, victim.port);
    instances[instances.indexOf(victim)] = back;

    const disconnectsAtOpen = stats.map((s) => s.disconnects);
    step('the square-off');
    // The square-off: 15:19:57, then the holder of its lease dies 1.5 s after 15:20.
    setMarketTime(clockFile, ist(15, 19, 57));
    const cutoffWall = Date.now() + 3000;
    await sleep(3000);
    const soLeases = await leases(db);
    const soHolder = soLeases.find((l) => l.name === 'intraday-square-off')?.holder;
    const soVictim = instances.find((i) => soHolder && i.proc.pid === holderPid(soHolder));
    await sleep(1500);
    const soKilledAt = Date.now();
    soVictim?.proc.kill('SIGKILL');
    const squareOffS = await waitForSquareOff(db, cutoffWall);
    const soFailover = soVictim
      ? await waitForFailover(db, soVictim, ['intraday-square-off'], soKilledAt)
      : {};
    await sleep(3000);

    step('reconciling');
    const result: Reconciliation = await reconcile(
      db,
      placed.map((p) => p.clientOrderId),
    );
    return {
      mode,
      users: USERS,
      sockets: stats.map((s, i) => ({ ...s, disconnectsAtOpen: disconnectsAtOpen[i]! })),
      setupS,
      placed,
      burstS,
      ports,
      victim: victim.name,
      failover,
      soVictim: soVictim?.name,
      soFailover,
      squareOffS,
      result,
    };
  } finally {
    for (const s of sockets) s.close();
    await lb?.stop();
    await Promise.all(instances.map(stopInstance));
    await db.end();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from the kill until another instance held each of the dead one's leases. */
async function waitForFailover(db: pg.Pool, victim: Instance, names: string[], killedAt: number) {
  const moved: Record<string, number> = {};
  const deadline = Date.now() + 60_000;
  while (Object.keys(moved).length < names.length && Date.now() < deadline) {
    for (const l of await leases(db))
      if (names.includes(l.name) && moved[l.name] === undefined && holderPid(l.holder) !== victim.proc.pid)
        moved[l.name] = Math.max(0, l.acquiredMs - killedAt);
    await sleep(100);
  }
  return moved;
}

/** Seconds from the cut-off (its wall time) until no intraday position is open. */
async function waitForSquareOff(db: pg.Pool, cutoffWall: number) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from positions where product = 'MIS' and quantity > 0`,
    );
    if (rows[0]!.n === 0) break;
    if (Date.now() > deadline) break;
    await sleep(200);
  }
  return (Date.now() - cutoffWall) / 1000;
}

const figures: RunFigures[] = [];
for (const mode of MODES) {
  console.log(`\n== ${mode}: ${USERS} users, ${SOCKETS} sockets, 3 instances behind nginx ==`);
  const figure = await run(mode);
  printRun(figure);
  figures.push(figure);
}
const failed = figures.filter(
  (f) =>
    f.result.lost > 0 ||
    f.result.duplicated > 0 ||
    f.result.integrity.length > 0 ||
    f.result.openIntraday > 0 ||
    f.result.doubleSquareOffs > 0 ||
    f.result.duplicateFirings > 0,
);
console.log(
  failed.length === 0
    ? '\nreconciliation: passed in every mode'
    : `\nreconciliation FAILED: ${failed.map((f) => f.mode).join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
