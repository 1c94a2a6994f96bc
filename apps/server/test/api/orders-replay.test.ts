import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  STARTING_BALANCE_PAISE,
  computeFees,
  paiseToRupees,
  roundToTick,
  rupeesToPaise,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp, testConfig, type TestContext } from '../support/test-app.js';
import {
  expectBooksBalance,
  filled,
  key,
  money,
  place,
  quote,
  type User,
  quoteBand,
} from '../support/orders.js';

/** The market clock the app reads; each test sets it. */
const clock = { now: 0 };
// A Tuesday, 11:30 IST: the NSE session is open.
const TUESDAY = Date.parse('2026-11-24T06:00:00Z');
// A Saturday, 11:30 IST: closed until Monday's open.
const SATURDAY = Date.parse('2026-11-28T06:00:00Z');
const DIFFERENT_ORDER = 'This clientOrderId was already used for a different order';

const buyReserve = (pricePaise: bigint, quantity: number) => {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
};

function patch(ctx: TestContext, user: User, id: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, token: user.token, payload });
}

function virtualTrade(ctx: TestContext, user: User, side: 'buy' | 'sell', payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: `/api/virtual-money/${side}`, token: user.token, payload });
}

async function orderRows(ctx: TestContext, userId: string) {
  return ctx.rows<{ id: string; status: string; quantity: number; fingerprint: string | null }>(
    sql`select id, status, quantity, request_fingerprint as fingerprint from orders where user_id = ${userId} order by created_at, id`,
  );
}

describeEachDb(
  'orders: a retry replays the first order even after PATCH changed it',
  (ctx) => {
    it('LIMIT placed, then re-sized and re-priced: the original body replays the order as it is now; any other body is a 422', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      const other = await signUp(ctx());
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const limit = at(0.9);
      const body = {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: limit,
        quantity: 5,
        clientOrderId: key(),
      };
      const first = await place(ctx(), user, body);
      expect(first.statusCode, first.body).toBe(201);
      const order = first.json().data.order as Order;
      expect(order).toMatchObject({ status: 'PENDING', quantity: 5, limitPrice: limit });

      const newLimit = at(0.85);
      const modified = await patch(ctx(), user, order.id, { quantity: 8, price: newLimit });
      expect(modified.statusCode, modified.body).toBe(200);

      const retry = await place(ctx(), user, body);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.order).toMatchObject({
        id: order.id,
        clientOrderId: body.clientOrderId,
        status: 'PENDING',
        quantity: 8,
        limitPrice: newLimit,
        reserved: paiseToRupees(buyReserve(rupeesToPaise(newLimit), 8)),
      });
      // The same request spelled differently is still the same request.
      const respelled = await place(ctx(), user, { ...body, symbol: 'itc.ns', validity: 'DAY' });
      expect(respelled.statusCode, respelled.body).toBe(200);
      expect(respelled.json().data.order.id).toBe(order.id);

      // A body that matches the order's current terms is not the request that placed it.
      for (const changed of [
        { ...body, quantity: 8, price: newLimit },
        { ...body, quantity: 8 },
        { ...body, price: newLimit },
        { ...body, type: 'SELL' },
        { ...body, product: 'MIS' },
        { ...body, symbol: 'TCS' },
        { ...body, orderType: 'MARKET', price: undefined },
      ]) {
        const res = await place(ctx(), user, changed);
        expect(res.statusCode, JSON.stringify(changed)).toBe(422);
        expect(res.json().message).toBe(DIFFERENT_ORDER);
      }

      // Another user's use of the same key is their own, unrelated order.
      const theirs = await place(ctx(), other, body);
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(theirs.json().data.order.id).not.toBe(order.id);

      const rows = await orderRows(ctx(), user.user.id);
      expect(rows).toEqual([
        { id: order.id, status: 'PENDING', quantity: 8, fingerprint: expect.any(String) },
      ]);
      const m = await expectBooksBalance(ctx(), user.user.id);
      expect(m).toMatchObject({
        balance: STARTING_BALANCE_PAISE,
        reserved: buyReserve(rupeesToPaise(newLimit), 8),
        entries: 1,
      });
    });

    it('a STOP whose trigger moved, and one later cancelled, still replay to their current state', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4 });
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const body = {
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'STOP',
        // Inside ITC's ±10% operating range, so the two triggers stay apart.
        triggerPrice: at(0.95),
        quantity: 2,
        validity: 'DAY',
        clientOrderId: key(),
      };
      const first = await place(ctx(), user, body);
      expect(first.statusCode, first.body).toBe(201);
      const stop = first.json().data.order as Order;
      const moved = at(0.92);
      expect(moved).not.toBe(body.triggerPrice);
      expect((await patch(ctx(), user, stop.id, { triggerPrice: moved, quantity: 3 })).statusCode).toBe(200);

      const retry = await place(ctx(), user, body);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.order).toMatchObject({
        id: stop.id,
        status: 'PENDING',
        triggerPrice: moved,
        quantity: 3,
      });
      expect((await place(ctx(), user, { ...body, triggerPrice: moved })).statusCode).toBe(422);

      const cancel = await ctx().request({
        method: 'POST',
        url: `/api/orders/cancel/${stop.id}`,
        token: user.token,
        payload: {},
      });
      expect(cancel.statusCode).toBe(200);
      const afterCancel = await place(ctx(), user, body);
      expect(afterCancel.statusCode).toBe(200);
      expect(afterCancel.json().data.order).toMatchObject({
        id: stop.id,
        status: 'CANCELLED',
        triggerPrice: moved,
        quantity: 3,
      });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('stores the fingerprint on every kind of placement: filled at once, resting, and refused', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      const { price, at } = await quoteBand(ctx(), user, 'INFY');
      const market = { symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 1, clientOrderId: key() };
      const resting = {
        symbol: 'INFY',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.5),
        quantity: 1,
        clientOrderId: key(),
      };
      const refused = {
        symbol: 'INFY',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: Math.ceil(20_000 / price),
        clientOrderId: key(),
      };
      expect((await place(ctx(), user, market)).statusCode).toBe(201);
      expect((await place(ctx(), user, resting)).statusCode).toBe(201);
      const no = await place(ctx(), user, refused);
      expect(no.statusCode).toBe(422);
      expect(no.json().message).toMatch(/^Insufficient balance/);

      const rows = await orderRows(ctx(), user.user.id);
      expect(rows.map((r) => r.status)).toEqual(['FILLED', 'PENDING', 'REJECTED']);
      for (const row of rows) expect(row.fingerprint).toMatch(/^\["v1","INFY","BUY",/);
      expect(new Set(rows.map((r) => r.fingerprint)).size).toBe(3);

      // Each replays: the fill and the resting order as 200s, the refusal as the same 422.
      expect((await place(ctx(), user, market)).statusCode).toBe(200);
      expect((await place(ctx(), user, resting)).statusCode).toBe(200);
      const again = await place(ctx(), user, refused);
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe(no.json().message);
      expect(await orderRows(ctx(), user.user.id)).toHaveLength(3);
    });

    it('virtual-money: a trade queued while closed, then re-sized, replays on retry; its key cannot be reused for another order', async () => {
      clock.now = SATURDAY;
      const user = await signUp(ctx());
      const last = await quote(ctx(), user, 'RELIANCE');
      const body = { stockSymbol: 'RELIANCE', quantity: 2, price: last, clientOrderId: key() };
      const first = await virtualTrade(ctx(), user, 'buy', body);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().message).toBe('Market closed: buy order for 2 RELIANCE queued for the next open');
      const queued = first.json().data.order as Order;
      expect(queued).toMatchObject({ status: 'PENDING', orderType: 'MARKET', quantity: 2 });

      expect((await patch(ctx(), user, queued.id, { quantity: 3 })).statusCode).toBe(200);
      const retry = await virtualTrade(ctx(), user, 'buy', body);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().message).toBe('Market closed: buy order for 3 RELIANCE queued for the next open');
      expect(retry.json().data.order).toMatchObject({
        id: queued.id,
        status: 'PENDING',
        quantity: 3,
        reserved: paiseToRupees(buyReserve(rupeesToPaise(last), 3)),
      });
      // The price the user saw guards the trade; it is not part of it, so a retry that re-read
      // the quote (even one that would now be refused as stale) still gets the first trade.
      const stale = await virtualTrade(ctx(), user, 'buy', { ...body, price: roundToTick(last * 1.05) });
      expect(stale.statusCode, stale.body).toBe(200);
      expect(stale.json().data.order.id).toBe(queued.id);
      // The same market order placed through /api/orders/place is the same request.
      const viaPlace = await place(ctx(), user, {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        validity: 'DAY',
        clientOrderId: body.clientOrderId,
      });
      expect(viaPlace.statusCode, viaPlace.body).toBe(200);
      expect(viaPlace.json().data.order.id).toBe(queued.id);

      for (const res of [
        await virtualTrade(ctx(), user, 'buy', { ...body, quantity: 3 }),
        await virtualTrade(ctx(), user, 'sell', body),
        await virtualTrade(ctx(), user, 'buy', { ...body, stockSymbol: 'TCS' }),
        await place(ctx(), user, {
          symbol: 'RELIANCE',
          type: 'BUY',
          orderType: 'LIMIT',
          price: last,
          quantity: 2,
          clientOrderId: body.clientOrderId,
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toBe(DIFFERENT_ORDER);
      }
      expect(await orderRows(ctx(), user.user.id)).toEqual([
        { id: queued.id, status: 'PENDING', quantity: 3, fingerprint: expect.any(String) },
      ]);
      expect(await money(ctx(), user.user.id)).toMatchObject({
        balance: STARTING_BALANCE_PAISE,
        reserved: buyReserve(rupeesToPaise(last), 3),
      });
    });

    it('an order stored before fingerprints falls back to comparing its current terms', async () => {
      clock.now = TUESDAY;
      const user = await signUp(ctx());
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const body = {
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.8),
        quantity: 5,
        clientOrderId: key(),
      };
      const order = (await place(ctx(), user, body)).json().data.order as Order;
      await ctx().rows(sql`update orders set request_fingerprint = null where id = ${order.id}`);

      const same = await place(ctx(), user, body);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data.order.id).toBe(order.id);
      expect((await place(ctx(), user, { ...body, quantity: 6 })).statusCode).toBe(422);
      // Without the original request on record, only the current terms can match.
      expect((await patch(ctx(), user, order.id, { quantity: 6 })).statusCode).toBe(200);
      expect((await place(ctx(), user, { ...body, quantity: 6 })).statusCode).toBe(200);
      expect((await place(ctx(), user, body)).statusCode).toBe(422);
    });
  },
  { now: () => clock.now, config: { market: { ...testConfig().market, session: 'nse' } } },
);
