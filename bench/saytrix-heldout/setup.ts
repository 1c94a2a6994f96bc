// The app and the user the held-out scorers and the latency bench talk to: an app built
// in-process on a fresh PGlite with the simulated market, and a signed-up learner whose book is
// made through the real API (orders, an alert, a GTT, a watchlist entry, a journal note, a
// leaderboard name), so every line of the sets has something true to be answered from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppConfig } from '../../apps/server/src/config/env.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { defaultMarketDataDir } from '../../apps/server/src/paths.js';

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
    appSecret: 'saytrix-heldout-secret-saytrix-heldout-01',
    smtpUrl: undefined,
    mailFrom: 'Nivesh <no-reply@nivesh.test>',
    google: undefined,
    logLevel: 'silent',
    webDist: path.join(dataDir, 'no-web'),
    trustProxy: false,
    authRateLimitPerMinute: 10_000,
    // The scorer is one user asking hundreds of questions; the per-user Saytrix limit would only slow it.
    saytrixRateLimitPerMinute: 10_000,
    loginMaxFailures: 5,
    loginFailureWindowMinutes: 15,
    version: 'saytrix-heldout',
    market: {
      provider: 'simulated',
      seed: 'nivesh-saytrix-heldout',
      session: 'always-open',
      dataDir: defaultMarketDataDir,
      fmpApiKeys: [],
      fmpBaseUrl: 'http://127.0.0.1:9',
      yahooBaseUrl: 'http://127.0.0.1:9',
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface Bench {
  app: App;
  authorization: string;
  chatUrl: string;
  close: () => Promise<void>;
}

/** A GET through the app as the bench user; `data` of the envelope, or undefined on a non-200. */
export async function getData<T>(app: App, authorization: string, url: string): Promise<T | undefined> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization } });
  if (res.statusCode !== 200) return undefined;
  return (res.json() as { data?: T }).data;
}

export async function openBench(log: (line: string) => void = console.log): Promise<Bench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-saytrix-heldout-'));
  const database = await openDatabase({ dataDir: dir });
  const mailer = { send: async () => undefined, close: () => undefined };
  const app = await buildApp({ config: config(dir), database, mailer, logger: false });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await app.ready();
    // The chat path, from the OpenAPI document (not from the Saytrix module).
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((docs.json() as { paths?: Record<string, unknown> }).paths ?? {});
    const chatPath =
      paths.find((p) => /saytrix/i.test(p) && /\/chat$/.test(p) && !p.includes('{')) ?? '/api/saytrix/chat';
    const chatUrl = chatPath.startsWith('/api') ? chatPath : `/api${chatPath}`;
    const authorization = await setUpUser(app, log);
    return { app, authorization, chatUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function setUpUser(app: App, log: (line: string) => void): Promise<string> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email: `heldout${Date.now()}@example.com`,
      password: 'Str0ng!pass',
      fullName: 'Heldout Learner',
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const authorization = `Bearer ${(signup.json() as { token: string }).token}`;
  const send = async (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const res = await app.inject({ method, url, headers: { authorization }, payload });
    log(`  ${method} ${url} ${payload ? JSON.stringify(payload) : ''} → ${res.statusCode}`);
    return res.json() as { data?: Record<string, unknown> & { id?: string } };
  };

  let seq = 0;
  const place = async (order: Record<string, unknown>) => {
    seq += 1;
    const body = await send('POST', '/api/orders/place', {
      clientOrderId: `heldout-${process.pid}-${seq}`,
      ...order,
    });
    const o = body.data?.order as { id: string; status: string; executionPrice: number | null } | undefined;
    log(`    ${o ? `${o.status} ${o.executionPrice ?? ''}` : 'no order'}`);
    return o;
  };
  // A new account starts with ₹10,000: a small book of four stocks, one partial sale (realised
  // P&L) and one resting sell order.
  await place({ symbol: 'RELIANCE', type: 'BUY', orderType: 'MARKET', quantity: 1 });
  const itc = await place({ symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 10 });
  const infy = await place({ symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 2 });
  await place({ symbol: 'SBIN', type: 'BUY', orderType: 'MARKET', quantity: 3 });
  await place({ symbol: 'SBIN', type: 'SELL', orderType: 'MARKET', quantity: 1 });
  if (itc?.executionPrice)
    await place({
      symbol: 'ITC',
      type: 'SELL',
      orderType: 'LIMIT',
      quantity: 2,
      price: Math.round(itc.executionPrice * 1.05),
      validity: 'DAY',
    });

  // Set B's lines also ask about an alert, a GTT, the watchlist, the journal and the leaderboard.
  const quote = await getData<{ price: number }>(app, authorization, '/api/stocks/quote/TCS');
  if (quote) {
    await send('POST', '/api/alerts', {
      symbol: 'TCS',
      condition: 'above',
      value: Math.round(quote.price * 1.1),
    });
  }
  if (itc?.executionPrice) {
    const trigger = Math.round(itc.executionPrice * 0.9);
    await send('POST', '/api/gtt', {
      symbol: 'ITC',
      kind: 'single',
      side: 'SELL',
      quantity: 5,
      legs: [{ triggerPrice: trigger, limitPrice: trigger }],
    });
  }
  // The account's default watchlist, which the Watchlist screen opens on.
  const lists = await getData<{ id: string; isDefault: boolean }[]>(app, authorization, '/api/watchlist');
  const watchlistId = lists?.find((l) => l.isDefault)?.id ?? lists?.[0]?.id;
  if (watchlistId) {
    await send('POST', '/api/watchlist/add', { symbol: 'HDFCBANK', watchlistId });
    await send('POST', '/api/watchlist/add', { symbol: 'TATASTEEL', watchlistId });
  }
  if (infy?.id) await send('POST', '/api/trades', { orderId: infy.id, note: 'Bought on the IT dip' });
  await send('POST', '/api/leaderboard/join', { displayName: 'HeldoutLearner' });
  return authorization;
}
