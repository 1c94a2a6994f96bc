// Orders benchmark: the built server in its own process, first on the embedded PGlite, then on
// PostgreSQL; N clients (ORDERS_CLIENTS, default 32) each place MARKET orders over HTTP for D
// seconds (ORDERS_SECONDS, default 15), one at a time, alternating a 1-share buy and sell. Each
// client has its own user: every order of a user row-locks that user's cash account, so clients
// sharing a user would measure the lock queue, not the server. Prints orders/s, p50/p99 latency
// and a reconciliation of the database after the run (every money invariant of the integrity
// tests, and exactly one FILLED order per 201 answer), then pgbench TPC-B on the same PostgreSQL
// with the same clients and duration, and orders/s ÷ tps. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import {
  checkerPool,
  databaseQuery,
  integrityViolations,
  pgQuery,
  scratchDatabase,
  totals,
  type Query,
} from '../apps/server/test/support/integrity.js';
import { signUpOverHttp, type Session } from '../apps/server/test/support/order-load.js';
import { builtServer, repoRoot, startServerProcess } from '../apps/server/test/support/server-process.js';
import { KeepAliveClient } from './keep-alive-client.js';

const CLIENTS = Number(process.env.ORDERS_CLIENTS ?? 32);
const SECONDS = Number(process.env.ORDERS_SECONDS ?? 15);
const SYMBOL = process.env.ORDERS_SYMBOL ?? 'ITC';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.ORDERS_BACKENDS ?? 'pglite,postgres').split(',');
/** e.g. ORDERS_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server process. */
const NODE_ARGS = (process.env.ORDERS_NODE_ARGS ?? '').split(' ').filter(Boolean);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Result {
  ordersPerSec: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU milliseconds per order: the server process, and the database backends that served it. */
  serverCpuMs: number;
  databaseCpuMs: number | undefined;
  clientCpuMs: number;
  reconciled: string;
}

/** CPU seconds a process has used (user + system) from /proc; the machine's load does not inflate it. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving one database (the server's pool). */
async function backendPids(name: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

let seq = 0;
/** One client's order over its own kept-alive connection; resolves to the HTTP status (0: no answer). */
function order(connection: KeepAliveClient, session: Session, type: 'BUY' | 'SELL'): Promise<number> {
  seq += 1;
  return connection.post(
    '/api/orders/place',
    { authorization: `Bearer ${session.token}` },
    { clientOrderId: `bench-${process.pid}-${seq}`, symbol: SYMBOL, type, orderType: 'MARKET', quantity: 1 },
  );
}

/** `cpu` reads the CPU seconds used so far by [the server, its database]. */
async function drive(
  connections: KeepAliveClient[],
  sessions: Session[],
  cpu: () => Promise<[number, number | undefined]>,
) {
  // Warm-up, not measured: each client's first buy/sell pair (JIT, pool connections, quote cache).
  await Promise.all(
    sessions.map(async (s, i) => {
      const connection = connections[i]!;
      if ((await order(connection, s, 'BUY')) !== 201 || (await order(connection, s, 'SELL')) !== 201)
        throw new Error('warm-up order failed');
    }),
  );
  // The server's start-up work (the simulator's background warm-up, the news import) runs on the
  // same thread as the orders: measuring before it ends would time both. Wait until the server
  // process is idle (under 5% of a core over half a second, at most a minute).
  const warmStarted = performance.now();
  for (let last = (await cpu())[0]; performance.now() - warmStarted < 60_000;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = (await cpu())[0];
    if (now - last < 0.025) break;
    last = now;
  }
  console.log(
    `           server idle after its start-up work: ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`,
  );
  const latencies: number[] = [];
  let created = 0;
  let failed = 0;
  const cpuBefore = await cpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    sessions.map(async (session, i) => {
      let side: 'BUY' | 'SELL' = 'BUY';
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await order(connections[i]!, session, side);
        latencies.push(performance.now() - t0);
        if (status === 201) {
          created += 1;
          side = side === 'BUY' ? 'SELL' : 'BUY';
        } else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await cpu();
  latencies.sort((a, b) => a - b);
  const perOrder = (after: number | undefined, before: number | undefined) =>
    after === undefined || before === undefined
      ? undefined
      : ((after - before) * 1000) / Math.max(created, 1);
  return {
    created,
    failed,
    ordersPerSec: created / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuMs: perOrder(cpuAfter[0], cpuBefore[0])!,
    databaseCpuMs: perOrder(cpuAfter[1], cpuBefore[1]),
    clientCpuMs: (client.user + client.system) / 1000 / Math.max(created, 1),
  };
}

async function reconcile(query: Query, acknowledged: number): Promise<string> {
  const problems = await integrityViolations(query);
  const t = await totals(query);
  if (t.filled !== acknowledged)
    problems.push(`${t.filled} FILLED orders in the database, ${acknowledged} acknowledged with 201`);
  return problems.length === 0
    ? `exact (${t.users} users, ${t.filled} orders, ${t.ledgerEntries} ledger entries: balance = Σ ledger, positions = Σ fills)`
    : `FAILED: ${problems.join('; ')}`;
}

async function run(backend: 'pglite' | 'postgres'): Promise<Result> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-orders-bench-'));
  const database = backend === 'postgres' ? await scratchDatabase(ADMIN_URL, 'nivesh_bench') : undefined;
  try {
    // LOG_LEVEL=info (the server's default) logs every request; the bench measures with warn.
    const env: Record<string, string> = {
      DATA_DIR: dir,
      APP_SECRET: 'orders-bench-secret-orders-bench-secret',
      LOG_LEVEL: process.env.ORDERS_LOG_LEVEL ?? 'warn',
    };
    if (database) env.DATABASE_URL = database.url;
    const server = await startServerProcess({ entry: 'dist', env, nodeArgs: NODE_ARGS });
    let outcome: Awaited<ReturnType<typeof drive>>;
    const connections = Array.from({ length: CLIENTS }, () => new KeepAliveClient(new URL(server.url)));
    try {
      const sessions: Session[] = [];
      for (let i = 0; i < CLIENTS; i++) sessions.push(await signUpOverHttp(server.url));
      let pids: number[] = [];
      outcome = await drive(connections, sessions, async () => {
        // Backends are read after the warm-up filled the pool; the same ones are read again at the end.
        if (database && pids.length === 0) pids = await backendPids(database.name);
        const databaseCpu = database ? pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) : undefined;
        return [cpuSeconds(server.proc.pid!), databaseCpu];
      });
    } finally {
      for (const connection of connections) connection.close();
      await server.stop();
    }
    // Warm-up orders are in the database too: one buy and one sell per client.
    const acknowledged = outcome.created + 2 * CLIENTS;
    let reconciled: string;
    if (database) {
      const pool = checkerPool(database.url);
      reconciled = await reconcile(pgQuery(pool), acknowledged).finally(() => pool.end());
    } else {
      const opened = await openDatabase({ dataDir: dir });
      reconciled = await reconcile(databaseQuery(opened.db), acknowledged).finally(() => opened.close());
    }
    const { ordersPerSec, p50, p99, failed, serverCpuMs, databaseCpuMs, clientCpuMs } = outcome;
    return { ordersPerSec, p50, p99, failed, serverCpuMs, databaseCpuMs, clientCpuMs, reconciled };
  } finally {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** TPC-B (pgbench's default script) on a scratch database of the same server: one branch per client. */
async function pgbench(): Promise<number | undefined> {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    console.log('pgbench not found: apt-get install postgresql-client (Debian) to print the TPC-B ratio');
    return undefined;
  }
  const database = await scratchDatabase(ADMIN_URL, 'nivesh_pgbench');
  try {
    const init = spawnSync('pgbench', ['-i', '-q', '-s', String(CLIENTS), database.url], {
      encoding: 'utf8',
    });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const runOut = spawnSync(
      'pgbench',
      ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), database.url],
      { encoding: 'utf8' },
    );
    if (runOut.status !== 0) throw new Error(`pgbench failed: ${runOut.stderr}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(runOut.stdout);
    return tps ? Number(tps[1]) : undefined;
  } finally {
    await database.drop();
  }
}

if (!existsSync(builtServer)) {
  console.log('building apps/server (dist/server.js is missing)');
  const built = spawnSync('npm', ['run', 'build', '-w', '@nivesh/server', '--silent'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

console.log(
  `Nivesh orders bench: built server, ${CLIENTS} clients (one user each), MARKET ${SYMBOL} ×1 buy/sell, ${SECONDS} s per backend`,
);
const fmt = (r: Result) => {
  const total = r.serverCpuMs + (r.databaseCpuMs ?? 0) + r.clientCpuMs;
  return (
    `${Math.round(r.ordersPerSec).toString().padStart(5)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  non-201 ${r.failed}\n` +
    `           CPU per order: server ${r.serverCpuMs.toFixed(2)} ms` +
    (r.databaseCpuMs === undefined ? '' : ` + PostgreSQL ${r.databaseCpuMs.toFixed(2)} ms`) +
    ` + load generator ${r.clientCpuMs.toFixed(2)} ms; ceiling on 2 idle cores ≈ ${Math.round(2000 / total)} orders/s` +
    ` (one Node server process alone: ${Math.round(1000 / r.serverCpuMs)})\n` +
    `           reconciliation: ${r.reconciled}`
  );
};
let postgresRate: number | undefined;
for (const backend of BACKENDS) {
  if (backend !== 'pglite' && backend !== 'postgres') continue;
  const result = await run(backend);
  if (backend === 'postgres') postgresRate = result.ordersPerSec;
  console.log(`${backend.padEnd(10)} ${fmt(result)}`);
}
if (postgresRate !== undefined) {
  const tps = await pgbench();
  if (tps !== undefined) {
    console.log(
      `pgbench TPC-B on the same PostgreSQL (-s ${CLIENTS} -c ${CLIENTS} -j 2 -T ${SECONDS}): ${Math.round(tps)} tps; ` +
        `orders/s ÷ tps = ${(postgresRate / tps).toFixed(2)}`,
    );
  }
}
