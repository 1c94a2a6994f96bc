import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFees, roundToTick, rupeesToPaise, STARTING_BALANCE_PAISE, type Order } from '@nivesh/shared';
import { buildApp } from '../../src/app.js';
import { databaseQuery, integrityViolations, type Query } from '../support/integrity.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig } from '../support/test-app.js';

/**
 * Random command sequences run against the real API (app.inject on PGlite) and against a plain
 * in-memory model of cash, reservations and positions that uses the shared fee schedule. After
 * every command the two must agree to the paisa, and both must refuse the same orders.
 */
const RUNS = Number(process.env.MODEL_RUNS ?? 100);
const SEED = Number(process.env.INTEGRITY_SEED ?? 20_260_521);
// Cheap to dear: MRF (a six-figure share) makes "insufficient balance" a common outcome.
const SYMBOLS = ['TATASTEEL', 'ITC', 'SBIN', 'RELIANCE', 'MRF'] as const;
type Symbol = (typeof SYMBOLS)[number];
type Side = 'BUY' | 'SELL';

interface ModelOrder {
  id: string;
  side: Side;
  symbol: Symbol;
  quantity: number;
  /** The limit or trigger price the reservation is costed at. */
  limitPaise: bigint;
  reservedPaise: bigint;
  reservedQuantity: number;
  open: boolean;
}

interface ModelPosition {
  quantity: number;
  reservedQuantity: number;
  costPaise: bigint;
}

interface ModelUser {
  balance: bigint;
  reserved: bigint;
  positions: Map<Symbol, ModelPosition>;
  orders: ModelOrder[];
  placements: { body: Record<string, unknown>; orderId: string }[];
  /** Symbols sold from delivery today: the DP charge is paid on the first sell of a scrip a day. */
  soldToday: Set<Symbol>;
}

interface Model {
  users: ModelUser[];
}

interface Real {
  sessions: { token: string; userId: string }[];
}

let app: FastifyInstance;
let query: Query;
let drop: () => Promise<void>;
let modifyServed = false;

const inr = (paise: bigint) => Number(paise) / 100;

function request(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

function position(user: ModelUser, symbol: Symbol): ModelPosition {
  let p = user.positions.get(symbol);
  if (!p) {
    p = { quantity: 0, reservedQuantity: 0, costPaise: 0n };
    user.positions.set(symbol, p);
  }
  return p;
}

const available = (user: ModelUser) => user.balance - user.reserved;
const availableQty = (user: ModelUser, symbol: Symbol) => {
  const p = user.positions.get(symbol);
  return p ? p.quantity - p.reservedQuantity : 0;
};
const buyReservation = (limitPaise: bigint, quantity: number) => {
  const value = limitPaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};

/** "₹1,234.56" inside an error message → paise. */
function paiseIn(message: string, label: string): bigint {
  const match = new RegExp(`${label}: ₹([\\d,]+\\.\\d{2})`).exec(message);
  if (!match) throw new Error(`no ${label} amount in "${message}"`);
  return rupeesToPaise(Number(match[1]!.replaceAll(',', '')));
}

async function quote(
  symbol: Symbol,
): Promise<{ price: number; previousClose: number; lowerCircuit: number; upperCircuit: number }> {
  const res = await app.inject({ method: 'GET', url: `/api/stocks/quote/${symbol}` });
  return res.json().data;
}

/**
 * The whole observable state of the users a command touched (all of them when none is named),
 * through the API where it shows it and SQL for the rest.
 */
async function compare(model: Model, real: Real, only?: number) {
  for (const [i, user] of model.users.entries()) {
    if (only !== undefined && i !== only) continue;
    const session = real.sessions[i]!;
    const account = (await request('GET', '/api/virtual-money/account', session.token)).json().data;
    expect(
      { balance: account.balance, availableCash: account.availableCash, reserved: account.reserved },
      `user ${i} cash`,
    ).toEqual({
      balance: inr(user.balance),
      availableCash: inr(available(user)),
      reserved: inr(user.reserved),
    });
    const holdings = (await request('GET', '/api/portfolio/holdings', session.token)).json().data as {
      symbol: string;
      quantity: number;
    }[];
    const held = [...user.positions].filter(([, p]) => p.quantity > 0);
    expect(Object.fromEntries(holdings.map((h) => [h.symbol, h.quantity])), `user ${i} holdings`).toEqual(
      Object.fromEntries(held.map(([s, p]) => [s, p.quantity])),
    );
    const rows = await query<{ symbol: string; quantity: number; reserved_quantity: number; cost: string }>(
      `select symbol, quantity, reserved_quantity, cost_basis_paise::text as cost from positions
       where user_id = '${session.userId}' and (quantity > 0 or reserved_quantity > 0) order by symbol`,
    );
    expect(
      rows.map((r) => [r.symbol, r.quantity, r.reserved_quantity, BigInt(r.cost)]),
      `user ${i} positions`,
    ).toEqual(
      held
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, p]) => [s, p.quantity, p.reservedQuantity, p.costPaise]),
    );
    const pending = (await request('GET', '/api/orders/all?status=PENDING&limit=100', session.token)).json()
      .data as Order[];
    expect(pending.map((o) => o.id).sort(), `user ${i} resting orders`).toEqual(
      user.orders
        .filter((o) => o.open)
        .map((o) => o.id)
        .sort(),
    );
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;

class MarketOrder implements Cmd {
  constructor(
    readonly user: number,
    readonly symbol: Symbol,
    readonly side: Side,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const user = model.users[this.user]!;
    const body = {
      clientOrderId: `mo-${randomUUID()}`,
      symbol: this.symbol,
      type: this.side,
      orderType: 'MARKET',
      quantity: this.quantity,
    };
    const res = await request('POST', '/api/orders/place', real.sessions[this.user]!.token, body);
    if (this.side === 'SELL') {
      const have = availableQty(user, this.symbol);
      if (have < this.quantity) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toBe(
          `Insufficient holdings. You have ${have} ${have === 1 ? 'share' : 'shares'} free to sell, trying to sell ${this.quantity}`,
        );
        return compare(model, real, this.user);
      }
    }
    if (res.statusCode === 422 && this.side === 'BUY') {
      // The server priced it at the live quote; the model checks that refusal against its own cash.
      const message = res.json().message as string;
      expect(paiseIn(message, 'Available')).toBe(available(user));
      expect(paiseIn(message, 'Required')).toBeGreaterThan(available(user));
      return compare(model, real, this.user);
    }
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    expect(order.status).toBe('FILLED');
    const value = rupeesToPaise(order.executionPrice!) * BigInt(this.quantity);
    const firstSellOfDay = this.side === 'SELL' && !user.soldToday.has(this.symbol);
    const fees = computeFees(this.side, value, undefined, { firstSellOfDay });
    expect(rupeesToPaise(order.fees)).toBe(fees.total);
    const p = position(user, this.symbol);
    if (this.side === 'BUY') {
      expect(value + fees.total, 'accepted a buy the model cannot afford').toBeLessThanOrEqual(
        available(user),
      );
      user.balance -= value + fees.total;
      p.quantity += this.quantity;
      p.costPaise += value + fees.total;
    } else {
      const removed =
        this.quantity === p.quantity
          ? p.costPaise
          : (p.costPaise * BigInt(this.quantity) * 2n + BigInt(p.quantity)) / (2n * BigInt(p.quantity));
      user.balance += value - fees.total;
      user.soldToday.add(this.symbol);
      p.quantity -= this.quantity;
      p.costPaise -= removed;
    }
    user.placements.push({ body, orderId: order.id });
    await compare(model, real, this.user);
  }
  toString = () => `market(u${this.user} ${this.side} ${this.quantity} ${this.symbol})`;
}

/**
 * A LIMIT (below the market to buy, above to sell) or STOP (the other way round) far enough from
 * the market that it rests for the whole run. Either holds back what it could need: cash for its
 * value at its price plus fees (buy), or the shares (sell).
 */
class RestingOrder implements Cmd {
  constructor(
    readonly user: number,
    readonly symbol: Symbol,
    readonly side: Side,
    readonly kind: 'LIMIT' | 'STOP',
    readonly quantity: number,
    readonly awayBp: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const user = model.users[this.user]!;
    const q = await quote(this.symbol);
    const below = (this.side === 'BUY') === (this.kind === 'LIMIT');
    const away = this.awayBp / 10_000;
    const raw = below ? q.price * (1 - away) : q.price * (1 + away);
    // Inside the stock's own circuit limits (a NIFTY 100 stock's operating range is ±10%).
    const price = roundToTick(Math.min(q.upperCircuit, Math.max(q.lowerCircuit, raw)));
    // Only at a circuit edge could the clamp put the price through the market; such a step is skipped.
    if (below ? price >= q.price : price <= q.price) return;
    const pricePaise = rupeesToPaise(price);
    const body = {
      clientOrderId: `ro-${randomUUID()}`,
      symbol: this.symbol,
      type: this.side,
      orderType: this.kind,
      ...(this.kind === 'LIMIT' ? { price } : { triggerPrice: price }),
      quantity: this.quantity,
      validity: 'DAY',
    };
    const res = await request('POST', '/api/orders/place', real.sessions[this.user]!.token, body);
    const reservation = this.side === 'BUY' ? buyReservation(pricePaise, this.quantity) : 0n;
    const enough =
      this.side === 'BUY' ? available(user) >= reservation : availableQty(user, this.symbol) >= this.quantity;
    if (!enough) {
      expect(res.statusCode, res.body).toBe(422);
      return compare(model, real, this.user);
    }
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    expect(order).toMatchObject({
      status: 'PENDING',
      [this.kind === 'LIMIT' ? 'limitPrice' : 'triggerPrice']: price,
      reserved: inr(reservation),
    });
    const reservedQuantity = this.side === 'SELL' ? this.quantity : 0;
    user.orders.push({
      id: order.id,
      side: this.side,
      symbol: this.symbol,
      quantity: this.quantity,
      limitPaise: pricePaise,
      reservedPaise: reservation,
      reservedQuantity,
      open: true,
    });
    user.reserved += reservation;
    position(user, this.symbol).reservedQuantity += reservedQuantity;
    user.placements.push({ body, orderId: order.id });
    await compare(model, real, this.user);
  }
  toString = () =>
    `${this.kind.toLowerCase()}(u${this.user} ${this.side} ${this.quantity} ${this.symbol} ${this.awayBp}bp away)`;
}

/** Cancels one of the user's orders (open or not), or tries another user's order (404). */
class Cancel implements Cmd {
  constructor(
    readonly user: number,
    readonly pick: number,
    readonly foreign: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const owner = model.users[this.foreign ? 1 - this.user : this.user]!;
    const order = owner.orders[this.pick % Math.max(owner.orders.length, 1)];
    if (!order) return;
    const res = await request('POST', `/api/orders/cancel/${order.id}`, real.sessions[this.user]!.token, {});
    if (this.foreign) {
      expect(res.statusCode).toBe(404);
    } else if (!order.open) {
      expect(res.statusCode).toBe(422);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('CANCELLED');
      order.open = false;
      owner.reserved -= order.reservedPaise;
      position(owner, order.symbol).reservedQuantity -= order.reservedQuantity;
    }
    // A refused foreign cancel must leave the owner's order and money alone too.
    await compare(model, real, this.foreign ? undefined : this.user);
  }
  toString = () => `cancel(u${this.user} #${this.pick}${this.foreign ? ' of the other user' : ''})`;
}

/** Changes a resting order's quantity: the reservation follows, or the change is refused as a whole. */
class Modify implements Cmd {
  constructor(
    readonly user: number,
    readonly pick: number,
    readonly quantity: number,
  ) {}
  check = () => modifyServed;
  async run(model: Model, real: Real) {
    const user = model.users[this.user]!;
    const order = user.orders[this.pick % Math.max(user.orders.length, 1)];
    if (!order) return;
    const res = await request('PATCH', `/api/orders/${order.id}`, real.sessions[this.user]!.token, {
      quantity: this.quantity,
    });
    if (!order.open) {
      expect(res.statusCode, res.body).toBe(422);
      return compare(model, real, this.user);
    }
    const reservation = order.side === 'BUY' ? buyReservation(order.limitPaise, this.quantity) : 0n;
    const reservedQuantity = order.side === 'SELL' ? this.quantity : 0;
    const enough =
      order.side === 'BUY'
        ? available(user) + order.reservedPaise >= reservation
        : availableQty(user, order.symbol) + order.reservedQuantity >= this.quantity;
    if (!enough) {
      expect(res.statusCode, res.body).toBe(422);
      return compare(model, real, this.user);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: order.id,
      status: 'PENDING',
      quantity: this.quantity,
      reserved: inr(reservation),
    });
    user.reserved += reservation - order.reservedPaise;
    position(user, order.symbol).reservedQuantity += reservedQuantity - order.reservedQuantity;
    Object.assign(order, { quantity: this.quantity, reservedPaise: reservation, reservedQuantity });
    await compare(model, real, this.user);
  }
  toString = () => `modify(u${this.user} #${this.pick} to ${this.quantity})`;
}

/**
 * Sends an earlier placement again, as is or with another quantity: the same body replays the
 * order (200, nothing moves) even after the order was modified; another body is a 422, even one
 * that matches what the order was modified to.
 */
class Replay implements Cmd {
  constructor(
    readonly user: number,
    readonly pick: number,
    readonly changed: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const user = model.users[this.user]!;
    const first = user.placements[this.pick % Math.max(user.placements.length, 1)];
    if (!first) return;
    const body = this.changed ? { ...first.body, quantity: (first.body.quantity as number) + 1 } : first.body;
    const res = await request('POST', '/api/orders/place', real.sessions[this.user]!.token, body);
    expect(res.statusCode, res.body).toBe(this.changed ? 422 : 200);
    if (res.statusCode === 200) expect(res.json().data.order.id).toBe(first.orderId);
    await compare(model, real, this.user);
  }
  toString = () => `replay(u${this.user} #${this.pick}${this.changed ? ' with another quantity' : ''})`;
}

const user = fc.integer({ min: 0, max: 1 });
const symbol = fc.constantFrom(...SYMBOLS);
const side = fc.constantFrom<Side>('BUY', 'SELL');
// Mostly small orders, so cash lasts through a run; now and then a large one that it cannot cover.
const quantity = fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 12 }));
const resting = fc
  .tuple(
    user,
    symbol,
    side,
    fc.constantFrom<'LIMIT' | 'STOP'>('LIMIT', 'LIMIT', 'STOP'),
    quantity,
    fc.integer({ min: 500, max: 1000 }),
  )
  .map(([u, s, d, k, q, bp]) => new RestingOrder(u, s, d, k, q, bp));
// Buys and resting orders weigh double: sells, cancels and modifications need them earlier in the run.
const commands = [
  fc.tuple(user, symbol, side, quantity).map(([u, s, d, q]) => new MarketOrder(u, s, d, q)),
  fc.tuple(user, symbol, quantity).map(([u, s, q]) => new MarketOrder(u, s, 'BUY', q)),
  resting,
  resting,
  fc.tuple(user, fc.nat(), fc.boolean()).map(([u, n, f]) => new Cancel(u, n, f)),
  fc.tuple(user, fc.nat(), quantity).map(([u, n, q]) => new Modify(u, n, q)),
  fc.tuple(user, fc.nat(), fc.boolean()).map(([u, n, c]) => new Replay(u, n, c)),
];

async function signUp() {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
  const body = res.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

describe('model: the API against an in-memory ledger [pglite]', () => {
  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    drop = opened.drop;
    query = databaseQuery(opened.database.db);
    app = await buildApp({
      config: testConfig(),
      database: opened.database,
      mailer: memoryMailer().mailer,
      logger: false,
    });
    await app.ready();
    const probe = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${randomUUID()}`,
      payload: { quantity: 1 },
    });
    modifyServed = !String(probe.json().message ?? '').startsWith('Route PATCH');
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it(`agrees with the model on ${RUNS} random command sequences`, { timeout: 180_000 }, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 24, size: 'medium' }), async (cmds) => {
        const sessions = [await signUp(), await signUp()];
        const fresh = (): ModelUser => ({
          balance: STARTING_BALANCE_PAISE,
          reserved: 0n,
          positions: new Map(),
          orders: [],
          placements: [],
          soldToday: new Set(),
        });
        const model = { users: [fresh(), fresh()] };
        await fc.asyncModelRun(() => ({ model, real: { sessions } }), cmds);
        await compare(model, { sessions });
        steps += [...cmds].length;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(await integrityViolations(query)).toEqual([]);
    const kinds = await query<{ kind: string; n: number }>(
      `select order_type || ' ' || status as kind, count(*)::int as n from orders group by 1 order by 1`,
    );
    console.log(
      `[integrity] model: ${RUNS} sequences, ${steps} commands, modify ${modifyServed ? 'on' : 'not served'}; orders: ` +
        kinds.map((k) => `${k.kind} ${k.n}`).join(', '),
    );
  });
});
