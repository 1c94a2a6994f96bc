/**
 * A black-box probe of trading inside a replay, written from the README, the shared schemas and the
 * harness only (not the server's code). Each test asserts what a user of an Indian-broker
 * paper-trading app would observe.
 */
import { expect, it } from 'vitest';
import type { Candle, Order, Quote, Replay, ReplayPortfolio } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
let keys = 0;

async function call(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function ok<T>(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await call(ctx, user, method, url, payload);
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(300);
  return res.json().data as T;
}
const place = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  call(ctx, user, 'POST', '/api/orders/place', {
    validity: 'DAY',
    product: 'CNC',
    clientOrderId: `probe-${Date.now()}-${++keys}`,
    ...body,
  });
const book = (ctx: TestContext, user: User, id: string) =>
  ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${id}/portfolio`);
const quote = (ctx: TestContext, user: User, id: string, symbol: string) =>
  ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/${symbol}?replayId=${id}`);
const mainBalance = async (ctx: TestContext, user: User) =>
  (await ok<{ balance: number }>(ctx, user, 'GET', '/api/virtual-money/account')).balance;
const newReplay = async (ctx: TestContext, user: User, body: Record<string, unknown>, stepMinutes = 5) => {
  const r = await ok<Replay>(ctx, user, 'POST', '/api/replays', body);
  if (stepMinutes > 0) await ok(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: stepMinutes });
  return r;
};
const paise = (x: number) => Math.round(x * 100);
/** Total Value = Available Cash + Reserved + Holdings Value (the glossary). */
function expectMoneyAddsUp(b: ReplayPortfolio) {
  const f = b.figures;
  expect(paise(f.totalValue), JSON.stringify(f)).toBe(
    paise(f.availableCash) + paise(f.reserved) + paise(f.holdingsValue),
  );
  expect(f.availableCash).toBeGreaterThanOrEqual(0);
  expect(f.reserved).toBeGreaterThanOrEqual(0);
}

describeEachDb(
  'replay trading, probed as a hostile or careless client',
  (context) => {
    it('bad quantities are refused (400 or 422, with a code) and nothing is recorded or moved', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const before = await book(ctx, user, r.id);
      for (const quantity of [0, -1, 1.5, 1e12]) {
        const res = await place(ctx, user, {
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'MARKET',
          quantity,
          portfolioId: r.portfolioId,
        });
        // 400 (malformed) or 422 (an order rule): the README documents neither; a refusal with a code is what counts.
        expect([400, 422], `quantity ${quantity}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().code, res.body).toEqual(expect.any(String));
      }
      // More than the cash can buy (₹10,000 and a stock in the thousands).
      const tooMuch = await place(ctx, user, {
        symbol: 'TCS',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 100,
        portfolioId: r.portfolioId,
      });
      expect(tooMuch.statusCode, tooMuch.body).toBe(422);
      const after = await book(ctx, user, r.id);
      expect(after.figures.availableCash).toBe(before.figures.availableCash);
      expect(after.positions).toEqual([]);
      expect(after.orders.filter((o) => o.status === 'FILLED' || o.status === 'PENDING')).toEqual([]);
    });

    it('selling what is not held, or more than is held, is refused (no short selling in CNC)', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const never = await place(ctx, user, {
        symbol: 'INFY',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(never.statusCode, never.body).toBe(422);
      const buy = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        portfolioId: r.portfolioId,
      });
      expect(buy.statusCode, buy.body).toBe(201);
      const over = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 3,
        portfolioId: r.portfolioId,
      });
      expect(over.statusCode, over.body).toBe(422);
      // A resting limit sell of 2 then another of 1 would oversell: the second must be refused.
      const q = await quote(ctx, user, r.id, 'ITC');
      const high = Math.round(q.price * 1.04 * 20) / 20;
      const rest = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'LIMIT',
        price: high,
        quantity: 2,
        portfolioId: r.portfolioId,
      });
      expect(rest.statusCode, rest.body).toBe(201);
      expect((rest.json().data.order as Order).status).toBe('PENDING');
      const again = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(again.statusCode, again.body).toBe(422);
      const b = await book(ctx, user, r.id);
      expect(b.positions).toEqual([expect.objectContaining({ symbol: 'ITC', quantity: 2 })]);
      expectMoneyAddsUp(b);
    });

    it('LIMIT prices off the tick or outside the circuit band are refused; a US (view-only) stock cannot be traded', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const q = await quote(ctx, user, r.id, 'ITC');
      const onTick = Math.floor(q.price * 0.99 * 20) / 20;
      const offTick = Math.round((onTick + 0.03) * 100) / 100;
      const off = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: offTick,
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect([400, 422], `limit ${offTick}: ${off.body}`).toContain(off.statusCode);
      expect(off.json().code).toBe('PRICE_OFF_TICK');
      for (const price of [Math.round(q.price * 3 * 20) / 20, Math.round(q.price * 0.3 * 20) / 20]) {
        const res = await place(ctx, user, {
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'LIMIT',
          price,
          quantity: 1,
          portfolioId: r.portfolioId,
        });
        expect([400, 422], `limit ${price} vs ${q.price}: ${res.body}`).toContain(res.statusCode);
      }
      const us = await place(ctx, user, {
        symbol: 'AAPL',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(us.statusCode, us.body).toBeGreaterThanOrEqual(400);
      expect(us.statusCode, us.body).toBeLessThan(500);
      const b = await book(ctx, user, r.id);
      expect(b.orders.filter((o) => o.status !== 'REJECTED')).toEqual([]);
      expect(b.figures.availableCash).toBe(10_000);
    });

    it('a STOP buy above the market rests, reserves, and fills at the market when the replay crosses it', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      // Peek at the day to find a level crossed after 10:00.
      const peek = await newReplay(ctx, user, { date: '2024-06-04' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${peek.id}/seek`, { time: '2024-06-04T15:30:00+05:30' });
      const bars = (
        await call(ctx, user, 'GET', `/api/live-charts/historical/ITC?period=1D&replayId=${peek.id}`)
      ).json() as { data: Candle[] };
      const r = await newReplay(ctx, user, { date: '2024-06-04' }, 1);
      const q = await quote(ctx, user, r.id, 'ITC');
      const later = bars.data.filter((c) => c.time * 1000 > Date.parse('2024-06-04T09:20:00+05:30'));
      const maxLater = Math.max(...later.map((c) => c.high));
      const trigger = Math.floor(Math.min(maxLater, q.upperCircuit ?? Infinity) * 20) / 20;
      expect(trigger, 'the day must rise above the 09:16 price for this probe').toBeGreaterThan(q.price);
      await ok(ctx, user, 'POST', `/api/replays/${peek.id}/finish`);
      const res = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'STOP',
        triggerPrice: trigger,
        quantity: 3,
        portfolioId: r.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json().data.order as Order).status).toBe('PENDING');
      const mid = await book(ctx, user, r.id);
      expect(mid.figures.reserved).toBeGreaterThan(0);
      expectMoneyAddsUp(mid);
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2024-06-04T15:29:00+05:30' });
      const end = await book(ctx, user, r.id);
      const stop = end.orders.find((o) => o.orderType === 'STOP')!;
      expect(stop.status).toBe('FILLED');
      expect(stop.executionPrice!).toBeGreaterThanOrEqual(trigger);
      expect(end.figures.reserved).toBe(0);
      expectMoneyAddsUp(end);
    });

    it('MIS is refused after the replay day’s 15:20 cut-off; CNC still allowed before the close', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2024-06-04T15:22:00+05:30' });
      const mis = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        product: 'MIS',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(mis.statusCode, mis.body).toBe(422);
      const cnc = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        product: 'CNC',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(cnc.statusCode, cnc.body).toBe(201);
      const b = await book(ctx, user, r.id);
      expect(b.positions.filter((p) => p.product === 'MIS')).toEqual([]);
    });

    it('13 March 2020 breaker halt: every kind of order is refused and nothing is recorded', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2020-03-13' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2020-03-13T09:45:00+05:30' });
      const state = await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`);
      expect(state.marketHalt?.phase).toBe('halt');
      const q = await quote(ctx, user, r.id, 'ITC');
      const limit = Math.floor(q.price * 0.99 * 20) / 20;
      for (const body of [
        { orderType: 'MARKET' },
        { orderType: 'LIMIT', price: limit },
        { orderType: 'STOP', triggerPrice: Math.ceil(q.price * 1.01 * 20) / 20 },
        { orderType: 'MARKET', product: 'MIS' },
      ]) {
        const res = await place(ctx, user, {
          symbol: 'ITC',
          type: 'BUY',
          quantity: 1,
          portfolioId: r.portfolioId,
          ...body,
        });
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
        expect(res.json().code).toBe('MARKET_HALTED');
      }
      const b = await book(ctx, user, r.id);
      expect(b.orders.filter((o) => o.status === 'PENDING' || o.status === 'FILLED')).toEqual([]);
      expect(b.figures).toMatchObject({ availableCash: 10_000, reserved: 0, totalValue: 10_000 });
    });

    it('idempotency: the same clientOrderId twice gives the same order and moves cash once', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const body = {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        portfolioId: r.portfolioId,
        clientOrderId: `probe-idem-${Date.now()}`,
      };
      const a = await place(ctx, user, body);
      const b = await place(ctx, user, body);
      expect(a.statusCode, a.body).toBe(201);
      expect(b.statusCode, b.body).toBeLessThan(300);
      expect(b.json().data.order.id).toBe(a.json().data.order.id);
      const p = await book(ctx, user, r.id);
      expect(p.orders.filter((o) => o.status === 'FILLED')).toHaveLength(1);
      expect(p.positions).toEqual([expect.objectContaining({ quantity: 2 })]);
      const order = a.json().data.order as Order;
      expect(paise(p.figures.availableCash)).toBe(paise(10_000) - paise(order.total!));
      // Parallel duplicates also collapse to one order.
      const key = `probe-idem-par-${Date.now()}`;
      const par = await Promise.all(
        Array.from({ length: 5 }, () => place(ctx, user, { ...body, clientOrderId: key })),
      );
      for (const res of par) expect(res.statusCode, res.body).toBeLessThan(300);
      expect(new Set(par.map((res) => res.json().data.order.id)).size).toBe(1);
      expect((await book(ctx, user, r.id)).positions[0]!.quantity).toBe(4);
    });

    it('a clientOrderId used in main does not answer an order in a replay (and vice versa)', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const key = `probe-cross-${Date.now()}`;
      const mainRes = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: key,
      });
      const mainBefore = await mainBalance(ctx, user);
      const replayRes = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: key,
        portfolioId: r.portfolioId,
      });
      // Either a fresh replay order, or a clear refusal: never main's order passed off as the replay's.
      if (replayRes.statusCode < 300) {
        if (mainRes.statusCode < 300)
          expect(replayRes.json().data.order.id).not.toBe(mainRes.json().data.order.id);
        const p = await book(ctx, user, r.id);
        expect(p.orders.map((o) => o.id)).toContain(replayRes.json().data.order.id);
      } else {
        expect(replayRes.statusCode).toBeLessThan(500);
      }
      expect(await mainBalance(ctx, user)).toBe(mainBefore);
      // And the reverse: a replay key reused in main.
      const key2 = `probe-cross2-${Date.now()}`;
      const inReplay = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: key2,
        portfolioId: r.portfolioId,
      });
      expect(inReplay.statusCode, inReplay.body).toBe(201);
      const inMain = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        clientOrderId: key2,
      });
      if (inMain.statusCode < 300)
        expect(inMain.json().data.order.id).not.toBe(inReplay.json().data.order.id);
      else expect(inMain.statusCode).toBeLessThan(500);
    });

    it('blind: the REAL symbol cannot be traded or looked up in the replay (no leak)', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04', blind: true });
      const res = await place(ctx, user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.body).not.toMatch(/Reliance Industries/i);
      expect(res.body).not.toContain('2024-06');
      const b = await book(ctx, user, r.id);
      expect(b.orders.filter((o) => o.status === 'FILLED' || o.status === 'PENDING')).toEqual([]);
      expect(JSON.stringify(b)).not.toMatch(/RELIANCE/);
      // The quote route under the replay must not price the real name either.
      const qres = await call(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${r.id}`);
      expect(qres.statusCode, qres.body).toBeGreaterThanOrEqual(400);
    });

    it('money: Total Value = Cash + Reserved + Holdings after a mix; main untouched; another user 404s', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const other = await signUp(ctx);
      const mainBefore = await mainBalance(ctx, user);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const q = await quote(ctx, user, r.id, 'ITC');
      const steps: Record<string, unknown>[] = [
        { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 5 },
        {
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'LIMIT',
          price: Math.floor(q.price * 0.97 * 20) / 20,
          quantity: 3,
        },
        { symbol: 'ITC', type: 'SELL', orderType: 'MARKET', quantity: 2 },
        { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', product: 'MIS', quantity: 2 },
      ];
      for (const s of steps) {
        const res = await place(ctx, user, { ...s, portfolioId: r.portfolioId });
        expect(res.statusCode, `${JSON.stringify(s)}: ${res.body}`).toBe(201);
        expectMoneyAddsUp(await book(ctx, user, r.id));
      }
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: 60 });
      const b = await book(ctx, user, r.id);
      expectMoneyAddsUp(b);
      const fees = b.orders.reduce((s, o) => s + paise(o.fees), 0);
      expect(paise(b.chargesPaid)).toBe(fees);
      expect(await mainBalance(ctx, user)).toBe(mainBefore);
      expect((await call(ctx, other, 'GET', `/api/replays/${r.id}/portfolio`)).statusCode).toBe(404);
      expect((await call(ctx, other, 'GET', `/api/replays/${r.id}`)).statusCode).toBe(404);
      expect((await call(ctx, other, 'POST', `/api/replays/${r.id}/finish`)).statusCode).toBe(404);
      expect((await call(ctx, other, 'POST', `/api/replays/${r.id}/step`, { minutes: 5 })).statusCode).toBe(
        404,
      );
      // Main's order list does not show the replay's orders.
      const mainOrders = await call(ctx, user, 'GET', '/api/orders/history?limit=100');
      expect(mainOrders.statusCode).toBe(200);
      const ids = new Set(b.orders.map((o) => o.id));
      expect(
        JSON.stringify(mainOrders.json())
          .match(/"id":"([^"]+)"/g)
          ?.some((m) => ids.has(m.slice(6, -1))) ?? false,
      ).toBe(false);
      // Another user cannot read one of the owner's replay orders.
      expect((await call(ctx, other, 'GET', `/api/orders/${b.orders[0]!.id}`)).statusCode).toBe(404);
      // Another user cannot cancel the owner's resting replay order.
      const resting = b.orders.find((o) => o.status === 'PENDING');
      if (resting) {
        const c = await call(ctx, other, 'POST', `/api/orders/cancel/${resting.id}`, {
          portfolioId: r.portfolioId,
        });
        expect(c.statusCode).toBe(404);
      }
    });

    it('finish with a resting limit: cancelled, reservation freed, cash = final value, score consistent; finish twice; order after', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const q = await quote(ctx, user, r.id, 'ITC');
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 4,
            portfolioId: r.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'SELL',
            orderType: 'MARKET',
            quantity: 1,
            portfolioId: r.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      const low = Math.max(Math.floor(q.price * 0.91 * 20) / 20, Math.ceil((q.lowerCircuit ?? 0) * 20) / 20);
      const rest = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: low,
        quantity: 5,
        portfolioId: r.portfolioId,
      });
      expect(rest.statusCode, rest.body).toBe(201);
      const restOrder = rest.json().data.order as Order;
      const mid = await book(ctx, user, r.id);
      expect(restOrder.status).toBe('PENDING');
      expect(mid.figures.reserved).toBeGreaterThan(0);

      const fin = await call(ctx, user, 'POST', `/api/replays/${r.id}/finish`);
      expect(fin.statusCode, fin.body).toBeLessThan(300);
      const score = (fin.json().data as Replay).score!;
      const end = await book(ctx, user, r.id);
      const limitAfter = end.orders.find((o) => o.id === restOrder.id)!;
      expect(limitAfter.status).toBe('CANCELLED');
      // Cancelling it again after the finish changes nothing.
      const c2 = await call(ctx, user, 'POST', `/api/orders/cancel/${restOrder.id}`, {
        portfolioId: r.portfolioId,
      });
      expect(c2.statusCode, c2.body).toBeLessThan(500);
      expect(c2.statusCode, c2.body).toBeGreaterThanOrEqual(400);
      expect(end.figures.reserved).toBe(0);
      expect(end.positions).toEqual([]);
      expect(end.figures.availableCash).toBe(score.finalValue);
      expect(end.figures.totalValue).toBe(score.finalValue);
      // returnPercent is finalValue against the start, to 2 decimals.
      expect(
        Math.abs(score.startingCash * (1 + score.returnPercent / 100) - score.finalValue),
      ).toBeLessThanOrEqual(score.startingCash * 0.00005 + 0.005);
      const fees = end.orders.reduce((s, o) => s + paise(o.fees), 0);
      expect(paise(score.chargesPaid)).toBe(fees);
      expect(score.trades).toHaveLength(end.orders.filter((o) => o.status === 'FILLED').length);
      // Cash-only: final value = start − charges + realised trading P&L; check with the fills.
      let cash = paise(score.startingCash);
      for (const o of end.orders.filter((x) => x.status === 'FILLED')) {
        const v = Math.round(o.executionPrice! * 100) * o.quantity;
        cash += o.side === 'BUY' ? -v - paise(o.fees) : v - paise(o.fees);
      }
      expect(cash).toBe(paise(score.finalValue));

      const again = await call(ctx, user, 'POST', `/api/replays/${r.id}/finish`);
      expect(again.statusCode, again.body).toBeLessThan(500);
      if (again.statusCode < 300) expect((again.json().data as Replay).score).toEqual(score);
      expect((await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`)).score).toEqual(score);
      const late = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: low,
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(late.statusCode, late.body).toBe(422);
      expect((await book(ctx, user, r.id)).figures.reserved).toBe(0);
      // A finished replay does not step or seek.
      expect(
        (await call(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: 1 })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    });

    it('step/seek never go backwards; past the end is refused or clamped to the close', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2024-06-04T11:00:00+05:30' });
      const back = await call(ctx, user, 'POST', `/api/replays/${r.id}/seek`, {
        time: '2024-06-04T10:00:00+05:30',
      });
      expect(back.statusCode, back.body).toBeGreaterThanOrEqual(400);
      expect(back.statusCode, back.body).toBeLessThan(500);
      const at = await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`);
      expect(Date.parse(at.clock)).toBe(Date.parse('2024-06-04T11:00:00+05:30'));
      for (const minutes of [0, -5]) {
        const s = await call(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes });
        expect(s.statusCode, s.body).toBe(400);
      }
      const past = await call(ctx, user, 'POST', `/api/replays/${r.id}/seek`, {
        time: '2024-06-09T11:00:00+05:30',
      });
      expect(past.statusCode, past.body).toBeLessThan(500);
      const now = await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`);
      expect(Date.parse(now.clock)).toBeLessThanOrEqual(Date.parse(now.endsAt));
      const big = await call(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: 1440 });
      expect(big.statusCode, big.body).toBeLessThan(500);
      const now2 = await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`);
      expect(Date.parse(now2.clock)).toBeLessThanOrEqual(Date.parse(now2.endsAt));
      // At the close, a market order cannot fill at a price after the session.
      const closed = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      if (closed.statusCode === 201) {
        const o = closed.json().data.order as Order;
        if (o.executedAt) expect(Date.parse(o.executedAt)).toBeLessThanOrEqual(Date.parse(now2.endsAt));
      }
    });

    it('a resting LIMIT sell fills exactly at its limit when the replay passes the day’s high', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const peek = await newReplay(ctx, user, { date: '2024-06-04' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${peek.id}/seek`, { time: '2024-06-04T15:30:00+05:30' });
      const bars = (
        await call(ctx, user, 'GET', `/api/live-charts/historical/ITC?period=1D&replayId=${peek.id}`)
      ).json() as { data: Candle[] };
      await ok(ctx, user, 'POST', `/api/replays/${peek.id}/finish`);
      const r = await newReplay(ctx, user, { date: '2024-06-04' }, 1);
      const q = await quote(ctx, user, r.id, 'ITC');
      const later = bars.data.filter((c) => c.time * 1000 >= Date.parse('2024-06-04T09:20:00+05:30'));
      const hi = Math.max(...later.map((c) => c.high));
      const hiAt = later.find((c) => c.high === hi)!.time * 1000;
      const limit = Math.floor((hi - 0.01) * 20) / 20;
      expect(limit, 'the later high must be above the 09:16 price').toBeGreaterThan(q.price);
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 3,
            portfolioId: r.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      const res = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'LIMIT',
        price: limit,
        quantity: 3,
        portfolioId: r.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json().data.order as Order).status).toBe('PENDING');
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, {
        time: new Date(hiAt + 120_000).toISOString(),
      });
      const b = await book(ctx, user, r.id);
      const sell = b.orders.find((o) => o.orderType === 'LIMIT')!;
      expect(sell).toMatchObject({ status: 'FILLED', executionPrice: limit });
      expect(Date.parse(sell.executedAt!)).toBeLessThanOrEqual(hiAt + 120_000);
      expect(b.positions).toEqual([]);
      expectMoneyAddsUp(b);
    });

    it('concurrency: 10 parallel market buys never overdraw, and each fill costs what it says', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const q = await quote(ctx, user, r.id, 'TCS');
      const qty = Math.max(1, Math.floor(10_000 / q.price / 4)); // about a quarter of the cash each
      const res = await Promise.all(
        Array.from({ length: 10 }, () =>
          place(ctx, user, {
            symbol: 'TCS',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: qty,
            portfolioId: r.portfolioId,
          }),
        ),
      );
      for (const x of res) expect(x.statusCode, x.body).toBeLessThan(500);
      const filled = res
        .filter((x) => x.statusCode === 201)
        .map((x) => x.json().data.order as Order)
        .filter((o) => o.status === 'FILLED');
      expect(filled.length).toBeGreaterThan(0);
      expect(filled.length).toBeLessThanOrEqual(4);
      const b = await book(ctx, user, r.id);
      expect(b.figures.availableCash).toBeGreaterThanOrEqual(0);
      expectMoneyAddsUp(b);
      let spent = 0;
      for (const o of filled) {
        expect(paise(o.total!)).toBe(Math.round(o.executionPrice! * 100) * o.quantity + paise(o.fees));
        spent += paise(o.total!);
      }
      expect(paise(b.figures.availableCash) + paise(b.figures.reserved)).toBe(paise(10_000) - spent);
      expect(b.positions[0]!.quantity).toBe(filled.length * qty);
    });

    it('GTT and alert with a replay portfolioId: judged on the replay, an OCO sell needs the shares held there', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const gtt = await call(ctx, user, 'POST', '/api/gtt', {
        symbol: 'ITC',
        kind: 'oco',
        side: 'SELL',
        quantity: 1,
        legs: [
          { triggerPrice: 300, limitPrice: 299.5 },
          { triggerPrice: 600, limitPrice: 599.5 },
        ],
        portfolioId: r.portfolioId,
      });
      expect(gtt.statusCode, gtt.body).toBe(400);
      expect(gtt.json().message).toMatch(/You hold no ITC shares/);
      const alert = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: 'ITC',
        condition: 'below',
        value: 100,
        portfolioId: r.portfolioId,
      });
      expect(alert.statusCode, alert.body).toBe(201);
      // Set at the replay's clock, not the wall time.
      const clock = (await call(ctx, user, 'GET', `/api/replays/${r.id}`)).json().data.clock as string;
      expect(alert.json().data.createdAt).toBe(clock);
      expect(clock.startsWith('2024-06-04T')).toBe(true);
      const list = await call(ctx, user, 'GET', `/api/gtt?portfolioId=${r.portfolioId}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.stringify(list.json())).not.toContain('"ITC"');
      const main = await call(ctx, user, 'GET', '/api/alerts');
      expect(JSON.stringify(main.json())).not.toContain('"ITC"');
    });

    it('a DAY limit in a 2-day replay expires at day 1’s close and frees its reservation; cancel frees too', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04', days: 2 });
      const q = await quote(ctx, user, r.id, 'ITC');
      const low = Math.max(Math.ceil(q.price * 0.92 * 20) / 20, Math.ceil((q.lowerCircuit ?? 0) * 20) / 20);
      const a = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: low,
        quantity: 2,
        portfolioId: r.portfolioId,
      });
      const c = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: low,
        quantity: 3,
        portfolioId: r.portfolioId,
      });
      expect(a.statusCode, a.body).toBe(201);
      expect(c.statusCode, c.body).toBe(201);
      const cid = (c.json().data.order as Order).id;
      const cancel = await call(ctx, user, 'POST', `/api/orders/cancel/${cid}`, {
        portfolioId: r.portfolioId,
      });
      expect(cancel.statusCode, cancel.body).toBeLessThan(300);
      const afterCancel = await book(ctx, user, r.id);
      expect(afterCancel.orders.find((o) => o.id === cid)!.status).toBe('CANCELLED');
      expect(paise(afterCancel.figures.reserved)).toBeLessThanOrEqual(Math.round(low * 100) * 2 + 10_000);
      expectMoneyAddsUp(afterCancel);
      const day2 = (r.dates ?? [])[1];
      expect(day2).toEqual(expect.any(String));
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: `${day2}T09:20:00+05:30` });
      const b = await book(ctx, user, r.id);
      const aid = (a.json().data.order as Order).id;
      const o = b.orders.find((x) => x.id === aid)!;
      // Unless it filled on day 1, it must have lapsed at day 1's close.
      if (o.status !== 'FILLED') {
        expect(o.status).toBe('EXPIRED');
        expect(b.figures.reserved).toBe(0);
        expect(b.figures.availableCash).toBe(10_000);
      }
      expectMoneyAddsUp(b);
    });

    it('a sell draws only on its own product; unknown portfolioId is 404', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 2,
            portfolioId: r.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      const misSell = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        product: 'MIS',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(misSell.statusCode, misSell.body).toBe(422);
      const b = await book(ctx, user, r.id);
      expect(b.positions).toEqual([expect.objectContaining({ symbol: 'ITC', quantity: 2, product: 'CNC' })]);
      const ghost = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: '00000000-0000-4000-8000-000000000000',
      });
      expect(ghost.statusCode, ghost.body).toBe(404);
      // Seek far ahead in time from another route cannot be used to look ahead: quote time <= clock.
      const q = await quote(ctx, user, r.id, 'ITC');
      expect(q.price).toBe(b.positions[0]!.price);
    });

    it('the other door, POST /api/virtual-money/buy|sell with a replay portfolioId, obeys the replay clock, prices and halt', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const mainBefore = await mainBalance(ctx, user);
      const r = await newReplay(ctx, user, { date: '2020-03-13' }, 0);
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2020-03-13T09:45:00+05:30' });
      const hq = await quote(ctx, user, r.id, 'ITC');
      const halted = await call(ctx, user, 'POST', '/api/virtual-money/buy', {
        stockSymbol: 'ITC',
        quantity: 1,
        price: hq.price,
        portfolioId: r.portfolioId,
        clientOrderId: `probe-vm-${Date.now()}`,
      });
      expect(halted.statusCode, halted.body).toBe(422);
      expect(halted.json().code).toBe('MARKET_HALTED');
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/seek`, { time: '2020-03-13T11:00:00+05:30' });
      const q = await quote(ctx, user, r.id, 'ITC');
      const bought = await call(ctx, user, 'POST', '/api/virtual-money/buy', {
        stockSymbol: 'ITC',
        quantity: 2,
        price: q.price,
        portfolioId: r.portfolioId,
        clientOrderId: `probe-vm2-${Date.now()}`,
      });
      expect(bought.statusCode, bought.body).toBeLessThan(300);
      const b = await book(ctx, user, r.id);
      const filled = b.orders.filter((o) => o.status === 'FILLED');
      expect(filled).toHaveLength(1);
      expect(filled[0]!.executionPrice).toBe(q.price);
      expect(Date.parse(filled[0]!.executedAt!)).toBeLessThanOrEqual(Date.parse('2020-03-13T11:00:00+05:30'));
      expect(Date.parse(filled[0]!.executedAt!)).toBeGreaterThanOrEqual(
        Date.parse('2020-03-13T10:59:00+05:30'),
      );
      const oversell = await call(ctx, user, 'POST', '/api/virtual-money/sell', {
        stockSymbol: 'ITC',
        quantity: 3,
        price: q.price,
        portfolioId: r.portfolioId,
        clientOrderId: `probe-vm3-${Date.now()}`,
      });
      expect(oversell.statusCode, oversell.body).toBe(422);
      expect(await mainBalance(ctx, user)).toBe(mainBefore);
      expectMoneyAddsUp(b);
    });

    it('10 parallel sells of 1 against 3 held: exactly 3 fill, never a negative position', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 3,
            portfolioId: r.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      const res = await Promise.all(
        Array.from({ length: 10 }, () =>
          place(ctx, user, {
            symbol: 'ITC',
            type: 'SELL',
            orderType: 'MARKET',
            quantity: 1,
            portfolioId: r.portfolioId,
          }),
        ),
      );
      for (const x of res) expect(x.statusCode, x.body).toBeLessThan(500);
      expect(res.filter((x) => x.statusCode === 201 && x.json().data.order.status === 'FILLED')).toHaveLength(
        3,
      );
      const b = await book(ctx, user, r.id);
      expect(b.positions).toEqual([]);
      expectMoneyAddsUp(b);
    });

    it('finish racing orders and a second finish: nothing opens after the close, cash = final value (5 rounds)', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      for (let round = 0; round < 5; round += 1) {
        const r = await newReplay(ctx, user, { date: '2024-06-04' });
        expect(
          (
            await place(ctx, user, {
              symbol: 'ITC',
              type: 'BUY',
              orderType: 'MARKET',
              quantity: 3,
              portfolioId: r.portfolioId,
            })
          ).statusCode,
        ).toBe(201);
        const racing = await Promise.all([
          call(ctx, user, 'POST', `/api/replays/${r.id}/finish`),
          place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 2,
            portfolioId: r.portfolioId,
          }),
          call(ctx, user, 'POST', `/api/replays/${r.id}/finish`),
          place(ctx, user, {
            symbol: 'INFY',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 1,
            portfolioId: r.portfolioId,
          }),
          place(ctx, user, {
            symbol: 'TCS',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 1,
            portfolioId: r.portfolioId,
          }),
        ]);
        for (const x of racing) expect(x.statusCode, x.body).toBeLessThan(500);
        const summary = racing.map((x) => `${x.statusCode} ${x.body.slice(0, 120)}`).join('\n');
        const done = await ok<Replay>(ctx, user, 'GET', `/api/replays/${r.id}`);
        expect(done.status).toBe('finished');
        const end = await book(ctx, user, r.id);
        const why = `round ${round} [${ctx.kind}]\n${summary}\nfigures ${JSON.stringify(end.figures).slice(0, 200)}\nscore.finalValue ${done.score!.finalValue}`;
        expect(end.positions, why).toEqual([]);
        expect(
          end.orders.filter((o) => o.status === 'PENDING'),
          why,
        ).toEqual([]);
        expect(end.figures.reserved, why).toBe(0);
        expect(end.figures.availableCash, why).toBe(done.score!.finalValue);
        expect(done.score!.trades, why).toHaveLength(end.orders.filter((o) => o.status === 'FILLED').length);
        // Both finish calls answer alike (the same score, or both refusals name the finished state).
        const fins = [racing[0]!, racing[2]!];
        for (const f of fins)
          if (f.statusCode < 300) expect((f.json().data as Replay).score, why).toEqual(done.score);
      }
    });

    it('two replays of one user are separate books', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const a = await newReplay(ctx, user, { date: '2024-06-04' });
      const b = await newReplay(ctx, user, { date: '2024-06-04' });
      expect(a.portfolioId).not.toBe(b.portfolioId);
      expect(
        (
          await place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 3,
            portfolioId: a.portfolioId,
          })
        ).statusCode,
      ).toBe(201);
      const sellInB = await place(ctx, user, {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: b.portfolioId,
      });
      expect(sellInB.statusCode, sellInB.body).toBe(422);
      const bb = await book(ctx, user, b.id);
      expect(bb.positions).toEqual([]);
      expect(bb.figures.availableCash).toBe(10_000);
    });

    it('blind: the order list, the order read and the CSV export of a blind replay do not leak the real name or date', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04', blind: true });
      const movers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=active&limit=1&replayId=${r.id}`,
      );
      const alias = movers[0]!.symbol;
      const res = await place(ctx, user, {
        symbol: alias,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data.order as Order;
      await ok(ctx, user, 'POST', `/api/replays/${r.id}/step`, { minutes: 1 });
      const seen: [string, number, string][] = [];
      for (const url of [
        `/api/orders/history?portfolioId=${r.portfolioId}&status=all`,
        `/api/orders/all?portfolioId=${r.portfolioId}`,
        `/api/orders/${order.id}?portfolioId=${r.portfolioId}`,
        `/api/orders/export?portfolioId=${r.portfolioId}`,
      ]) {
        const x = await call(ctx, user, 'GET', url);
        seen.push([url, x.statusCode, x.body]);
      }
      const fin = await ok<Replay>(ctx, user, 'POST', `/api/replays/${r.id}/finish`);
      const real = fin.score!.trades[0]!.symbol;
      expect(real).not.toBe(alias);
      // Nothing read before the finish may name the real stock or the real date.
      for (const [url, status, body] of seen) {
        if (status !== 200) continue;
        expect.soft(body, `GET ${url} before finish`).not.toMatch(new RegExp(`\\b${real}\\b`));
        expect.soft(body, `GET ${url} before finish`).not.toContain('2024-06-04');
      }
      // A second blind replay of the same day: its reads must not name the stock the first revealed
      // (the alias may map to another stock there, so this is only a check for that stock's name).
      const r2 = await newReplay(ctx, user, { date: '2024-06-04', blind: true });
      const res2 = await place(ctx, user, {
        symbol: alias,
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: r2.portfolioId,
      });
      if (res2.statusCode === 201) {
        for (const url of [
          `/api/orders/history?portfolioId=${r2.portfolioId}&status=all`,
          `/api/orders/all?portfolioId=${r2.portfolioId}`,
          `/api/orders/export?portfolioId=${r2.portfolioId}`,
          `/api/replays/${r2.id}/portfolio`,
          `/api/portfolios`,
        ]) {
          const x = await call(ctx, user, 'GET', url);
          if (x.statusCode !== 200) continue;
          expect.soft(x.body, `GET ${url} (second blind replay)`).not.toContain('2024-06-04');
        }
      }
    });

    it('one clientOrderId reused with a different body never places a second order', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const key = `probe-reuse-${Date.now()}`;
      const a = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        portfolioId: r.portfolioId,
        clientOrderId: key,
      });
      expect(a.statusCode, a.body).toBe(201);
      const b = await place(ctx, user, {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 5,
        portfolioId: r.portfolioId,
        clientOrderId: key,
      });
      expect(b.statusCode, b.body).toBeLessThan(500);
      if (b.statusCode < 300) expect(b.json().data.order.id).toBe(a.json().data.order.id);
      const p = await book(ctx, user, r.id);
      expect(p.positions).toEqual([expect.objectContaining({ quantity: 2 })]);
    });

    it('10 parallel resting LIMIT buys never reserve more than the cash', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const r = await newReplay(ctx, user, { date: '2024-06-04' });
      const q = await quote(ctx, user, r.id, 'ITC');
      const limit = Math.max(Math.ceil(q.price * 0.93 * 20) / 20, Math.ceil((q.lowerCircuit ?? 0) * 20) / 20);
      const qty = Math.floor(10_000 / limit / 3);
      const res = await Promise.all(
        Array.from({ length: 10 }, () =>
          place(ctx, user, {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'LIMIT',
            price: limit,
            quantity: qty,
            portfolioId: r.portfolioId,
          }),
        ),
      );
      for (const x of res) expect(x.statusCode, x.body).toBeLessThan(500);
      const accepted = res.filter((x) => x.statusCode === 201);
      expect(accepted.length).toBeLessThanOrEqual(3);
      const b = await book(ctx, user, r.id);
      expect(b.figures.availableCash).toBeGreaterThanOrEqual(0);
      expect(b.figures.reserved).toBeLessThanOrEqual(10_000);
      expectMoneyAddsUp(b);
    });
  },
  { now: () => wall.now },
);
