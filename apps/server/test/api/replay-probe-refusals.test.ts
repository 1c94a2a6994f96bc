import { expect, it } from 'vitest';
import type { Order, Replay } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, expectMoneyAddsUp, newReplay, ok, place, quote, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: orders it must refuse',
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
  },
  { now: () => wall.now },
);
