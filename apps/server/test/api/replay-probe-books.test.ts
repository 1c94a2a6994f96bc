import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';
import * as probe from './replay-probe.fixtures.js';

const { book, call, expectMoneyAddsUp, mainBalance, newReplay, ok, paise, place, quote, wall } = probe;

describeEachDb(
  'replay trading, probed as a hostile or careless client: the replay’s own books, apart from main and other users',
  (context) => {
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
  },
  { now: () => wall.now },
);
