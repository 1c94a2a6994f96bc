// Realtime fan-out benchmark: N authenticated socket.io connections on one Nivesh server, events
// sent to each user's room and to everyone; then the same messages through a bare `ws` server.
// Prints deliveries/s, emit→receipt latency (p50/p99), server CPU (share and µs per delivery), heap
// per connection after a full collection (--expose-gc), and ratios.
// FANOUT_CLIENT=socket.io connects with socket.io-client instead of the light protocol client.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

const USERS = Number(process.env.FANOUT_USERS ?? 2000);
// 20 rounds of 2,000 make a window of about a second: at 5 the window was a quarter of one, and a
// single background task of the app (the matcher, the alert evaluator) or of the machine moved the
// result by a third.
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 20);
const CLIENT = process.env.FANOUT_CLIENT === 'socket.io' ? 'socket.io' : 'light';
/** e.g. FANOUT_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile both servers. */
const NODE_ARGS = (process.env.FANOUT_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Stats {
  heapUsed: number;
  rss: number;
  cpu: NodeJS.CpuUsage;
}
interface Child {
  proc: ChildProcess;
  ask<T>(msg: object, reply: string): Promise<T>;
}

function start(file: string): Promise<{ child: Child; ready: { address: string; tokens?: string[] } }> {
  const proc = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    // --expose-gc: heap is read after a full collection, so it counts what connections retain.
    execArgv: ['--import', 'tsx', '--expose-gc', ...NODE_ARGS],
    env: { ...process.env, FANOUT_USERS: String(USERS) },
  });
  // Node unrefs an IPC channel without 'message' listeners; this one keeps the parent waiting.
  proc.on('message', () => undefined);
  const child: Child = {
    proc,
    ask: (msg, reply) =>
      new Promise((resolve) => {
        const on = (m: { cmd: string }) => {
          if (m.cmd === reply) {
            proc.off('message', on);
            resolve(m as never);
          }
        };
        proc.on('message', on);
        proc.send(msg);
      }),
  };
  return new Promise((resolve) =>
    proc.once('message', (ready: { address: string; tokens?: string[] }) => resolve({ child, ready })),
  );
}

function stop(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.proc.once('exit', () => resolve());
    child.proc.send({ cmd: 'stop' });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * cpuPerDelivery: server CPU µs per delivery, which the machine's other load inflates far less than
 * deliveries/s. clientCpuPerDelivery: the same for this process, where all the clients run: once the
 * server is not saturated, the clients' share of the cores bounds deliveries/s.
 */
interface Result {
  deliveriesPerSec: number;
  p50: number;
  p99: number;
  cpuShare: number;
  cpuPerDelivery: number;
  clientCpuPerDelivery: number;
}

async function round(
  child: Child,
  cmd: 'per-user' | 'broadcast',
  latencies: number[],
  expected: number,
  received: () => number,
): Promise<Result> {
  latencies.length = 0;
  const base = received();
  const before = await child.ask<Stats>({ cmd: 'stats' }, 'stats');
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await child.ask({ cmd, rounds: ROUNDS }, 'sent');
  const deadline = Date.now() + 60_000;
  while (received() - base < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const after = await child.ask<Stats>({ cmd: 'stats' }, 'stats');
  const cpuSeconds = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1e6;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    deliveriesPerSec: Math.round((received() - base) / elapsed),
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    cpuShare: Math.round((cpuSeconds / elapsed) * 100),
    cpuPerDelivery: Math.round((cpuSeconds * 1e6) / Math.max(1, received() - base)),
    clientCpuPerDelivery: Math.round((client.user + client.system) / Math.max(1, received() - base)),
  };
}

/**
 * One unmeasured round of each kind, on both servers: the first calls of a path run before V8 has
 * optimised it (the event's schema check most, on the Nivesh side), a cost a long-running server
 * pays once and not per event.
 */
async function warmUp(child: Child, received: () => number) {
  for (const cmd of ['per-user', 'broadcast'] as const) {
    const target = received() + USERS;
    await child.ask({ cmd, rounds: 1 }, 'sent');
    const deadline = Date.now() + 60_000;
    while (received() < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
}

function line(title: string, r: Result) {
  return `${title.padEnd(34)} ${String(r.deliveriesPerSec).padStart(8)} deliveries/s  p50 ${String(r.p50).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms  server CPU ${r.cpuShare}% (${r.cpuPerDelivery} µs/delivery), clients ${r.clientCpuPerDelivery} µs/delivery`;
}

/** socket.io clients opening at once: more would queue upgrades behind the server's deadline. */
const CONNECT_WAVE = 200;

const allConnected = (sockets: Socket[]) =>
  Promise.all(
    sockets.map((s) => (s.connected ? undefined : new Promise<void>((r) => s.once('connect', () => r())))),
  );

type OnEvent = (payload: { data: { sentAt: number } }) => void;

/**
 * A socket.io client reduced to what the bench needs, on the same `ws` client as the baseline: the
 * engine.io v4 websocket handshake, socket.io's CONNECT with the token as auth, pongs, and event
 * packets. It spends on each message what the bare `ws` client does (one JSON.parse), so both
 * servers are measured behind the same client cost.
 */
function lightSocketIo(address: string, token: string, onEvent: OnEvent) {
  const ws = new WebSocket(`${address.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  return new Promise<WebSocket>((resolve, reject) => {
    ws.on('message', (raw) => {
      const text = String(raw);
      // engine.io packet type, then socket.io's for a "message" (4): 2 EVENT, 0 CONNECT, 4 CONNECT_ERROR.
      if (text.startsWith('42')) {
        const [event, payload] = JSON.parse(text.slice(2)) as [string, { data: { sentAt: number } }];
        if (event === 'notification') onEvent(payload);
      } else if (text === '2') ws.send('3');
      else if (text.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
      else if (text.startsWith('40')) resolve(ws);
      else if (text.startsWith('44')) reject(new Error(text.slice(2)));
    });
    ws.once('error', reject);
  });
}

/** Light clients, CONNECT_WAVE at a time; resolves once every one has joined. */
async function connectLight(address: string, tokens: string[], onEvent: OnEvent, fail: (e: Error) => never) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < tokens.length; i += CONNECT_WAVE)
    sockets.push(
      ...(await Promise.all(
        tokens.slice(i, i + CONNECT_WAVE).map((token) => lightSocketIo(address, token, onEvent).catch(fail)),
      )),
    );
  return () => sockets.forEach((s) => s.close());
}

async function connectSocketIo(
  address: string,
  tokens: string[],
  onEvent: OnEvent,
  fail: (e: Error) => never,
) {
  const sockets: Socket[] = [];
  for (const token of tokens) {
    const socket = io(address, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      // 2,000 handshakes each read a session from the embedded database; on a busy machine the
      // last ones take longer than socket.io's 20 s default.
      timeout: 120_000,
    });
    socket.on('connect_error', fail);
    socket.on('notification', onEvent);
    sockets.push(socket);
    // In waves: 2,000 upgrades queued at once on a busy machine wait past the server's 30 s
    // header deadline and are reset; the bench measures fan-out, not a handshake storm.
    if (sockets.length % CONNECT_WAVE === 0) await allConnected(sockets.slice(-CONNECT_WAVE));
  }
  await allConnected(sockets);
  return () => sockets.forEach((s) => s.close());
}

async function nivesh() {
  const { child, ready } = await start('./fanout-server.ts');
  const base = await child.ask<Stats>({ cmd: 'stats', gc: true }, 'stats');
  const latencies: number[] = [];
  let received = 0;
  const onEvent: OnEvent = (payload) => {
    received++;
    latencies.push(performance.timeOrigin + performance.now() - payload.data.sentAt);
  };
  const fail = (error: Error): never => {
    console.error(`socket.io client could not connect: ${error.message}`);
    // The server is a child process: left running, it would outlive the bench.
    child.proc.kill();
    process.exit(1);
  };
  const connect = CLIENT === 'socket.io' ? connectSocketIo : connectLight;
  const closeAll = await connect(ready.address, ready.tokens!, onEvent, fail);
  const connected = await child.ask<Stats>({ cmd: 'stats', gc: true }, 'stats');
  await warmUp(child, () => received);
  const perUser = await round(child, 'per-user', latencies, USERS * ROUNDS, () => received);
  const broadcast = await round(child, 'broadcast', latencies, USERS * ROUNDS, () => received);
  closeAll();
  await stop(child);
  return { perUser, broadcast, heapPerConn: (connected.heapUsed - base.heapUsed) / USERS };
}

async function bareWs() {
  const { child, ready } = await start('./ws-server.ts');
  const base = await child.ask<Stats>({ cmd: 'stats', gc: true }, 'stats');
  const latencies: number[] = [];
  let received = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < USERS; i++) {
    const ws = new WebSocket(ready.address);
    ws.on('message', (data) => {
      const { payload } = JSON.parse(String(data)) as { payload: { data: { sentAt: number } } };
      received++;
      latencies.push(performance.timeOrigin + performance.now() - payload.data.sentAt);
    });
    sockets.push(ws);
  }
  await Promise.all(sockets.map((s) => new Promise((r) => s.once('open', r))));
  const connected = await child.ask<Stats>({ cmd: 'stats', gc: true }, 'stats');
  await warmUp(child, () => received);
  const perUser = await round(child, 'per-user', latencies, USERS * ROUNDS, () => received);
  const broadcast = await round(child, 'broadcast', latencies, USERS * ROUNDS, () => received);
  for (const s of sockets) s.close();
  await stop(child);
  return { perUser, broadcast, heapPerConn: (connected.heapUsed - base.heapUsed) / USERS };
}

console.log(
  `Realtime fan-out: ${USERS} clients (${CLIENT === 'light' ? 'light protocol clients on ws' : 'socket.io-client'} for Nivesh), ${ROUNDS} rounds each after one unmeasured (clients and server on this machine)`,
);
const a = await nivesh();
const b = await bareWs();
console.log(line('Nivesh socket.io, per-user rooms', a.perUser));
console.log(line('Nivesh socket.io, broadcast', a.broadcast));
console.log(line('bare ws, per-user sends', b.perUser));
console.log(line('bare ws, broadcast', b.broadcast));
console.log(
  `heap per connection: Nivesh ${(a.heapPerConn / 1024).toFixed(1)} KiB, bare ws ${(b.heapPerConn / 1024).toFixed(1)} KiB`,
);
console.log(
  `ratio Nivesh/ws: per-user throughput ${(a.perUser.deliveriesPerSec / b.perUser.deliveriesPerSec).toFixed(2)}, ` +
    `broadcast throughput ${(a.broadcast.deliveriesPerSec / b.broadcast.deliveriesPerSec).toFixed(2)}, ` +
    `heap/conn ${(a.heapPerConn / b.heapPerConn).toFixed(2)}; ` +
    `server CPU per delivery ws/Nivesh: per-user ${(b.perUser.cpuPerDelivery / a.perUser.cpuPerDelivery).toFixed(2)}, broadcast ${(b.broadcast.cpuPerDelivery / a.broadcast.cpuPerDelivery).toFixed(2)}`,
);
process.exit(0);
