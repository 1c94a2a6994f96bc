import { expect, it } from 'vitest';
import type { Candle, Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, call, expectMoneyAddsUp, newReplay, ok, paise, place, quote, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: resting orders fill or lapse on the replay clock',
  (context) => {
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
  },
  { now: () => wall.now },
);
