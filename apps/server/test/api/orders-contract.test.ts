import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { STARTING_BALANCE_PAISE } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { expectBooksBalance, key, place, quote } from '../support/orders.js';
import { fixedMarketClock, orderCount } from './orders.fixtures.js';

describeEachDb(
  'orders: the API contract (field-named 400s, refused retries, documented routes)',
  (ctx) => {
    it('concurrent retries of a refused order all get the same 422 and leave one REJECTED row', async () => {
      const user = await signUp(ctx());
      const quantity = Math.ceil(20_000 / (await quote(ctx(), user, 'RELIANCE')));
      const body = { symbol: 'RELIANCE', type: 'BUY', orderType: 'MARKET', quantity, clientOrderId: key() };
      const results = await Promise.all(Array.from({ length: 6 }, () => place(ctx(), user, body)));
      const messages = new Set(results.map((r) => `${r.statusCode} ${r.json().message}`));
      expect([...messages]).toHaveLength(1);
      expect([...messages][0]).toMatch(
        /^422 Insufficient balance\. Required: ₹[\d,]+\.\d{2}, Available: ₹10,000\.00$/,
      );
      const rows = await ctx().rows<{ status: string; reason: string }>(
        sql`select status, status_reason as reason from orders where user_id = ${user.user.id}`,
      );
      expect(rows).toEqual([{ status: 'REJECTED', reason: results[0]!.json().message }]);
      // Reusing the refused key for another order is still a 422 of its own kind.
      const other = await place(ctx(), user, { ...body, quantity: 1 });
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('This clientOrderId was already used for a different order');
      expect(await expectBooksBalance(ctx(), user.user.id)).toMatchObject({
        balance: STARTING_BALANCE_PAISE,
        entries: 1,
      });
    });

    it('documents every order route in the OpenAPI document', async () => {
      const doc = (await ctx().request({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(doc.paths['/api/orders/{id}']!)).toEqual(
        expect.arrayContaining(['get', 'patch', 'delete']),
      );
      for (const path of [
        '/api/orders/place',
        '/api/orders/preview',
        '/api/virtual-money/buy',
        '/api/virtual-money/sell',
        '/api/orders/cancel/{id}',
      ]) {
        expect(doc.paths[path], path).toHaveProperty('post');
      }
      for (const path of ['/api/orders/all', '/api/orders/history', '/api/orders/export'])
        expect(doc.paths[path], path).toHaveProperty('get');
    });

    it('rejects placements that break the contract with 400s that name the field', async () => {
      const user = await signUp(ctx());
      const bad = [
        [{ symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1 }, 'price'],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'STOP', quantity: 1 }, 'triggerPrice'],
        [
          { symbol: 'TCS', type: 'BUY', orderType: 'STOP', quantity: 1, triggerPrice: 1000.01 },
          'triggerPrice',
        ],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1, price: -1 }, 'price'],
        [{ symbol: 'TCS', type: 'BUY', quantity: 1, validity: 'IOC' }, 'validity'],
        [{ symbol: 'TCS', type: 'BUY', orderType: 'ICEBERG', quantity: 1 }, 'orderType'],
        [{ symbol: 'TCS', type: 'BUY', quantity: 2_000_000 }, 'quantity'],
        [{ symbol: 'bad symbol!', type: 'BUY', quantity: 1 }, 'symbol'],
      ] as const;
      for (const [payload, field] of bad) {
        const res = await place(ctx(), user, { clientOrderId: key(), ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors[field], JSON.stringify(payload)).toBeDefined();
      }
      expect(await orderCount(ctx(), user.user.id)).toBe(0);
    });
  },
  fixedMarketClock,
);
