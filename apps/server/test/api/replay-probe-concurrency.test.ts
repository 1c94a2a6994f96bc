import { expect, it } from 'vitest';
import type { Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, expectMoneyAddsUp, newReplay, paise, place, quote, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: parallel orders',
  (context) => {
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
