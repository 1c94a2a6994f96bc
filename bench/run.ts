// Measures the API's hot authenticated path on this machine and prints figures (not assertions):
// GET /api/health (no database work beyond a ping) and GET /api/auth/verify (session lookup +
// user read), both against the embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';

const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }),
};
const app = await buildApp({ config, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const signup = await fetch(`${address}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'Bench-passw0rd', fullName: 'Bench User' }),
});
const { token } = (await signup.json()) as { token: string };

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 20, duration: 8, headers });
  console.log(
    `${title.padEnd(28)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}

console.log(`Nivesh API bench (${config.version}), PGlite, 20 connections, 8 s each`);
await measure('GET /api/health', `${address}/api/health`);
await measure('GET /api/auth/verify', `${address}/api/auth/verify`, { authorization: `Bearer ${token}` });

await app.close();
rmSync(dir, { recursive: true, force: true });
