// Prints one run of the scale bench: throughput per instance, latency, events per socket, the
// jobs' fail-over and the reconciliation.
import type { PlacedOrder, SocketStats } from './clients.js';
import { percentile } from './clients.js';
import type { AdapterMode } from './cluster.js';
import type { Reconciliation } from './reconcile.js';

export interface RunFigures {
  mode: AdapterMode;
  users: number;
  sockets: (SocketStats & { disconnectsAtOpen: number })[];
  setupS: number;
  placed: PlacedOrder[];
  burstS: number;
  ports: number[];
  victim: string;
  failover: Record<string, number>;
  soVictim: string | undefined;
  soFailover: Record<string, number>;
  squareOffS: number;
  result: Reconciliation;
}

const round = (n: number, d = 0) => Number(n.toFixed(d));
const roundAll = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));

export function printRun(f: RunFigures) {
  // Every answer an instance gave counts (a refusal for funds is work too); a 5xx was the balancer's.
  const answered = f.placed.filter((p) => p.status < 500);
  const byPort = new Map<string, number>();
  for (const p of answered) {
    // X-Upstream lists every instance tried ("a, b"): the last one answered.
    const port = p.upstream.split(',').pop()!.trim().split(':').pop() ?? '?';
    byPort.set(port, (byPort.get(port) ?? 0) + 1);
  }
  const perInstance = f.ports
    .map((port, i) => `i${i + 1} ${round((byPort.get(String(port)) ?? 0) / f.burstS)}/s`)
    .join(', ');
  const latencies = f.placed.map((p) => p.latencyMs);
  const retried = f.placed.filter((p) => p.attempts > 1).length;
  const statuses = new Map<string, number>();
  for (const p of f.placed) {
    const key = p.code ? `${p.status} ${p.code}` : String(p.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }

  // Events per socket: the order updates each socket got beside the most any socket of its user got
  // (all of a user's sockets are in the same room), and the quotes.
  const bestOfUser = new Map<number, number>();
  for (const s of f.sockets)
    bestOfUser.set(s.user, Math.max(bestOfUser.get(s.user) ?? 0, s.counts['order-update'] ?? 0));
  const shares = f.sockets.map(
    (s) => (s.counts['order-update'] ?? 0) / Math.max(1, bestOfUser.get(s.user) ?? 0),
  );
  // Counted up to the square-off, whose own kill drops another instance's sockets.
  const moved = f.sockets.filter((s) => s.disconnectsAtOpen > 0);
  const stayed = f.sockets.filter((s) => s.disconnectsAtOpen === 0);
  const reasons = new Map<string, number>();
  for (const s of f.sockets) for (const r of s.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  const complete = (list: SocketStats[]) =>
    list.filter((s) => (s.counts['order-update'] ?? 0) >= (bestOfUser.get(s.user) ?? 0)).length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

  console.log(`setup (sign-ups, alerts, GTTs, ${f.sockets.length} sockets): ${round(f.setupS, 1)} s`);
  console.log(
    `open burst: ${f.placed.length} orders in ${round(f.burstS, 2)} s = ${round(f.placed.length / f.burstS)}/s; answered per instance: ${perInstance}`,
  );
  console.log(
    `  latency p50 ${round(percentile(latencies, 50))} ms, p99 ${round(percentile(latencies, 99))} ms, max ${round(percentile(latencies, 100))} ms; ${retried} retried after the kill; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `  ${f.victim} killed (SIGKILL) 1 s into the burst; its jobs moved in ${JSON.stringify(roundAll(f.failover))} ms`,
  );
  console.log(
    `events: order updates per socket mean ${round(mean(f.sockets.map((s) => s.counts['order-update'] ?? 0)), 2)} (${round(mean(shares) * 100, 1)}% of its user's best socket); ` +
      `${complete(stayed)}/${stayed.length} sockets that stayed connected got every one, ${complete(moved)}/${moved.length} that reconnected after the kill; ` +
      `disconnects ${JSON.stringify(Object.fromEntries(reasons))}; quotes per socket mean ${round(mean(f.sockets.map((s) => s.counts.quote ?? 0)))}; alerts per socket ${round(mean(f.sockets.map((s) => s.counts['alert-triggered'] ?? 0)), 2)}`,
  );
  console.log(
    `square-off at 15:20: ${f.soVictim ?? 'no holder'} killed 1.5 s in, lease moved in ${JSON.stringify(roundAll(f.soFailover))} ms; every MIS position closed ${round(f.squareOffS, 1)} s after the cut-off`,
  );
  const r = f.result;
  console.log(
    `reconcile: ${r.ordersSent} sent, ${r.ordersStored} stored, ${r.lost} lost, ${r.duplicated} duplicated; ` +
      `integrity ${r.integrity.length === 0 ? 'ok (balance = Σ ledger, positions = Σ fills, every portfolio)' : r.integrity.join('; ')}; ` +
      `alert firings ${r.alertFirings} (${r.duplicateFirings} doubled); GTTs triggered ${r.gttTriggered}, orders placed ${r.gttOrders}; ` +
      `open MIS ${r.openIntraday}; square-off sells ${r.squareOffSells} (${r.doubleSquareOffs} doubled)`,
  );
}
