import { randomUUID } from 'node:crypto';
import { roundToTick, tickSize } from '@nivesh/shared';
import { seededRandom, type Ack } from './integrity.js';

/**
 * Random order traffic over real HTTP for the integrity tests: many clients, each acting for one
 * user (several clients may share a user), placing, retrying, modifying and cancelling orders
 * while the server runs. It records what a caller observes — status codes, every 2xx order, and
 * anything that contradicts the API's promises — and leaves the verdict to the test.
 */
export interface Session {
  token: string;
  userId: string;
}

export interface Reply {
  status: number;
  body: { data?: unknown; message?: string; [key: string]: unknown };
  /** Set when no HTTP response arrived (connection refused or reset). */
  error?: string;
}

interface OrderJson {
  id: string;
  clientOrderId: string;
  status: string;
  type: string;
  orderType: string;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    let body: Reply['body'] = {};
    try {
      body = text ? (JSON.parse(text) as Reply['body']) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: res.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: {}, error: cause?.code ?? (error as Error).message };
  }
}

let signups = 0;
export async function signUpOverHttp(base: string): Promise<Session> {
  signups += 1;
  const email = `load${Date.now().toString(36)}${signups}${randomUUID().slice(0, 6)}@example.com`;
  const res = await call(base, 'POST', '/api/auth/signup', {
    body: { email, password: 'Str0ng!pass', fullName: 'Load Tester' },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const body = res.body as unknown as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

export interface LoadOptions {
  base: string;
  seed: number;
  sessions: Session[];
  /** One entry per concurrent client: the index of the session it acts for. */
  clientUsers: number[];
  symbols: string[];
  /** PATCH /api/orders/:id is served, so modifications join the mix. */
  modify: boolean;
}

interface Placement {
  userIndex: number;
  body: Record<string, unknown>;
}

const OPS = [
  'marketBuy',
  'marketSell',
  'limitBuy',
  'limitSell',
  'stopBuy',
  'stopSell',
  'modify',
  'cancel',
  'duplicate',
  'retry',
  'conflict',
  'foreign',
  'list',
  'reward',
] as const;
type Op = (typeof OPS)[number];
const WEIGHTS: Record<Op, number> = {
  marketBuy: 20,
  marketSell: 14,
  limitBuy: 12,
  limitSell: 8,
  stopBuy: 4,
  stopSell: 4,
  modify: 10,
  cancel: 10,
  duplicate: 5,
  retry: 4,
  conflict: 4,
  foreign: 3,
  list: 3,
  reward: 1,
};

export class OrderLoad {
  readonly acks: Ack[] = [];
  /** Broken promises seen from outside: a 5xx, a retry that made a second order, a foreign order visible. */
  readonly anomalies: string[] = [];
  /** Requests that got no HTTP response (expected only when the server is killed). */
  readonly transportErrors: { op: string; error: string }[] = [];
  /** Placements sent whose answer never came: after a crash they are retried with the same key. */
  readonly unanswered: Placement[] = [];
  readonly counts = new Map<string, number>();
  requests = 0;

  private stopped = false;
  private readonly open: Set<string>[];
  /** Placements answered 201: a retry of one must replay its order. */
  private readonly placed: Placement[][];
  private readonly terms = new Map<string, { orderType: string; symbol: string; side: 'BUY' | 'SELL' }>();
  private readonly keyToId = new Map<string, string>();
  private readonly prices = new Map<string, { price: number; previousClose: number }>();
  private readonly rewarded = new Set<string>();

  constructor(private readonly o: LoadOptions) {
    this.open = o.sessions.map(() => new Set());
    this.placed = o.sessions.map(() => []);
  }

  stop() {
    this.stopped = true;
  }

  count(key: string) {
    return this.counts.get(key) ?? 0;
  }

  /** Runs every client until `durationMs` has passed or `stop()` is called. */
  async run(durationMs: number): Promise<void> {
    await this.refreshPrices();
    const deadline = Date.now() + durationMs;
    const prices = (async () => {
      while (!this.stopped && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1000));
        await this.refreshPrices();
      }
    })();
    await Promise.all(
      this.o.clientUsers.map(async (userIndex, client) => {
        const random = seededRandom(this.o.seed * 1000 + client);
        while (!this.stopped && Date.now() < deadline) await this.step(userIndex, random);
      }),
    );
    await prices;
  }

  private async refreshPrices() {
    const res = await this.request('quotes', 'GET', `/api/stocks/quotes?symbols=${this.o.symbols.join(',')}`);
    if (res.status !== 200) return;
    for (const q of res.body.data as { symbol: string; price: number; previousClose: number }[])
      this.prices.set(q.symbol, q);
  }

  private async request(
    op: string,
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<Reply> {
    this.requests += 1;
    const res = await call(this.o.base, method, url, {
      ...(token ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    const key = `${op} ${res.status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (res.error) this.transportErrors.push({ op, error: res.error });
    else if (res.status >= 500)
      this.anomalies.push(`${op} ${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  private record(userIndex: number, order: OrderJson) {
    const session = this.o.sessions[userIndex]!;
    this.acks.push({
      id: order.id,
      userId: session.userId,
      clientOrderId: order.clientOrderId,
      status: order.status,
    });
    const key = `${session.userId}|${order.clientOrderId}`;
    const known = this.keyToId.get(key);
    if (known && known !== order.id)
      this.anomalies.push(
        `clientOrderId ${order.clientOrderId} answered with two orders: ${known} and ${order.id}`,
      );
    this.keyToId.set(key, order.id);
    if (order.status === 'PENDING' || order.status === 'OPEN') this.open[userIndex]!.add(order.id);
    else this.open[userIndex]!.delete(order.id);
  }

  /** Places one order; 2xx responses are recorded as acknowledged. */
  private async place(op: string, userIndex: number, body: Record<string, unknown>): Promise<Reply> {
    const session = this.o.sessions[userIndex]!;
    const placement = { userIndex, body };
    const res = await this.request(op, 'POST', '/api/orders/place', session.token, body);
    if (res.error) this.unanswered.push(placement);
    if (res.status === 200 || res.status === 201) {
      const order = (res.body.data as { order: OrderJson }).order;
      this.record(userIndex, order);
      this.terms.set(order.id, {
        orderType: body.orderType as string,
        symbol: body.symbol as string,
        side: body.type as 'BUY' | 'SELL',
      });
      // A retry is compared with the placement as first sent, even after a sibling client
      // modified the order.
      if (res.status === 201) this.placed[userIndex]!.push(placement);
    }
    return res;
  }

  /**
   * A price on the resting side of the market: half within three ticks (the market reaches some
   * of them while the test runs, so the matcher fills them), half 3–8% away (they rest). For a
   * STOP the resting side is the other one: above the market for a buy, below for a sell.
   */
  private restingPrice(symbol: string, below: boolean, random: () => number): number | undefined {
    const quote = this.prices.get(symbol);
    if (!quote) return undefined;
    const distance =
      random() < 0.5
        ? (1 + Math.floor(random() * 3)) * tickSize(quote.price)
        : quote.price * (0.03 + random() * 0.05);
    const raw = below ? quote.price - distance : quote.price + distance;
    const band = { lower: quote.previousClose * 0.81, upper: quote.previousClose * 1.19 };
    return roundToTick(Math.min(band.upper, Math.max(band.lower, raw)));
  }

  private pickOp(random: () => number): Op {
    const ops = OPS.filter((op) => op !== 'modify' || this.o.modify);
    const total = ops.reduce((sum, op) => sum + WEIGHTS[op], 0);
    let roll = random() * total;
    for (const op of ops) {
      roll -= WEIGHTS[op];
      if (roll < 0) return op;
    }
    return 'marketBuy';
  }

  private async step(userIndex: number, random: () => number): Promise<void> {
    const session = this.o.sessions[userIndex]!;
    const symbol = this.o.symbols[Math.floor(random() * this.o.symbols.length)]!;
    const quantity = 1 + Math.floor(random() * 4);
    const key = () => `ld-${randomUUID()}`;
    const openIds = [...this.open[userIndex]!];
    const someOpen = openIds.length ? openIds[Math.floor(random() * openIds.length)] : undefined;
    const op = this.pickOp(random);

    switch (op) {
      case 'marketBuy':
      case 'marketSell':
        await this.place(op, userIndex, {
          clientOrderId: key(),
          symbol,
          type: op === 'marketBuy' ? 'BUY' : 'SELL',
          orderType: 'MARKET',
          quantity,
        });
        return;
      case 'limitBuy':
      case 'limitSell': {
        const type = op === 'limitBuy' ? 'BUY' : 'SELL';
        const price = this.restingPrice(symbol, type === 'BUY', random);
        if (price === undefined) return;
        await this.place(op, userIndex, {
          clientOrderId: key(),
          symbol,
          type,
          orderType: 'LIMIT',
          price,
          quantity,
          validity: 'DAY',
        });
        return;
      }
      case 'stopBuy':
      case 'stopSell': {
        const type = op === 'stopBuy' ? 'BUY' : 'SELL';
        const triggerPrice = this.restingPrice(symbol, type === 'SELL', random);
        if (triggerPrice === undefined) return;
        await this.place(op, userIndex, {
          clientOrderId: key(),
          symbol,
          type,
          orderType: 'STOP',
          triggerPrice,
          quantity,
          validity: 'DAY',
        });
        return;
      }
      case 'modify': {
        const terms = someOpen ? this.terms.get(someOpen) : undefined;
        if (!someOpen || !terms) return;
        // A new quantity, or a new limit/trigger near the market: the reservation follows either way.
        let change: Record<string, number> = { quantity };
        if (random() < 0.5 && terms.orderType !== 'MARKET') {
          const below = (terms.orderType === 'LIMIT') === (terms.side === 'BUY');
          const price = this.restingPrice(terms.symbol, below, random);
          if (price !== undefined) change = terms.orderType === 'LIMIT' ? { price } : { triggerPrice: price };
        }
        const res = await this.request(op, 'PATCH', `/api/orders/${someOpen}`, session.token, change);
        if (res.status === 200) this.record(userIndex, res.body.data as OrderJson);
        else if (res.status === 404) this.anomalies.push(`modify of own order ${someOpen} → 404`);
        else if (res.status === 422) this.open[userIndex]!.delete(someOpen);
        return;
      }
      case 'cancel': {
        if (!someOpen) return;
        const res = await this.request(op, 'POST', `/api/orders/cancel/${someOpen}`, session.token, {});
        if (res.status === 200) this.record(userIndex, res.body.data as OrderJson);
        else if (res.status === 404) this.anomalies.push(`cancel of own order ${someOpen} → 404`);
        else if (res.status === 422) this.open[userIndex]!.delete(someOpen);
        return;
      }
      case 'duplicate': {
        // The same new order sent twice at once: at most one order, both answers name it.
        const body = { clientOrderId: key(), symbol, type: 'BUY', orderType: 'MARKET', quantity: 1 };
        const [a, b] = await Promise.all([this.place(op, userIndex, body), this.place(op, userIndex, body)]);
        const ok = [a, b].filter((r) => r.status === 200 || r.status === 201);
        if (ok.length === 2) {
          const ids = ok.map((r) => (r.body.data as { order: OrderJson }).order.id);
          if (ids[0] !== ids[1]) this.anomalies.push(`duplicate placement made two orders ${ids.join(', ')}`);
          if (ok.filter((r) => r.status === 201).length !== 1)
            this.anomalies.push(`duplicate placement answered ${a.status}/${b.status}`);
        }
        return;
      }
      case 'retry':
      case 'conflict': {
        const previous = this.placed[userIndex]!;
        const first = previous[Math.floor(random() * previous.length)];
        if (!first) return;
        const body =
          op === 'retry' ? first.body : { ...first.body, quantity: (first.body.quantity as number) + 1 };
        const res = await this.place(op, userIndex, body);
        if (res.error) return;
        if (op === 'retry' && res.status !== 200)
          this.anomalies.push(`retry of ${String(first.body.clientOrderId)} → ${res.status}`);
        if (op === 'conflict' && res.status !== 422)
          this.anomalies.push(
            `reuse of ${String(first.body.clientOrderId)} with another body → ${res.status}`,
          );
        return;
      }
      case 'foreign': {
        // Another user's resting order must look like no order at all.
        const other =
          (userIndex + 1 + Math.floor(random() * (this.o.sessions.length - 1))) % this.o.sessions.length;
        const theirs = [...this.open[other]!][0];
        if (!theirs || this.o.sessions[other]!.userId === session.userId) return;
        const res = await this.request(op, 'POST', `/api/orders/cancel/${theirs}`, session.token, {});
        if (res.status !== 404 && !res.error)
          this.anomalies.push(`cancel of another user's order → ${res.status}`);
        return;
      }
      case 'reward': {
        // The daily reward is a cash movement too, claimed by clients that share a user at once.
        const res = await this.request(op, 'POST', '/api/virtual-money/login-reward', session.token, {});
        if (res.status !== 200) return;
        if ((res.body as { reward?: { awarded?: boolean } }).reward?.awarded) {
          if (this.rewarded.has(session.userId))
            this.anomalies.push(`daily reward paid twice to ${session.userId}`);
          this.rewarded.add(session.userId);
        }
        return;
      }
      case 'list': {
        const res = await this.request(op, 'GET', '/api/orders/all?status=PENDING&limit=100', session.token);
        if (res.status !== 200) return;
        const ids = (res.body.data as OrderJson[]).map((o) => o.id);
        // Fills by the matcher and sibling clients' cancels happen behind this client's back.
        this.open[userIndex] = new Set(ids);
        return;
      }
    }
  }
}
