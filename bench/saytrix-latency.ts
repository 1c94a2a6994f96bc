// Saytrix latency on the API, offline path: the app listens on a local port (fresh PGlite, the
// held-out user of saytrix-heldout/setup.ts) and every line of held-out set B is sent over real HTTP
// with kept-alive connections, 3× one after another, then once more by 4 concurrent clients.
// Prints p50/p95/p99/max in ms. Figures, not assertions (issue 24: ≤ 50 ms p95 is the target).
//
//   node --import tsx saytrix-latency.ts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allTexts, loadSet } from './saytrix-heldout/labels.js';
import { openBench } from './saytrix-heldout/setup.js';

const ROUNDS = 3;
const CLIENTS = 4;

const texts = allTexts(loadSet('b'));
console.log(`Saytrix latency, offline path, ${texts.length} set-B lines\nSetting up the user:`);
const { app, authorization, chatUrl, close } = await openBench(() => undefined);

interface Sample {
  ms: number;
  status: number;
}

/** One POST over a kept-alive agent; resolves when the whole answer has been read. */
function post(agent: http.Agent, port: number, body: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: chatUrl,
        method: 'POST',
        agent,
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function summary(title: string, samples: Sample[]) {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.ms);
  const other = samples.length - ok.length;
  ok.sort((a, b) => a - b);
  const q = (p: number) => ok[Math.min(ok.length - 1, Math.ceil(p * ok.length) - 1)] ?? 0;
  const statuses = [...new Set(samples.filter((s) => s.status !== 200).map((s) => s.status))].join(', ');
  console.log(
    `${title.padEnd(34)} n=${String(ok.length).padStart(5)}  p50 ${q(0.5).toFixed(1).padStart(6)}  p95 ${q(0.95).toFixed(1).padStart(6)}  p99 ${q(0.99).toFixed(1).padStart(6)}  max ${(ok.at(-1) ?? 0).toFixed(1).padStart(6)} ms${other ? `  (${other} non-200 left out: ${statuses})` : ''}`,
  );
}

try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const bodies = texts.map((message, i) =>
    JSON.stringify({ message, sessionId: `latency-${process.pid}-${i}`, mode: 'casual', source: 'text' }),
  );

  // Warm-up: one pass that is not counted (JIT, first database pages, caches).
  const warm = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (const body of bodies) await post(warm, port, body);
  warm.destroy();

  const sequential: Sample[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let round = 0; round < ROUNDS; round += 1)
    for (const body of bodies) sequential.push(await post(agent, port, body));
  agent.destroy();

  // Concurrent: CLIENTS clients, each with its own connection, share the lines.
  const concurrent: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (next < bodies.length * ROUNDS) {
        const body = bodies[next % bodies.length]!;
        next += 1;
        concurrent.push(await post(own, port, body));
      }
      own.destroy();
    }),
  );

  console.log('');
  summary(`sequential, ${ROUNDS}× every line`, sequential);
  summary(`${CLIENTS} concurrent clients, ${ROUNDS}× every line`, concurrent);
} finally {
  await close();
}
