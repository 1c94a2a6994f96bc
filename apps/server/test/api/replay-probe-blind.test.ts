import { expect, it } from 'vitest';
import type { Order, Quote, Replay } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, call, newReplay, ok, place, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: a blind replay leaks no real name or date',
  (context) => {
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
  },
  { now: () => wall.now },
);
