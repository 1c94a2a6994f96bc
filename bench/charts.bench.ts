// Main-thread time of /charts over 60 s of live ticks (candlestick, volume, SMA 20, RSI 14 and
// MACD on), read from Chromium's own task counters. Needs `npm run build` first. A figure to
// compare before and after a change, not an assertion.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';

const SECONDS = Number(process.env.CHART_BENCH_SECONDS ?? 60);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST measures another build (e.g. an older commit's) against the same server.
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html')))
  throw new Error(`${webDist} is missing: run \`npm run build\` first`);

const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-chart-bench-'));
// The realtime server accepts only its own origin, so the app is told the address it serves.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
const address = `http://127.0.0.1:${port}`;
const config = loadConfig({
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  PORT: String(port),
  WEB_DIST: webDist,
  PUBLIC_URL: address,
  CORS_ORIGIN: address,
});
const app = await buildApp({ config, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const signup = await fetch(`${address}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'charts@example.com', password: 'Bench-passw0rd', fullName: 'Bench User' }),
});
const session = (await signup.json()) as { token: string; user: unknown };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(`${address}/login`);
await page.evaluate(({ token, user }) => {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}, session);
let frames = 0;
page.on('websocket', (ws) => ws.on('framereceived', () => (frames += 1)));
await page.goto(`${address}/charts?symbol=RELIANCE`);
await page.getByTestId('data-point-count').filter({ hasText: /\d/ }).waitFor();
for (const name of ['SMA 20', 'RSI 14', 'MACD']) await page.getByRole('button', { name }).click();
await page.getByTestId('macd-pane').waitFor();
// Live updates follow the chart only after "Go Live"; without it no tick reaches the page.
await page.getByRole('button', { name: 'Go Live' }).click();
await page.getByRole('button', { name: 'Pause Live' }).waitFor();

const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const metric = async (name: string) =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;
const frames0 = frames;
const [task0, script0, layout0] = await Promise.all(
  ['TaskDuration', 'ScriptDuration', 'LayoutDuration'].map(metric),
);
await page.waitForTimeout(SECONDS * 1000);
const [task1, script1, layout1] = await Promise.all(
  ['TaskDuration', 'ScriptDuration', 'LayoutDuration'].map(metric),
);

const received = frames - frames0;
console.log(`websocket frames received ${received}`);
console.log(`/charts RELIANCE 1D, candlestick + volume + SMA 20 + RSI 14 + MACD, ${SECONDS} s of live ticks`);
console.log(
  `main-thread task time ${(task1! - task0!).toFixed(2)} s, script ${(script1! - script0!).toFixed(2)} s, layout ${(layout1! - layout0!).toFixed(2)} s`,
);

await browser.close();
await app.close();
rmSync(dir, { recursive: true, force: true });
if (received < SECONDS / 2) {
  console.error('too few live ticks reached the page: the figure does not measure live charts');
  process.exitCode = 1;
}
