import { expect, it } from 'vitest';
import { dayNumberToDate, istDayNumber, roundToTick, tickSize, type Gtt, type Order } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import { type User } from '../support/orders.js';
import { createClassAs, joinClassAs } from '../support/classes.js';
import { databaseQuery, integrityViolations } from '../support/integrity.js';

/**
 * Issue 26: a GTT set in a class portfolio whose class requires trade notes. The note rule asks a
 * person at an order form; the GTT's order is placed for them when it triggers, so it is not
 * refused for a missing note, while every other class rule still applies to it.
 */

const clock = { now: 0 };
// A Thursday, 11:30 IST.
const START = Date.parse('2026-11-26T06:00:00Z');
const { priceAt, crossAndBack } = testMarket();
const below = (p: number, ticks = 1) => roundToTick(p - ticks * tickSize(p));
const above = (p: number, ticks = 1) => roundToTick(p + ticks * tickSize(p));
const day = (offset: number) => dayNumberToDate(istDayNumber(START) + offset);

async function classWith(ctx: TestContext, rules: Record<string, unknown>) {
  const student = await signUp(ctx);
  const cls = await createClassAs(ctx, await signUp(ctx), rules, { startDate: day(0), endDate: day(30) });
  return { student, portfolioId: await joinClassAs(ctx, student, cls) };
}

async function fireGtt(ctx: TestContext, student: User, portfolioId: string, symbol: string) {
  await ctx.app.gttEvaluator.runOnce();
  const trigger = below(priceAt(symbol, clock.now));
  const res = await ctx.request({
    method: 'POST',
    url: '/api/gtt',
    token: student.token,
    payload: {
      symbol,
      kind: 'single',
      side: 'BUY',
      quantity: 1,
      legs: [{ triggerPrice: trigger, limitPrice: above(trigger, 2) }],
      portfolioId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const gtt = res.json().data as Gtt;
  clock.now = crossAndBack(symbol, clock.now + 1000, (p) => p <= trigger).back;
  await ctx.app.gttEvaluator.runOnce();
  const read = await ctx.request({
    method: 'GET',
    url: `/api/gtt/${gtt.id}?portfolioId=${portfolioId}`,
    token: student.token,
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json().data as Gtt;
}

describeEachDb(
  'a GTT in a class portfolio',
  (ctx) => {
    it('that requires trade notes: the triggered order is placed, not refused for the note', async () => {
      clock.now = START;
      const { student, portfolioId } = await classWith(ctx(), { requireTradeNote: true });
      const fired = await fireGtt(ctx(), student, portfolioId, 'ITC');
      expect(fired).toMatchObject({ status: 'TRIGGERED', statusReason: null });
      const order = await ctx().request({
        method: 'GET',
        url: `/api/orders/${fired.orderId}?portfolioId=${portfolioId}`,
        token: student.token,
      });
      expect(order.statusCode, order.body).toBe(200);
      expect((order.json().data as Order).status).not.toBe('REJECTED');
      expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
    });

    it('outside the class universe: the triggered order is still refused with the class rule', async () => {
      clock.now = START + 3_600_000;
      const { student, portfolioId } = await classWith(ctx(), { universe: ['TCS'], requireTradeNote: true });
      const fired = await fireGtt(ctx(), student, portfolioId, 'ITC');
      expect(fired.status).toBe('REJECTED');
      expect(fired.statusReason).toBe('Your class trades only TCS; ITC is not on the list');
    });
  },
  { now: () => clock.now },
);
