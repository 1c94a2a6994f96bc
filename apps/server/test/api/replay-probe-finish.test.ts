import { expect, it } from 'vitest';
import type { Order, Replay } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, call, newReplay, ok, paise, place, quote, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: stepping, seeking and finishing',
  (context) => {
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
  },
  { now: () => wall.now },
);
