// Saytrix held-out score: every line of heldout.jsonl (written without reading Saytrix's grammar,
// see README.md here) is sent to the chat endpoint of an app built in-process on a fresh PGlite, as
// a signed-up user who holds a few stocks (real orders through the API: buys, a partial sell, and a
// resting LIMIT sell). Prints intent accuracy, slot accuracy per slot, intent+slots accuracy, how
// many questions became trade/watchlist/alert proposals, opposite-action proposals, two-turn
// conversation results, and per-intent confusion for the worst 10 intents. Figures, not assertions;
// never tune anything against this file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppConfig } from '../../apps/server/src/config/env.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { defaultMarketDataDir } from '../../apps/server/src/paths.js';
import type { SaytrixReply } from '@nivesh/shared';
import { intentMatches } from './intent-map.js';

type Slots = Record<string, string | number | string[]>;
interface Label {
  text: string;
  intent: string;
  slots: Slots;
  accept?: Record<string, string[]>;
  notes?: string;
}
interface Single extends Label {
  id: string;
}
interface Conversation {
  id: string;
  turns: Label[];
}
type Line = Single | Conversation;

const here = path.dirname(fileURLToPath(import.meta.url));
const lines: Line[] = readFileSync(path.join(here, 'heldout.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Line);

/** Proposals that change something once confirmed; a question must never produce one. */
const PROPOSALS = new Set(['buy_stock', 'sell_stock', 'add_watchlist', 'set_alert']);
/** Slots the reply carries (action, params, stockData); the others are labelled but not scored. */
const SCORED_SLOTS = ['symbol', 'quantity', 'price', 'side', 'product', 'condition', 'path', 'op'];

function isActionLabel(label: Label): boolean {
  if (label.intent === 'buy' || label.intent === 'sell') return true;
  const op = label.slots.op;
  if (label.intent === 'watchlist') return op === 'add' || op === 'remove';
  if (label.intent === 'alert') return op === 'create' || op === 'change' || op === 'delete';
  return false;
}

/** The proposal that does the opposite of what the label asks for. */
function isOpposite(label: Label, reply: SaytrixReply): boolean {
  const action = reply.action;
  if (label.intent === 'buy') return action === 'sell_stock';
  if (label.intent === 'sell') return action === 'buy_stock';
  if (label.intent === 'watchlist' && label.slots.op === 'remove') return action === 'add_watchlist';
  if (label.intent === 'alert' && label.slots.op === 'delete') return action === 'set_alert';
  return false;
}

/** What the reply says for one slot, or undefined when it says nothing about it. */
function observed(slot: string, reply: SaytrixReply): string | number | undefined {
  const params = reply.params ?? {};
  const read = (key: string) => {
    const v = params[key];
    return typeof v === 'string' || typeof v === 'number' ? v : undefined;
  };
  switch (slot) {
    case 'symbol': {
      const fromPath = /^\/stock\/([^/?#]+)/.exec(String(read('path') ?? ''))?.[1];
      return read('symbol') ?? reply.stockData?.symbol ?? fromPath;
    }
    case 'side':
      return reply.action === 'buy_stock' ? 'BUY' : reply.action === 'sell_stock' ? 'SELL' : undefined;
    case 'op':
      if (reply.action === 'add_watchlist') return 'add';
      if (reply.action === 'set_alert') return 'create';
      return reply.action ? `action:${reply.action}` : 'none';
    default:
      return read(slot);
  }
}

function slotCorrect(slot: string, label: Label, reply: SaytrixReply): boolean | undefined {
  const want = label.slots[slot];
  if (want === undefined || Array.isArray(want)) return undefined;
  const got = observed(slot, reply);
  if (slot === 'op') {
    // list/remove/delete/change: no add proposal; change: a set_alert with the new level is fine.
    if (want === 'add' || want === 'create') return got === want;
    if (want === 'change') return got === 'create' || got === 'none' || String(got).startsWith('action:');
    return got !== 'add' && got !== 'create';
  }
  if (got === undefined) return false;
  const norm = (v: string | number) =>
    typeof v === 'number' ? v : v.toUpperCase().replace(/\.(NS|BO)$/, '');
  const accepted = [want, ...(label.accept?.[slot] ?? [])].map(norm);
  if (typeof want === 'number') return Math.abs(Number(got) - want) < 0.005;
  return accepted.includes(norm(got));
}

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

const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-saytrix-heldout-'));
const database = await openDatabase({ dataDir: dir });
const mailer = { send: async () => undefined, close: () => undefined };
const app = await buildApp({ config: config(dir), database, mailer, logger: false });
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

try {
  await app.ready();

  // The chat path, from the OpenAPI document (not from the Saytrix module).
  const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = Object.keys((docs.json() as { paths?: Record<string, unknown> }).paths ?? {});
  const chatPath =
    paths.find((p) => /saytrix/i.test(p) && /\/chat$/.test(p) && !p.includes('{')) ?? '/api/saytrix/chat';
  const chatUrl = chatPath.startsWith('/api') ? chatPath : `/api${chatPath}`;

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
  const token = (signup.json() as { token: string }).token;
  const authorization = `Bearer ${token}`;

  let seq = 0;
  const place = async (order: Record<string, unknown>) => {
    seq += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/place',
      headers: { authorization },
      payload: { clientOrderId: `heldout-${process.pid}-${seq}`, ...order },
    });
    const body = res.json() as { data?: { order?: { status: string; executionPrice: number | null } } };
    const o = body.data?.order;
    console.log(
      `  order ${JSON.stringify(order)} → ${res.statusCode} ${o ? `${o.status} ${o.executionPrice ?? ''}` : res.body.slice(0, 120)}`,
    );
    return o;
  };
  console.log(`Saytrix held-out score (chat at ${chatUrl})\nSetting up the user:`);
  // A new account starts with ₹10,000: a small book of four stocks, one partial sale (realised
  // P&L) and one resting sell order.
  await place({ symbol: 'RELIANCE', type: 'BUY', orderType: 'MARKET', quantity: 1 });
  const itc = await place({ symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 10 });
  await place({ symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 2 });
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

  let chats = 0;
  const latencies: number[] = [];
  const ask = async (message: string, sessionId: string): Promise<SaytrixReply | undefined> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: chatUrl,
        headers: { authorization },
        payload: { message, sessionId, mode: 'casual', source: 'text' },
      });
      latencies.push(performance.now() - t0);
      chats += 1;
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after'] ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60) * 1000));
        continue;
      }
      if (res.statusCode !== 200) {
        console.log(`  ! ${res.statusCode} for ${JSON.stringify(message)}: ${res.body.slice(0, 160)}`);
        return undefined;
      }
      return (res.json() as { data: SaytrixReply }).data;
    }
    return undefined;
  };

  interface Outcome {
    id: string;
    label: Label;
    reply: SaytrixReply | undefined;
  }
  const singles: Outcome[] = [];
  const turns: Outcome[] = [];
  const conversations: { id: string; allRight: boolean }[] = [];

  const allSlotsRight = (o: Outcome) =>
    o.reply !== undefined && SCORED_SLOTS.every((slot) => slotCorrect(slot, o.label, o.reply!) !== false);
  const intentRight = (o: Outcome) => intentMatches(o.reply?.intent, o.label.intent);

  for (const line of lines) {
    if ('turns' in line) {
      const sessionId = `heldout-${line.id}-${process.pid}`;
      let allRight = true;
      for (const [i, label] of line.turns.entries()) {
        const o = { id: `${line.id}.${i + 1}`, label, reply: await ask(label.text, sessionId) };
        turns.push(o);
        if (!intentRight(o) || !allSlotsRight(o)) allRight = false;
      }
      conversations.push({ id: line.id, allRight });
    } else {
      singles.push({
        id: line.id,
        label: line,
        reply: await ask(line.text, `heldout-${line.id}-${process.pid}`),
      });
    }
  }

  const report = (title: string, outcomes: Outcome[]) => {
    const n = outcomes.length;
    const answered = outcomes.filter((o) => o.reply).length;
    const intents = outcomes.filter(intentRight).length;
    const both = outcomes.filter((o) => intentRight(o) && allSlotsRight(o)).length;
    console.log(`\n${title}: ${n} utterances, ${answered} answered`);
    console.log(`  intent accuracy          ${intents}/${n} = ${pct(intents, n)}`);
    console.log(`  intent + scored slots    ${both}/${n} = ${pct(both, n)}`);
    console.log('  slot accuracy (labelled lines; "missing" = the reply carried no value for it):');
    for (const slot of SCORED_SLOTS) {
      let right = 0;
      let labelled = 0;
      let missing = 0;
      for (const o of outcomes) {
        if (!o.reply) continue;
        const r = slotCorrect(slot, o.label, o.reply);
        if (r === undefined) continue;
        labelled += 1;
        if (r) right += 1;
        else if (slot !== 'op' && observed(slot, o.reply) === undefined) missing += 1;
      }
      if (labelled > 0)
        console.log(
          `    ${slot.padEnd(10)} ${String(right).padStart(4)}/${String(labelled).padEnd(4)} = ${pct(right, labelled).padStart(6)}   (missing ${missing})`,
        );
    }
    const questions = outcomes.filter((o) => o.reply && !isActionLabel(o.label));
    const became = questions.filter((o) => o.reply!.action !== undefined && PROPOSALS.has(o.reply!.action));
    const opposite = outcomes.filter((o) => o.reply && isOpposite(o.label, o.reply));
    console.log(`  question became an action  ${became.length} of ${questions.length} non-action lines`);
    for (const o of became)
      console.log(
        `    ${o.id} "${o.label.text}" → ${o.reply!.action} ${JSON.stringify(o.reply!.params ?? {})}`,
      );
    console.log(`  opposite-action proposal   ${opposite.length}`);
    for (const o of opposite)
      console.log(
        `    ${o.id} "${o.label.text}" → ${o.reply!.action} ${JSON.stringify(o.reply!.params ?? {})}`,
      );
    return { intents, both, n };
  };

  report('Single utterances', singles);
  report('Conversation turns', turns);
  const convRight = conversations.filter((c) => c.allRight).length;
  console.log(
    `  conversations with every turn right (intent + slots): ${convRight}/${conversations.length} = ${pct(convRight, conversations.length)}`,
  );
  const followUps = turns.filter((o) => !o.id.endsWith('.1'));
  const followRight = followUps.filter((o) => intentRight(o) && allSlotsRight(o)).length;
  console.log(
    `  follow-up turns right: ${followRight}/${followUps.length} = ${pct(followRight, followUps.length)}`,
  );

  // Per-intent confusion over every utterance (singles and turns), the worst 10 first.
  const all = [...singles, ...turns];
  const byIntent = new Map<string, { n: number; right: number; got: Map<string, number> }>();
  for (const o of all) {
    const row = byIntent.get(o.label.intent) ?? { n: 0, right: 0, got: new Map<string, number>() };
    row.n += 1;
    if (intentRight(o)) row.right += 1;
    else {
      const got = o.reply?.intent ?? '(no reply)';
      row.got.set(got, (row.got.get(got) ?? 0) + 1);
    }
    byIntent.set(o.label.intent, row);
  }
  const worst = [...byIntent].sort((a, b) => a[1].right / a[1].n - b[1].right / b[1].n).slice(0, 10);
  console.log('\nPer-intent confusion, worst 10 (label: right/n → what it became instead):');
  for (const [intent, row] of worst) {
    const instead = [...row.got]
      .sort((a, b) => b[1] - a[1])
      .map(([g, c]) => `${g}×${c}`)
      .join(', ');
    console.log(
      `  ${intent.padEnd(13)} ${String(row.right).padStart(3)}/${String(row.n).padEnd(3)} ${pct(row.right, row.n).padStart(6)}  ${instead}`,
    );
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `\n${chats} chat calls in-process: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms (app.inject, not a latency bench)`,
  );
  if (process.env.HELDOUT_VERBOSE)
    for (const o of all)
      if (!intentRight(o) || !allSlotsRight(o))
        console.log(
          `  miss ${o.id} "${o.label.text}" want ${o.label.intent} ${JSON.stringify(o.label.slots)} got ${o.reply?.intent} ${o.reply?.action ?? ''} ${JSON.stringify(o.reply?.params ?? {})} ${o.reply?.stockData?.symbol ?? ''}`,
        );
} finally {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
