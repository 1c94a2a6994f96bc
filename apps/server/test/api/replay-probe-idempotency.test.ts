import { expect, it } from 'vitest';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, mainBalance, newReplay, paise, place, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: clientOrderId idempotency',
  (context) => {
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
  },
  { now: () => wall.now },
);
