import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dayNumberToDate, istDayNumber, orderRefusalSchema } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { key, quote, quoteBand, type User } from '../support/orders.js';
import { createClassAs, joinClassAs } from '../support/classes.js';

/** Class rules (issue 26 §Rules): each refused before anything is reserved, and allowed. */

const NOW = Date.now();
const today = istDayNumber(NOW);
const day = (offset: number) => dayNumberToDate(today + offset);

async function classWith(
  ctx: TestContext,
  rules: Record<string, unknown>,
  dates = { startDate: day(0), endDate: day(30) },
) {
  const student = await signUp(ctx);
  const cls = await createClassAs(ctx, await signUp(ctx), rules, dates);
  return { student, portfolioId: await joinClassAs(ctx, student, cls) };
}

function order(ctx: TestContext, user: User, portfolioId: string | undefined, body: Record<string, unknown>) {
  return ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: {
      clientOrderId: key(),
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 1,
      ...body,
      ...(portfolioId ? { portfolioId } : {}),
    },
  });
}

/** Orders and reservations of the user: a refusal must leave both as they were. */
async function footprint(ctx: TestContext, userId: string) {
  const [row] = await ctx.rows<{ orders: number; reserved: string }>(
    sql`select (select count(*)::int from orders where user_id = ${userId}) as orders,
               (select coalesce(sum(reserved_paise), 0)::text from cash_accounts where user_id = ${userId}) as reserved`,
  );
  return row!;
}

async function expectClassRule(
  ctx: TestContext,
  user: User,
  res: Awaited<ReturnType<typeof order>>,
  message: string | RegExp,
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = orderRefusalSchema.parse(res.json());
  expect(body.code).toBe('CLASS_RULE');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

describeEachDb(
  'class rules',
  (ctx) => {
    it('maxPositionPercent: refused with the cap in the message and the largest allowed quantity, which then fills', async () => {
      const { student, portfolioId } = await classWith(ctx(), { maxPositionPercent: 20 });
      const price = await quote(ctx(), student, 'ITC');
      const before = await footprint(ctx(), student.user.id);
      const tooMany = Math.ceil(12_000 / price);
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC', quantity: tooMany });
      const body = await expectClassRule(
        ctx(),
        student,
        res,
        /^Positions are capped at 20% of your class portfolio/,
      );
      expect(await footprint(ctx(), student.user.id)).toEqual(before);
      const largest = (body.suggestion as { quantity: number }).quantity;
      expect(largest * price).toBeLessThanOrEqual(10_000);
      expect((largest + 1) * price).toBeGreaterThan(10_000);
      const ok = await order(ctx(), student, portfolioId, { symbol: 'ITC', quantity: largest });
      expect(ok.statusCode, ok.body).toBe(201);
      // Held shares count: one more is now over the cap, with nothing left to suggest... or a small remainder.
      const more = await order(ctx(), student, portfolioId, { symbol: 'ITC', quantity: 2 });
      expect(more.statusCode).toBe(422);
      // The same order in the student's main portfolio is not a class order.
      expect((await order(ctx(), student, undefined, { symbol: 'ITC', quantity: 2 })).statusCode).toBe(201);
    });

    it('maxPositionPercent on a modification: raising a resting buy over the cap is refused, within it allowed', async () => {
      const { student, portfolioId } = await classWith(ctx(), { maxPositionPercent: 20 });
      const band = await quoteBand(ctx(), student, 'ITC');
      const price = band.at(0.97);
      const placed = await order(ctx(), student, portfolioId, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price,
        quantity: 2,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json().data.order.id as string;
      const patch = (quantity: number) =>
        ctx().request({
          method: 'PATCH',
          url: `/api/orders/${id}`,
          token: student.token,
          payload: { quantity, portfolioId },
        });
      const over = await patch(Math.ceil(12_000 / price));
      await expectClassRule(ctx(), student, over, /^Positions are capped at 20% of your class portfolio/);
      // The order being changed does not count against itself.
      const within = await patch(Math.floor(9_000 / price));
      expect(within.statusCode, within.body).toBe(200);
    });

    it('allowMIS false: intraday refused, delivery allowed', async () => {
      const { student, portfolioId } = await classWith(ctx(), { allowMIS: false });
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC', product: 'MIS' });
      await expectClassRule(
        ctx(),
        student,
        res,
        'Your class does not allow intraday (MIS) orders: use delivery (CNC)',
      );
      expect((await order(ctx(), student, portfolioId, { symbol: 'ITC', product: 'CNC' })).statusCode).toBe(
        201,
      );
    });

    it('allowedOrderTypes: a market order refused where only limits are allowed; a limit allowed', async () => {
      const { student, portfolioId } = await classWith(ctx(), { allowedOrderTypes: ['LIMIT'] });
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC' });
      await expectClassRule(ctx(), student, res, 'Your class allows only limit orders');
      const band = await quoteBand(ctx(), student, 'ITC');
      const ok = await order(ctx(), student, portfolioId, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price: band.at(0.97),
      });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('universe NIFTY50: a NIFTY Next 50 stock refused, a NIFTY 50 stock allowed; a list likewise', async () => {
      const { student, portfolioId } = await classWith(ctx(), { universe: 'NIFTY50' });
      const res = await order(ctx(), student, portfolioId, { symbol: 'DLF' });
      await expectClassRule(ctx(), student, res, /only stocks in the NIFTY 50 .*DLF is not one/);
      expect((await order(ctx(), student, portfolioId, { symbol: 'ITC' })).statusCode).toBe(201);

      const listed = await classWith(ctx(), { universe: ['itc'] });
      const off = await order(ctx(), listed.student, listed.portfolioId, { symbol: 'TCS' });
      await expectClassRule(ctx(), listed.student, off, 'Your class trades only ITC; TCS is not on the list');
      expect((await order(ctx(), listed.student, listed.portfolioId, { symbol: 'ITC' })).statusCode).toBe(
        201,
      );
    });

    it('minPrice: a stock priced below refused, one above allowed', async () => {
      const user = await signUp(ctx());
      const [itc, tcs] = [await quote(ctx(), user, 'ITC'), await quote(ctx(), user, 'TCS')];
      expect(tcs).toBeGreaterThan(itc);
      const minPrice = Math.floor((itc + tcs) / 2);
      const { student, portfolioId } = await classWith(ctx(), { minPrice });
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC' });
      await expectClassRule(ctx(), student, res, /^Your class does not buy stocks priced below ₹/);
      expect((await order(ctx(), student, portfolioId, { symbol: 'TCS' })).statusCode).toBe(201);
    });

    it('maxTradesPerDay: the orders up to the limit allowed, the next refused', async () => {
      const { student, portfolioId } = await classWith(ctx(), { maxTradesPerDay: 2 });
      expect((await order(ctx(), student, portfolioId, { symbol: 'ITC' })).statusCode).toBe(201);
      expect((await order(ctx(), student, portfolioId, { symbol: 'ITC', type: 'SELL' })).statusCode).toBe(
        201,
      );
      const before = await footprint(ctx(), student.user.id);
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC' });
      await expectClassRule(
        ctx(),
        student,
        res,
        'Your class allows at most 2 orders a day; try again tomorrow',
      );
      expect(await footprint(ctx(), student.user.id)).toEqual(before);
    });

    it('requireTradeNote: refused without a note (or a blank one), allowed with one, which is journaled on the fill', async () => {
      const { student, portfolioId } = await classWith(ctx(), { requireTradeNote: true });
      const message = 'Your class requires a trade note: say why you are placing this order';
      await expectClassRule(
        ctx(),
        student,
        await order(ctx(), student, portfolioId, { symbol: 'ITC' }),
        message,
      );
      await expectClassRule(
        ctx(),
        student,
        await order(ctx(), student, portfolioId, { symbol: 'ITC', note: '   ' }),
        message,
      );
      const ok = await order(ctx(), student, portfolioId, { symbol: 'ITC', note: 'Cheap on earnings' });
      expect(ok.statusCode, ok.body).toBe(201);
      const entries = await ctx().rows<{ note: string; fill: string | null }>(
        sql`select j.note, j.fill_id::text as fill from journal_entries j where j.user_id = ${student.user.id}`,
      );
      const [fill] = await ctx().rows<{ id: string }>(
        sql`select id::text from fills where order_id = ${ok.json().data.order.id}`,
      );
      expect(entries).toEqual([{ note: 'Cheap on earnings', fill: fill!.id }]);
    });

    it('requireTradeNote on the one-step buy (/api/virtual-money/buy): refused without a note, journaled with one', async () => {
      const { student, portfolioId } = await classWith(ctx(), { requireTradeNote: true });
      const price = await quote(ctx(), student, 'ITC');
      const buy = (extra: Record<string, unknown>) =>
        ctx().request({
          method: 'POST',
          url: '/api/virtual-money/buy',
          token: student.token,
          payload: { stockSymbol: 'ITC', quantity: 1, price, portfolioId, clientOrderId: key(), ...extra },
        });
      const before = await footprint(ctx(), student.user.id);
      await expectClassRule(
        ctx(),
        student,
        await buy({}),
        'Your class requires a trade note: say why you are placing this order',
      );
      expect(await footprint(ctx(), student.user.id)).toEqual(before);
      const ok = await buy({ note: 'Steady dividend payer' });
      expect(ok.statusCode, ok.body).toBe(201);
      const entries = await ctx().rows<{ note: string }>(
        sql`select note from journal_entries where user_id = ${student.user.id}`,
      );
      expect(entries).toEqual([{ note: 'Steady dividend payer' }]);
    });

    it('a note on an order that rests waits for its fill; a cancelled order’s note is dropped, never journaled', async () => {
      const { student, portfolioId } = await classWith(ctx(), {});
      const band = await quoteBand(ctx(), student, 'ITC');
      const res = await order(ctx(), student, portfolioId, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price: band.at(0.95),
        note: 'Buying the dip',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.order.id as string;
      await ctx().app.classStandings.runOnce();
      expect(await ctx().rows(sql`select note from pending_trade_notes where order_id = ${id}`)).toEqual([
        { note: 'Buying the dip' },
      ]);
      const cancel = await ctx().request({
        method: 'DELETE',
        url: `/api/orders/${id}?portfolioId=${portfolioId}`,
        token: student.token,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await ctx().app.classStandings.runOnce();
      expect(await ctx().rows(sql`select 1 from pending_trade_notes where order_id = ${id}`)).toEqual([]);
      expect(await ctx().rows(sql`select 1 from journal_entries where user_id = ${student.user.id}`)).toEqual(
        [],
      );
    });

    it('the class dates: before the start date orders are refused', async () => {
      const { student, portfolioId } = await classWith(ctx(), {}, { startDate: day(2), endDate: day(9) });
      const res = await order(ctx(), student, portfolioId, { symbol: 'ITC' });
      await expectClassRule(ctx(), student, res, `The class starts on ${day(2)}: trading opens then`);
    });
  },
  { now: () => NOW },
);
