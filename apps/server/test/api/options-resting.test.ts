import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { foCharges, optionChainResponseSchema, rupeesToPaise, type Order } from '@nivesh/shared';
import { place, type User } from '../support/orders.js';
import { account, atmRow, expectIntegrity, foPosition, order, trader } from '../support/options.js';
import { describeEachDb, testConfig, type TestContext } from '../support/test-app.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
// Thursday 26 November 2026 on NSE hours; the nearest NIFTY weekly is Tuesday 1 December.
const clock = { now: ist('2026-11-26T10:30:00') };
const TODAY = '2026-11-26';
const paise = (rupees: number) => rupeesToPaise(rupees);

/** One contract's quote at the clock now, from the chain a user reads. */
async function quoteOf(ctx: TestContext, user: User, symbol: string) {
  const res = await ctx.request({
    method: 'GET',
    url: '/api/options/chain?underlying=NIFTY&expiry=2026-12-01&strikes=40',
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const chain = optionChainResponseSchema.parse(res.json()).data;
  for (const row of chain.strikes) {
    if (row.call.tradingsymbol === symbol) return row.call;
    if (row.put.tradingsymbol === symbol) return row.put;
  }
  throw new Error(`${symbol} is not near the money any more`);
}

async function orderRow(ctx: TestContext, id: string) {
  const [row] = await ctx.rows<{
    status: string;
    reserved: string;
    price: string | null;
    reason: string | null;
  }>(
    sql`select status, reserved_paise::text as reserved, execution_price_paise::text as price,
               status_reason as reason from orders where id = ${id}`,
  );
  return row!;
}

const cancel = (ctx: TestContext, user: User, id: string) =>
  ctx.request({ method: 'POST', url: `/api/orders/cancel/${id}`, token: user.token, payload: {} });

const modify = (ctx: TestContext, user: User, id: string, payload: Record<string, unknown>) =>
  ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, token: user.token, payload });

describeEachDb(
  'options: resting limits and the MIS square-off',
  (ctx) => {
    it('a buy limit under the ask rests holding its premium and charges in Reserved; a cancel gives them back', async () => {
      clock.now = ist(`${TODAY}T10:30:00`);
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const before = await account(ctx(), user);
      const limit = Math.round((atm.call.ask - 20) * 100) / 100;
      const res = await place(
        ctx(),
        user,
        order(atm.call.tradingsymbol, 'BUY', 65, { orderType: 'LIMIT', price: limit }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const resting = res.json().data.order as Order;
      expect(resting.status).toBe('PENDING');
      // A long option adds no SPAN margin: it holds the premium at the limit and the charges there.
      const value = paise(limit) * 65n;
      const held = value + foCharges({ kind: 'option', side: 'BUY', valuePaise: value, isoDay: TODAY }).total;
      expect(await account(ctx(), user)).toEqual({ ...before, reserved: before.reserved + held });
      expect(await foPosition(ctx(), user, atm.call.tradingsymbol)).toBeUndefined();
      await expectIntegrity(ctx());

      const cancelled = await cancel(ctx(), user, resting.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await orderRow(ctx(), resting.id)).status).toBe('CANCELLED');
      expect(await account(ctx(), user)).toEqual(before);
      await expectIntegrity(ctx());
    });

    it('the F&O matcher fills a resting buy at the ask once the ask comes down to its limit, never above it', async () => {
      clock.now = ist(`${TODAY}T10:30:00`);
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const symbol = atm.put.tradingsymbol;
      const limit = Math.round((atm.put.ask - 1) * 100) / 100;
      const res = await place(ctx(), user, order(symbol, 'BUY', 65, { orderType: 'LIMIT', price: limit }));
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json().data.order as Order).id;
      // Minute by minute through the session on the seeded market: the round fills it the first
      // minute the ask is at or under the limit, and not before.
      let filledAt: number | undefined;
      for (let minute = 1; minute <= 295 && filledAt === undefined; minute++) {
        clock.now = ist(`${TODAY}T10:30:00`) + minute * 60_000;
        const ask = (await quoteOf(ctx(), user, symbol)).ask;
        const round = await ctx().app.foOrders.runOnce();
        const row = await orderRow(ctx(), id);
        if (ask > limit) {
          expect(row.status).toBe('PENDING');
          expect(round.match.filled).toBe(0);
        } else {
          expect(row.status).toBe('FILLED');
          expect(BigInt(row.price!)).toBe(paise(ask));
          filledAt = minute;
        }
      }
      expect(filledAt, 'the ask never reached the limit in the session').toBeDefined();
      const after = await account(ctx(), user);
      expect(after.reserved).toBe(0n);
      expect(await foPosition(ctx(), user, symbol)).toMatchObject({ quantity: 65 });
      await expectIntegrity(ctx());
    });

    it('a sell limit above the bid holds the margin its fill would add, and expires at 15:30 with the reservation back', async () => {
      clock.now = ist(`${TODAY}T14:00:00`);
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const before = await account(ctx(), user);
      const limit = Math.round((atm.put.bid + 50) * 100) / 100;
      const margin = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token: user.token,
        payload: { legs: [{ tradingsymbol: atm.put.tradingsymbol, side: 'SELL', quantity: 65 }] },
      });
      const m = margin.json().data as { span: number; exposure: number };
      const res = await place(
        ctx(),
        user,
        order(atm.put.tradingsymbol, 'SELL', 65, { orderType: 'LIMIT', price: limit }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json().data.order as Order).id;
      const value = paise(limit) * 65n;
      const fees = foCharges({ kind: 'option', side: 'SELL', valuePaise: value, isoDay: TODAY }).total;
      const held = paise(m.span) + paise(m.exposure) + fees;
      expect((await account(ctx(), user)).reserved).toBe(before.reserved + held);

      clock.now = ist(`${TODAY}T15:29:59`);
      expect((await ctx().app.foOrders.runOnce()).match.expired).toBe(0);
      clock.now = ist(`${TODAY}T15:30:00`);
      expect((await ctx().app.foOrders.runOnce()).match.expired).toBe(1);
      expect(await orderRow(ctx(), id)).toMatchObject({ status: 'EXPIRED', reserved: '0' });
      expect(await account(ctx(), user)).toEqual(before);
      await expectIntegrity(ctx());
    });

    it('modify: a lot-off quantity is refused and the order untouched; a limit moved to the ask fills at once', async () => {
      clock.now = ist(`${TODAY}T11:00:00`);
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const limit = Math.round((atm.call.ask - 10) * 100) / 100;
      const res = await place(
        ctx(),
        user,
        order(atm.call.tradingsymbol, 'BUY', 65, { orderType: 'LIMIT', price: limit }),
      );
      const id = (res.json().data.order as Order).id;
      const held = await account(ctx(), user);

      const off = await modify(ctx(), user, id, { quantity: 100 });
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toMatch(/lots of 65/);
      const offTick = await modify(ctx(), user, id, { price: limit + 0.01 });
      expect(offTick.statusCode).toBe(400);
      expect(await account(ctx(), user)).toEqual(held);

      const bigger = await modify(ctx(), user, id, { quantity: 130 });
      expect(bigger.statusCode, bigger.body).toBe(200);
      expect((await account(ctx(), user)).reserved).toBeGreaterThan(held.reserved);

      const moved = await modify(ctx(), user, id, { price: atm.call.ask });
      expect(moved.statusCode, moved.body).toBe(200);
      const filled = moved.json().data as Order;
      expect(filled.status).toBe('FILLED');
      expect(filled.executionPrice).toBe(atm.call.ask);
      expect(await foPosition(ctx(), user, atm.call.tradingsymbol)).toMatchObject({ quantity: 130 });
      expect((await account(ctx(), user)).reserved).toBe(0n);
      await expectIntegrity(ctx());
    });

    it('another user cannot modify or cancel an F&O order; bad modify input is a 400; a filled order is not modified', async () => {
      clock.now = ist(`${TODAY}T11:30:00`);
      const owner = await trader(ctx());
      const other = await trader(ctx());
      const atm = await atmRow(ctx(), owner);
      const limit = Math.round((atm.call.ask - 10) * 100) / 100;
      const res = await place(
        ctx(),
        owner,
        order(atm.call.tradingsymbol, 'BUY', 65, { orderType: 'LIMIT', price: limit }),
      );
      const id = (res.json().data.order as Order).id;
      const held = await account(ctx(), owner);
      expect((await modify(ctx(), other, id, { price: limit - 1 })).statusCode).toBe(404);
      expect((await cancel(ctx(), other, id)).statusCode).toBe(404);
      for (const payload of [
        { price: 'abc' },
        { price: -5 },
        { quantity: 0 },
        { quantity: 6.5 },
        { triggerPrice: 100 },
      ])
        expect((await modify(ctx(), owner, id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      expect(await orderRow(ctx(), id)).toMatchObject({
        status: 'PENDING',
        reserved: held.reserved.toString(),
      });
      const market = await place(ctx(), owner, order(atm.call.tradingsymbol, 'BUY', 65));
      const filledId = (market.json().data.order as Order).id;
      expect((await modify(ctx(), owner, filledId, { quantity: 130 })).statusCode).toBe(422);
      expect((await cancel(ctx(), owner, filledId)).statusCode).toBe(422);
      await expectIntegrity(ctx());
    });

    it('MIS: squared off at 15:25 at the bid with the ₹59 line, its resting limit cancelled, NRML kept; no new MIS after', async () => {
      clock.now = ist(`${TODAY}T11:00:00`);
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const call = atm.call.tradingsymbol;
      const put = atm.put.tradingsymbol;
      const bought = await place(ctx(), user, order(call, 'BUY', 65, { product: 'MIS' }));
      expect(bought.statusCode, bought.body).toBe(201);
      const paid = (bought.json().data.order as Order).executionPrice!;
      expect((await place(ctx(), user, order(put, 'BUY', 65))).statusCode).toBe(201);
      // A resting MIS limit placed a minute before the cut-off, well under the ask.
      clock.now = ist(`${TODAY}T15:24:00`);
      const limit = Math.round(((await quoteOf(ctx(), user, put)).ask - 15) * 100) / 100;
      const restingMis = await place(
        ctx(),
        user,
        order(put, 'BUY', 65, { product: 'MIS', orderType: 'LIMIT', price: limit }),
      );
      const restingId = (restingMis.json().data.order as Order).id;
      expect((await orderRow(ctx(), restingId)).status).toBe('PENDING');

      clock.now = ist(`${TODAY}T15:24:59`);
      const early = await ctx().app.foOrders.runOnce();
      expect(early.squareOff).toMatchObject({ cancelled: 0, squaredOff: 0 });
      expect(early.match.filled).toBe(0);

      clock.now = ist(`${TODAY}T15:25:00`);
      const bid = (await quoteOf(ctx(), user, call)).bid;
      const cut = await ctx().app.foOrders.runOnce();
      expect(cut.squareOff).toMatchObject({ cancelled: 1, squaredOff: 1 });
      expect(await orderRow(ctx(), restingId)).toMatchObject({ status: 'CANCELLED', reserved: '0' });
      expect(await foPosition(ctx(), user, call)).toMatchObject({
        quantity: 0,
        realised: ((paise(bid) - paise(paid)) * 65n).toString(),
      });
      expect(await foPosition(ctx(), user, put)).toMatchObject({ quantity: 65 });
      const [closing] = await ctx().rows<{ side: string; price: string; squareOff: string; product: string }>(
        sql`select o.side, f.price_paise::text as price, f.square_off_charge_paise::text as "squareOff", o.product
            from orders o join fills f on f.order_id = o.id
            where o.user_id = ${user.user.id} and o.client_order_id like 'fo-square-off:%'`,
      );
      expect(closing).toEqual({
        side: 'SELL',
        price: paise(bid).toString(),
        squareOff: '5900',
        product: 'MIS',
      });
      const [line] = await ctx().rows<{ amount: string }>(
        sql`select amount_paise::text as amount from ledger_entries
            where user_id = ${user.user.id} and kind = 'FEE_SQUARE_OFF'`,
      );
      expect(line).toEqual({ amount: '-5900' });
      // A second round finds nothing left to do.
      expect((await ctx().app.foOrders.runOnce()).squareOff).toMatchObject({ cancelled: 0, squaredOff: 0 });

      clock.now = ist(`${TODAY}T15:26:00`);
      const late = await place(ctx(), user, order(call, 'BUY', 65, { product: 'MIS' }));
      expect(late.statusCode).toBe(422);
      expect(late.json().code).toBe('MIS_CUTOFF_PASSED');
      expect(late.json().message).toMatch(/Intraday \(MIS\) F&O orders closed at the cut-off/);
      expect((await place(ctx(), user, order(call, 'BUY', 65))).statusCode).toBe(201);
      await expectIntegrity(ctx());
    });
  },
  { now: () => clock.now, config: { market: { ...testConfig().market, session: 'nse' } } },
);
