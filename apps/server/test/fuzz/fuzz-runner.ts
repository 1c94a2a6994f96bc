import type { FastifyInstance } from 'fastify';
import { clampToCircuit, errorResponseSchema, type Quote } from '@nivesh/shared';
import type { Db } from '../../src/db/database.js';
import { SessionsService } from '../../src/modules/auth/sessions.service.js';
import { databaseQuery, integrityViolations, type Query } from '../support/integrity.js';
import {
  routesFromOpenApi,
  type FuzzCase,
  type FuzzWorld,
  type IdPool,
  type OpenApiDocument,
  type RouteSpec,
} from './fuzz-cases.js';

/**
 * Drives fuzz cases through `app.inject` as a user with cash, positions and resting orders, with a
 * second user whose records the cases aim at, and reports what came back. Shared by the vitest
 * sample and the 100,000-request bench, so both check the same things: no 5xx, every 4xx in the
 * project's error shape, the other user's records untouched, and the money invariants.
 */

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
const classOf = (status: number): StatusClass =>
  `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as StatusClass;

export interface FuzzStats {
  requests: number;
  byClass: Record<StatusClass, number>;
  byStatus: Map<number, number>;
  byRoute: Map<string, Record<StatusClass, number>>;
  byKind: Map<string, number>;
  /** Milliseconds spent per variant kind, to see where a run's time goes. */
  msByKind: Map<string, number>;
  msByRoute: Map<string, number>;
  /** Up to 50 examples of each problem, each naming the request. */
  serverErrors: string[];
  badErrorShape: string[];
  /** A 2xx GET that answered with another user's record in its body. */
  foreignLeaks: string[];
  /** The request could not even be injected (a generator bug, reported rather than hidden). */
  injectFailures: string[];
  serverErrorCount: number;
  badErrorShapeCount: number;
}

export function emptyStats(): FuzzStats {
  return {
    requests: 0,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    byStatus: new Map(),
    byRoute: new Map(),
    byKind: new Map(),
    msByKind: new Map(),
    msByRoute: new Map(),
    serverErrors: [],
    badErrorShape: [],
    foreignLeaks: [],
    injectFailures: [],
    serverErrorCount: 0,
    badErrorShapeCount: 0,
  };
}

const describeCase = (c: FuzzCase, status: number | string, body: string) =>
  `[${c.kind}] ${c.method} ${c.url.slice(0, 160)} ${c.payload ? c.payload.slice(0, 160) : ''} → ${status} ${body.slice(0, 200)}`;
const keep = (list: string[], line: string) => {
  if (list.length < 50) list.push(line);
};

interface Actor {
  id: string;
  email: string;
}

/** The two users, their sessions and their records; `refresh` re-reads ids and tops up positions. */
export class FuzzSetup {
  readonly world: FuzzWorld = { own: {}, foreign: {} };
  readonly routes: RouteSpec[];
  private token = '';
  private readonly sessions: SessionsService;
  private readonly query: Query;
  private foreignBefore = '';

  private constructor(
    readonly app: FastifyInstance,
    readonly db: Db,
    readonly user: Actor,
    readonly other: Actor,
  ) {
    this.sessions = new SessionsService(db, { disconnectSessions: () => undefined });
    this.query = databaseQuery(db);
    this.routes = routesFromOpenApi(app.swagger() as unknown as OpenApiDocument);
  }

  static async create(app: FastifyInstance, db: Db): Promise<FuzzSetup> {
    const user = await signUp(app, 'fuzz-user');
    const other = await signUp(app, 'fuzz-other');
    const setup = new FuzzSetup(
      app,
      db,
      { id: user.id, email: user.email },
      { id: other.id, email: other.email },
    );
    await setup.furnish(other.token);
    await setup.furnish(user.token);
    setup.token = user.token;
    setup.world.foreign = await setup.idsOf(other.id);
    setup.world.own = await setup.idsOf(user.id);
    setup.foreignBefore = await setup.snapshot(other.id);
    return setup;
  }

  /** Money, positions, a resting buy and sell, an alert, a watchlist, a journal entry, a chat, a notification. */
  private async furnish(token: string) {
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await this.app.inject({
        method,
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300)
        throw new Error(`fuzz setup: ${method} ${url} → ${res.statusCode} ${res.body}`);
      return res.json() as { data?: Record<string, unknown> };
    };
    let n = 0;
    const place = (body: Record<string, unknown>) =>
      call('POST', '/api/orders/place', { clientOrderId: `fuzz-setup-${Date.now()}-${(n += 1)}`, ...body });
    // Small enough for the opening ₹10,000 wherever the simulated market stands.
    await place({ symbol: 'RELIANCE', type: 'BUY', orderType: 'MARKET', quantity: 1 });
    await place({ symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 5 });
    const quote = (await call('GET', '/api/stocks/quote/ITC')).data as Quote;
    await place({
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      quantity: 2,
      price: clampToCircuit(quote.price * 0.5, quote),
    });
    await place({
      symbol: 'ITC',
      type: 'SELL',
      orderType: 'LIMIT',
      quantity: 3,
      price: clampToCircuit(quote.price * 1.5, quote),
    });
    await call('POST', '/api/alerts/', { symbol: 'TCS', condition: 'above', value: 1_000_000 });
    const list = await call('POST', '/api/watchlist/create', { name: `Fuzz ${Date.now()}` });
    const watchlistId =
      (list.data as { id?: string; watchlist?: { id: string } }).id ??
      (list.data as { watchlist?: { id: string } }).watchlist?.id;
    if (watchlistId) await call('POST', '/api/watchlist/add', { symbol: 'INFY', watchlistId });
    await call('POST', '/api/trades/', {
      ticker: 'ITC',
      quantity: 1,
      price: 400,
      type: 'BUY',
      note: 'fuzz setup',
    });
    await call('POST', '/api/notifications/', { title: 'Fuzz', message: 'A notification to aim at' });
    await call('POST', '/api/saytrix/chat', { message: 'What is my portfolio worth?' });
  }

  /** Ids of a user's records, straight from the database. */
  async idsOf(userId: string): Promise<IdPool> {
    const ids = async (sql: string) => (await this.query<{ id: string }>(sql)).map((r) => r.id);
    const u = `'${userId}'`;
    return {
      // Open orders first, so modify and cancel reach orders they can act on.
      order: await ids(
        `select id from orders where user_id = ${u} order by (status in ('PENDING', 'OPEN')) desc, created_at desc limit 20`,
      ),
      fill: await ids(`select id from fills where user_id = ${u} order by id desc limit 20`),
      notification: await ids(
        `select id from notifications where user_id = ${u} order by created_at desc limit 20`,
      ),
      watchlist: await ids(`select id from watchlists where user_id = ${u} limit 20`),
      trade: await ids(`select id from journal_entries where user_id = ${u} limit 20`),
      alert: await ids(`select id from price_alerts where user_id = ${u} limit 20`),
      session: await ids(`select id from sessions where user_id = ${u} limit 20`),
      chat: await ids(`select id from saytrix_sessions where user_id = ${u} limit 20`),
      news: await ids(`select id from news_articles order by published_at desc limit 20`),
    };
  }

  /** A digest of every row the other user owns; no fuzz request may change it. */
  private async snapshot(userId: string): Promise<string> {
    const u = `'${userId}'`;
    const tables = [
      `users t where id = ${u}`,
      ...[
        'sessions',
        'cash_accounts',
        'ledger_entries',
        'orders',
        'fills',
        'positions',
        'notifications',
        'watchlists',
        'journal_entries',
        'price_alerts',
        'saytrix_sessions',
        'saytrix_messages',
        'news_bookmarks',
        'leaderboard_players',
      ].map((table) => `${table} t where user_id = ${u}`),
      `watchlist_items t where watchlist_id in (select id from watchlists where user_id = ${u})`,
    ];
    const parts: string[] = [];
    for (const from of tables) {
      const [row] = await this.query<{ n: string; digest: string | null }>(
        `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${from}`,
      );
      parts.push(`${from.split(' ')[0]}:${row!.n}:${row!.digest ?? '-'}`);
    }
    return parts.join(' ');
  }

  /** The fuzz user's token; a case that signed the user out gets a fresh session afterwards. */
  bearer(): string {
    return this.token;
  }

  /** Sessions cost nothing to mint this way (no password hash); old ones are dropped so lists stay short. */
  async renewSession() {
    await this.query(`delete from sessions where user_id = '${this.user.id}'`);
    this.token = (
      await this.sessions.create(this.user.id, false, { ip: '127.0.0.1', userAgent: 'fuzz' })
    ).token;
    this.world.own.session = (
      await this.query<{ id: string }>(`select id from sessions where user_id = '${this.user.id}'`)
    ).map((r) => r.id);
  }

  /** Re-reads the user's ids, buys back positions an account reset or a sell took away, and re-rests a cancelled order. */
  async refresh() {
    const count = async (sql: string) => Number((await this.query<{ n: string }>(sql))[0]!.n);
    const u = `'${this.user.id}'`;
    const place = (body: Record<string, unknown>) =>
      this.app.inject({
        method: 'POST',
        url: '/api/orders/place',
        headers: { authorization: `Bearer ${this.token}` },
        payload: {
          clientOrderId: `fuzz-topup-${Date.now()}-${Math.floor(performance.now())}`,
          symbol: 'ITC',
          quantity: 2,
          ...body,
        },
      });
    if (
      (await count(
        `select count(*)::text as n from positions where user_id = ${u} and quantity - reserved_quantity > 0`,
      )) === 0
    ) {
      await place({ type: 'BUY', orderType: 'MARKET', quantity: 5 });
    }
    if (
      (await count(
        `select count(*)::text as n from orders where user_id = ${u} and status in ('PENDING', 'OPEN')`,
      )) === 0
    ) {
      const res = await this.app.inject({
        method: 'GET',
        url: '/api/stocks/quote/ITC',
        headers: { authorization: `Bearer ${this.token}` },
      });
      const quote = (res.json() as { data: Quote }).data;
      await place({
        type: 'BUY',
        orderType: 'LIMIT',
        price: clampToCircuit(quote.price * 0.5, quote),
      });
    }
    this.world.own = await this.idsOf(this.user.id);
  }

  /** What must hold after any run: books balance and the other user's records are as they were. */
  async violations(): Promise<string[]> {
    const problems = await integrityViolations(this.query);
    const after = await this.snapshot(this.other.id);
    if (after !== this.foreignBefore)
      problems.push(`the other user's records changed: before ${this.foreignBefore} after ${after}`);
    // secure-json-parse refuses __proto__ and constructor.prototype; if anything slipped through, every object shows it.
    const probe = {} as Record<string, unknown>;
    if (probe.isAdmin !== undefined || probe.polluted !== undefined || probe.role !== undefined)
      problems.push('Object.prototype was polluted');
    return problems;
  }
}

async function signUp(app: FastifyInstance, tag: string) {
  const email = `${tag}-${Date.now().toString(36)}-${Math.floor(performance.now())}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'Str0ng!pass-fuzz', fullName: 'Fuzz Tester' },
  });
  if (res.statusCode !== 201) throw new Error(`fuzz setup: sign-up → ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: string } };
  return { id: json.user.id, email, token: json.token };
}

/** Sends one case and records what came back. */
export async function runCase(setup: FuzzSetup, c: FuzzCase, stats: FuzzStats): Promise<void> {
  const headers = { ...c.headers };
  if (c.auth === 'user') headers.authorization = `Bearer ${setup.bearer()}`;
  let status: number;
  let body: string;
  const started = performance.now();
  try {
    const res = await setup.app.inject({
      method: c.method,
      url: c.url,
      headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    status = res.statusCode;
    body = res.body;
  } catch (error) {
    keep(stats.injectFailures, describeCase(c, 'threw', String(error)));
    return;
  }
  stats.requests += 1;
  const cls = classOf(status);
  stats.byClass[cls] += 1;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  const perRoute = stats.byRoute.get(c.route) ?? { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  perRoute[cls] += 1;
  stats.byRoute.set(c.route, perRoute);
  stats.byKind.set(c.kind, (stats.byKind.get(c.kind) ?? 0) + 1);
  const ms = performance.now() - started;
  stats.msByKind.set(c.kind, (stats.msByKind.get(c.kind) ?? 0) + ms);
  stats.msByRoute.set(c.route, (stats.msByRoute.get(c.route) ?? 0) + ms);
  if (status >= 500) {
    stats.serverErrorCount += 1;
    keep(stats.serverErrors, describeCase(c, status, body));
  } else if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (!errorResponseSchema.safeParse(parsed).success) {
      stats.badErrorShapeCount += 1;
      keep(stats.badErrorShape, describeCase(c, status, body));
    }
  } else if (c.foreign && c.method === 'GET') {
    const foreignIds = Object.values(setup.world.foreign).flat();
    if (foreignIds.some((id) => c.url.includes(id) && body.includes(id)))
      keep(stats.foreignLeaks, describeCase(c, status, body));
  }
  // Sign-out, session revocation, token refresh and password changes end the session in use.
  if (
    c.auth === 'user' &&
    ((c.url.startsWith('/api/auth/') && status < 300 && c.method !== 'GET') || status === 401)
  )
    await setup.renewSession();
}
