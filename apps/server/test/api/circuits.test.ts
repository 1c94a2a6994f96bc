import { expect, it } from 'vitest';
import {
  dateToDayNumber,
  orderRefusalSchema,
  roundToTick,
  sessionBounds,
  tickSize,
  type Order,
  type Quote,
} from '@nivesh/shared';
import { defaultMarketDataDir } from '../../src/paths.js';
import { loadMarketBundle } from '../../src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../../src/modules/market/simulator/market-simulator.js';
import { describeEachDb, signUp, testConfig, type TestContext } from '../support/test-app.js';
import { accepted, expectBooksBalance, filled, key, place, position, type User } from '../support/orders.js';

/** The market clock the app reads; each test sets it. */
const clock = { now: 0 };
const config = testConfig();

/**
 * A lock the app's market will show: the simulator is a pure function of its seed, so a copy built
 * here with the app's seed finds the same episodes. An upper-circuit lock of at least 20 minutes on
 * a stock a new account can afford a few shares of.
 */
function findUpperLock() {
  const sim = new MarketSimulator({
    bundle: loadMarketBundle(config.market.dataDir ?? defaultMarketDataDir),
    seed: config.market.seed!,
    session: config.market.session,
  });
  const mode = config.market.session;
  for (const { symbol, day } of sim.lockedDays(dateToDayNumber('2026-11-26'))) {
    const circuit = sim.dayCircuit(symbol, day);
    if (!circuit?.lock || circuit.lock.side !== 'UPPER' || circuit.lock.to - circuit.lock.from < 20) continue;
    if (circuit.previousClose > 1500) continue;
    const { openMs } = sessionBounds(mode, day);
    return {
      symbol,
      before: openMs + Math.max(0, circuit.lock.from - 30) * 60_000 + 10_000,
      during: openMs + (circuit.lock.from + 2) * 60_000 + 30_000,
      after: openMs + (circuit.lock.to + 5) * 60_000 + 30_000,
    };
  }
  throw new Error('no upper-circuit lock in the simulated months');
}
const lock = findUpperLock();

async function quoteOf(ctx: TestContext, user: User, symbol: string): Promise<Quote> {
  const res = await ctx.request({ method: 'GET', url: `/api/stocks/quote/${symbol}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Quote;
}

async function orderById(ctx: TestContext, user: User, id: string): Promise<Order> {
  return (await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token })).json()
    .data as Order;
}

const inr = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describeEachDb(
  'circuit limits',
  (ctx) => {
    it('refuses a limit or trigger outside a 20% stock’s circuit, naming the limits and offering the nearer one', async () => {
      clock.now = lock.before;
      const user = await signUp(ctx());
      const q = await quoteOf(ctx(), user, lock.symbol);
      expect(q.bandClass).toBe('20%');
      const lower = q.lowerCircuit!;
      const upper = q.upperCircuit!;
      // The limits are ±20% of the previous close, on the tick grid, rounded inward.
      expect(lower).toBeGreaterThanOrEqual(q.previousClose * 0.8 - 1e-9);
      expect(upper).toBeLessThanOrEqual(q.previousClose * 1.2 + 1e-9);
      expect(upper).toBeGreaterThan(q.previousClose * 1.2 - tickSize(upper));

      const above = roundToTick(upper + tickSize(upper));
      const res = await place(ctx(), user, {
        symbol: lock.symbol,
        type: 'SELL',
        orderType: 'LIMIT',
        price: above,
        quantity: 1,
        clientOrderId: key(),
      });
      expect(res.statusCode).toBe(422);
      const body = orderRefusalSchema.parse(res.json());
      expect(body).toMatchObject({
        code: 'PRICE_OUTSIDE_BAND',
        message: `Limit price is outside today's circuit limits (${inr(lower)} – ${inr(upper)})`,
        suggestion: { price: upper },
      });
      expect(body.rule).toContain(`±20% of the previous close of ${inr(q.previousClose)}`);
      const below = await place(ctx(), user, {
        symbol: lock.symbol,
        type: 'BUY',
        orderType: 'STOP',
        triggerPrice: roundToTick(lower - tickSize(lower)),
        quantity: 1,
        clientOrderId: key(),
      });
      expect(below.statusCode).toBe(422);
      expect(below.json()).toMatchObject({ code: 'PRICE_OUTSIDE_BAND', suggestion: { price: lower } });
      // The fix is accepted: a buy LIMIT at the lower circuit rests.
      const fixed = await accepted(ctx(), user, {
        symbol: lock.symbol,
        type: 'BUY',
        orderType: 'LIMIT',
        price: lower,
        quantity: 1,
      });
      expect(fixed.status).toBe('PENDING');
    });

    it('refuses a limit outside a DYNAMIC stock’s operating range (±10% until it widens)', async () => {
      clock.now = lock.before;
      const user = await signUp(ctx());
      const q = await quoteOf(ctx(), user, 'RELIANCE');
      expect(q.bandClass).toBe('DYNAMIC');
      const preview = await ctx().request({
        method: 'POST',
        url: '/api/orders/preview',
        token: user.token,
        payload: {
          symbol: 'RELIANCE',
          type: 'BUY',
          orderType: 'LIMIT',
          price: roundToTick(q.upperCircuit! + 5 * tickSize(q.upperCircuit!)),
          quantity: 1,
        },
      });
      expect(preview.statusCode).toBe(422);
      expect(preview.json()).toMatchObject({
        code: 'PRICE_OUTSIDE_BAND',
        message: `Limit price is outside today's operating range (${inr(q.lowerCircuit!)} – ${inr(q.upperCircuit!)})`,
        suggestion: { price: q.upperCircuit },
      });
    });

    it('while locked at the upper circuit: a market buy is refused, a buy limit rests, sells fill; the buy fills once the lock breaks', async () => {
      const user = await signUp(ctx());
      clock.now = lock.before;
      await filled(ctx(), user, { symbol: lock.symbol, type: 'BUY', quantity: 2 });

      clock.now = lock.during;
      const q = await quoteOf(ctx(), user, lock.symbol);
      expect(q).toMatchObject({ circuitLock: 'UPPER', price: q.upperCircuit });
      const upper = q.upperCircuit!;

      const market = await place(ctx(), user, {
        symbol: lock.symbol,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: key(),
      });
      expect(market.statusCode).toBe(422);
      expect(market.json()).toMatchObject({
        code: 'CIRCUIT_LOCKED',
        message: `Locked at upper circuit ${inr(upper)}: no sellers`,
      });

      // Marketable (the limit is the last price) yet it waits: nobody sells at the upper circuit.
      const resting = await accepted(ctx(), user, {
        symbol: lock.symbol,
        type: 'BUY',
        orderType: 'LIMIT',
        price: upper,
        quantity: 1,
      });
      expect(resting.status).toBe('PENDING');
      expect((await ctx().app.matcher.runOnce()).filled).toBe(0);
      expect((await orderById(ctx(), user, resting.id)).status).toBe('PENDING');

      // The other side trades: a sell fills at the circuit.
      const sold = await filled(ctx(), user, { symbol: lock.symbol, type: 'SELL', quantity: 1 });
      expect(sold.executionPrice).toBe(upper);

      // The lock breaks: the price is back inside the circuit and the resting buy fills.
      clock.now = lock.after;
      const later = await quoteOf(ctx(), user, lock.symbol);
      expect(later.circuitLock).toBeNull();
      expect(later.price).toBeLessThan(upper);
      expect((await ctx().app.matcher.runOnce()).filled).toBeGreaterThanOrEqual(1);
      const done = await orderById(ctx(), user, resting.id);
      expect(done.status).toBe('FILLED');
      expect(done.executionPrice).toBe(later.price);
      expect((await position(ctx(), user.user.id, lock.symbol)).quantity).toBe(2);
      await expectBooksBalance(ctx(), user.user.id);
    });
  },
  { now: () => clock.now },
);
