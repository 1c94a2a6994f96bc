// Class standings benchmark (issue 26): a class of 30 students (CLASS_STUDENTS) trading for a
// simulated week (CLASS_DAYS, default 7; ORDERS_PER_DAY market orders each, with notes) on the
// embedded database, the market clock moved a day at a time, then the time of one standings round
// (`ClassStandingsService.refresh`: every student's equity history, TWR, drawdown, trades and
// notes, stored). Median and worst of RUNS rounds, in ms. CLASS_BENCH_DB=postgres uses PostgreSQL. The target is ≤ 200 ms. Figures,
// not assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dayNumberToDate, istDayNumber } from '@nivesh/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { scratchDatabase } from '../apps/server/test/support/integrity.js';

const STUDENTS = Number(process.env.CLASS_STUDENTS ?? 30);
const DAYS = Number(process.env.CLASS_DAYS ?? 7);
const ORDERS_PER_DAY = Number(process.env.ORDERS_PER_DAY ?? 2);
const RUNS = Number(process.env.CLASS_RUNS ?? 7);
const DAY_MS = 86_400_000;
const SYMBOLS = ['ITC', 'TCS', 'INFY', 'HDFCBANK', 'RELIANCE', 'SBIN', 'LT', 'WIPRO'];

const start = Date.now() - DAYS * DAY_MS;
let clock = start;
const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-class-bench-'));
// CLASS_BENCH_DB=postgres runs on a scratch PostgreSQL database (BENCH_DATABASE_URL) instead.
const onPostgres = process.env.CLASS_BENCH_DB === 'postgres';
const scratch = onPostgres
  ? await scratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      'nivesh_class',
    )
  : undefined;
const config = loadConfig({
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  MARKET_SEED: 'class-bench',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const app = await buildApp({ config, logger: false, now: () => clock });
await app.ready();
type Json = { data?: Record<string, unknown>; token?: string; user?: { id: string } };
const call = async (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<Json> => {
  const res = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Json;
};
const signUp = (i: number) =>
  call('POST', '/api/auth/signup', undefined, {
    email: `class-bench-${i}@example.com`,
    password: 'Str0ng!pass',
    fullName: `Student ${i}`,
  });

try {
  const seeded = performance.now();
  const teacher = await signUp(0);
  const today = istDayNumber(clock);
  const cls = (
    await call('POST', '/api/classes', teacher.token, {
      name: 'Bench class',
      startingCash: 100_000,
      startDate: dayNumberToDate(today),
      endDate: dayNumberToDate(today + DAYS + 7),
      rules: { maxPositionPercent: 40, maxTradesPerDay: 10 },
    })
  ).data as { id: string; inviteCode: string };
  const students: { token: string; portfolioId: string }[] = [];
  for (let i = 1; i <= STUDENTS; i += 1) {
    const s = await signUp(i);
    const joined = await call('POST', '/api/classes/join', s.token, { inviteCode: cls.inviteCode });
    students.push({
      token: s.token!,
      portfolioId: (joined.data as { membership: { portfolioId: string } }).membership.portfolioId,
    });
  }
  let orders = 0;
  for (let d = 0; d < DAYS; d += 1) {
    clock = start + d * DAY_MS + 3 * 3_600_000;
    for (const [i, s] of students.entries()) {
      for (let k = 0; k < ORDERS_PER_DAY; k += 1) {
        const symbol = SYMBOLS[(i + d + k) % SYMBOLS.length]!;
        // Buys on even days, sells of the previous day's buys on odd ones (when held).
        const side = d % 2 === 1 && k === 0 ? 'SELL' : 'BUY';
        const res = await app.inject({
          method: 'POST',
          url: '/api/orders/place',
          headers: { authorization: `Bearer ${s.token}` },
          payload: {
            clientOrderId: `b-${i}-${d}-${k}`,
            symbol: side === 'SELL' ? SYMBOLS[(i + d - 1) % SYMBOLS.length] : symbol,
            type: side,
            quantity: 1,
            portfolioId: s.portfolioId,
            note: `Day ${d + 1}: ${side === 'BUY' ? 'entry' : 'exit'} on the plan`,
          },
        });
        if (res.statusCode === 201) orders += 1;
      }
    }
  }
  clock = start + DAYS * DAY_MS;
  const seedMs = performance.now() - seeded;
  const standings = app.classStandings;
  await standings.runOnce(); // warm: the first round also journals nothing pending and primes caches
  const times: number[] = [];
  for (let r = 0; r < RUNS; r += 1) {
    const t = performance.now();
    const round = await standings.runOnce();
    times.push(performance.now() - t);
    if (round.students !== STUDENTS) throw new Error(`scored ${round.students} of ${STUDENTS}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `Class standings bench: ${STUDENTS} students × ${DAYS} days, ${orders} orders on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `one standings round: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, worst ${times[times.length - 1]!.toFixed(1)} ms (${RUNS} runs; target ≤ 200 ms)`,
  );
} finally {
  await app.close();
  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
}
