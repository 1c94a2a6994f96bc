import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import {
  chargesResponseSchema,
  formatInr,
  holdingsResponseSchema,
  orderPreviewResponseSchema,
  rupeesToPaise,
  type Order,
  type OrderPreview,
} from '@nivesh/shared';
import { getSimulator } from '../../src/modules/market/market.factory.js';
import { describeEachDb, signUp, testConfig, type TestContext } from '../support/test-app.js';
import { expectBooksBalance, filled, key, place, position, quoteBand, type User } from '../support/orders.js';

/** The market clock the app reads; each test sets it. */
const clock = { now: 0 };
const ist = (local: string) => Date.parse(`${local}+05:30`);
// A Thursday, 10:30 IST: inside the always-open MIS window that closes at 08:36:36 IST on Friday.
const THURSDAY = ist('2026-11-26T10:30:00');

const config = testConfig();
const sim = getSimulator(config.market.dataDir, config.market.seed!, config.market.session);

/**
 * Pins RELIANCE's last price to `rupees` on the simulated path the app trades on (the simulator
 * is shared by key), so a round trip has an exact trade value.
 */
function pinReliance(rupees: number) {
  const original = sim.snapshot.bind(sim);
  vi.spyOn(sim, 'snapshot').mockImplementation((symbol: string, ms: number) => {
    const snap = original(symbol, ms);
    return symbol === 'RELIANCE' && snap ? { ...snap, price: rupees } : snap;
  });
}

/** Credits `paise` as a ledger line with its running balance, so balance = Σ ledger still holds. */
async function topUp(ctx: TestContext, user: User, paise: bigint) {
  await ctx.rows(
    sql`with a as (update cash_accounts set balance_paise = balance_paise + ${paise.toString()}::bigint
                   where user_id = ${user.user.id} returning id, balance_paise)
        insert into ledger_entries (user_id, account_id, kind, amount_paise, balance_after_paise, description)
        select ${user.user.id}, id, 'OPENING_BALANCE', ${paise.toString()}::bigint, balance_paise, 'Test top-up' from a`,
  );
}

async function preview(
  ctx: TestContext,
  user: User,
  payload: Record<string, unknown>,
): Promise<OrderPreview> {
  const res = await ctx.request({ method: 'POST', url: '/api/orders/preview', token: user.token, payload });
  expect(res.statusCode, res.body).toBe(200);
  return orderPreviewResponseSchema.parse(res.json()).data;
}

/** Previews, then places the same market order; the estimate must equal the charge, line by line. */
async function previewThenFill(
  ctx: TestContext,
  user: User,
  payload: Record<string, unknown>,
): Promise<Order> {
  const estimate = await preview(ctx, user, { orderType: 'MARKET', ...payload });
  expect(estimate.sufficient, estimate.message ?? '').toBe(true);
  const order = await filled(ctx, user, payload);
  expect(order.feeBreakdown).toEqual(estimate.fees);
  return order;
}

const paise = (rupees: number) => rupeesToPaise(rupees);

describeEachDb(
  'products and dated charges (default brokerage plan)',
  (ctx) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('a ₹1,00,000 delivery round trip in RELIANCE costs ₹285.02, estimated exactly, line by line', async () => {
      clock.now = THURSDAY;
      pinReliance(1000);
      const user = await signUp(ctx());
      await topUp(ctx(), user, 100_000_00n);
      const buy = await previewThenFill(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 100 });
      // brokerage 2000 + exchange 307 + STT 10000 + GST 417 + SEBI 10 + stamp 1500 = 14234 p.
      expect(buy).toMatchObject({ product: 'CNC', executionPrice: 1000, tradeValue: 100_000, fees: 142.34 });
      expect(buy.feeBreakdown).toMatchObject({ brokerage: 20, stt: 100, stampDuty: 15, dpCharge: 0 });
      expect(buy.receipt).toBe('MARKET buy filled at the last price ₹1,000.00');
      // The first delivery sell of RELIANCE today adds the DP charge: 14234 − 1500 + 1534 = 14268 p.
      const sell = await previewThenFill(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 100 });
      expect(sell).toMatchObject({ product: 'CNC', fees: 142.68 });
      expect(sell.feeBreakdown).toMatchObject({
        stt: 100,
        stampDuty: 0,
        dpCharge: 15.34,
        squareOffCharge: 0,
      });
      expect(paise(buy.fees) + paise(sell.fees)).toBe(28_502n);
      const [dp] = await ctx().rows<{ amount: string }>(
        sql`select amount_paise::text as amount from ledger_entries where order_id = ${sell.id} and kind = 'FEE_DP'`,
      );
      expect(dp?.amount).toBe('-1534');
      expect(await position(ctx(), user.user.id, 'RELIANCE')).toMatchObject({ quantity: 0, fillNet: 0 });
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('an intraday (MIS) round trip pays the intraday schedule, with the estimate equal to the charge', async () => {
      clock.now = THURSDAY;
      pinReliance(1000);
      const user = await signUp(ctx());
      await topUp(ctx(), user, 100_000_00n);
      const trip = { symbol: 'RELIANCE', quantity: 100, product: 'MIS' };
      const buy = await previewThenFill(ctx(), user, { ...trip, type: 'BUY' });
      // brokerage 2000 + exchange 307 + GST 417 + SEBI 10 + stamp 0.003% 300 = 3034 p; no STT on the buy.
      expect(buy).toMatchObject({ product: 'MIS', fees: 30.34 });
      const sell = await previewThenFill(ctx(), user, { ...trip, type: 'SELL' });
      // brokerage 2000 + exchange 307 + STT 0.025% 2500 + GST 417 + SEBI 10 = 5234 p; no DP charge intraday.
      expect(sell).toMatchObject({ product: 'MIS', fees: 52.34 });
      expect(sell.feeBreakdown).toMatchObject({ dpCharge: 0, squareOffCharge: 0 });
      expect(paise(buy.fees) + paise(sell.fees)).toBe(8_268n);
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('charges the DP charge once per scrip per sell day, however many delivery sells', async () => {
      clock.now = THURSDAY;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 6 });
      const first = await previewThenFill(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 });
      const second = await previewThenFill(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 });
      expect(first.feeBreakdown!.dpCharge).toBe(15.34);
      expect(second.feeBreakdown!.dpCharge).toBe(0);
      clock.now = THURSDAY + 86_400_000;
      const nextDay = await previewThenFill(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 2 });
      expect(nextDay.feeBreakdown!.dpCharge).toBe(15.34);
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('keeps delivery and intraday positions apart: a sell draws only on its own product', async () => {
      clock.now = THURSDAY;
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 3 });
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 2, product: 'MIS' });
      const short = await place(ctx(), user, {
        clientOrderId: key(),
        symbol: 'ITC',
        type: 'SELL',
        orderType: 'MARKET',
        quantity: 3,
        product: 'MIS',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toMatchObject({
        code: 'INSUFFICIENT_SHARES',
        message: 'Insufficient holdings. You have 2 shares as Intraday (MIS) free to sell, trying to sell 3',
      });
      const holdings = holdingsResponseSchema.parse(
        (await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })).json(),
      ).data;
      expect(holdings.map((h) => [h.symbol, h.product, h.quantity])).toEqual([
        ['ITC', 'CNC', 3],
        ['ITC', 'MIS', 2],
      ]);
      await expectBooksBalance(ctx(), user.user.id);
    });

    it('refuses intraday orders after the cut-off and squares off at it with ₹59, once, however many runs (always-open)', async () => {
      // The always-open cut-off is the session's 15:20 stretched over 24 h from 09:15: 08:36:36 IST.
      clock.now = ist('2026-11-27T08:30:00');
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4, product: 'MIS' });
      const { at } = await quoteBand(ctx(), user, 'ITC');
      const resting = await place(ctx(), user, {
        clientOrderId: key(),
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'LIMIT',
        price: at(0.85),
        quantity: 1,
        product: 'MIS',
      });
      expect(resting.statusCode, resting.body).toBe(201);
      const before = await preview(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1, product: 'MIS' });
      expect(before.intradayCutoff).toEqual({
        at: new Date(ist('2026-11-27T08:36:36')).toISOString(),
        passed: false,
        reopensAt: null,
      });
      expect((await ctx().app.squareOff.runOnce()).squaredOff).toBe(0);

      clock.now = ist('2026-11-27T08:36:36');
      const refused = await place(ctx(), user, {
        clientOrderId: key(),
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        product: 'MIS',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('MIS_CUTOFF_PASSED');
      const after = await preview(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1, product: 'MIS' });
      expect(after).toMatchObject({ sufficient: false, refusal: { code: 'MIS_CUTOFF_PASSED' } });
      expect(after.intradayCutoff).toMatchObject({
        passed: true,
        reopensAt: new Date(ist('2026-11-27T09:15:00')).toISOString(),
      });
      // Delivery is not affected by the cut-off.
      expect((await preview(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 })).sufficient).toBe(true);

      // Two runs at once stand in for two instances: the position is sold once, the order cancelled once.
      const open = await openIntraday(ctx());
      const rounds = await Promise.all([ctx().app.squareOff.runOnce(), ctx().app.squareOff.runOnce()]);
      expect(rounds.reduce((n, r) => n + r.squaredOff, 0)).toBe(open.positions);
      expect(rounds.reduce((n, r) => n + r.cancelled, 0)).toBe(open.orders);
      expect(await openIntraday(ctx())).toEqual({ positions: 0, orders: 0 });
      expect((await ctx().app.squareOff.runOnce()).squaredOff).toBe(0);
      await expectSquaredOff(ctx(), user, 'simulated 15:20');
      expect((await order(ctx(), user, resting.json().data.order.id)).statusReason).toBe(
        'Cancelled at the simulated 15:20 intraday cut-off: intraday (MIS) orders do not carry over',
      );

      // The next MIS window opens at the next 09:15 IST.
      clock.now = ist('2026-11-27T09:15:00');
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1, product: 'MIS' });
    });

    it('publishes the charges in force with their dates and sources, signed in or not', async () => {
      clock.now = THURSDAY;
      const res = await ctx().request({ method: 'GET', url: '/api/charges' });
      expect(res.statusCode).toBe(200);
      const { data } = chargesResponseSchema.parse(res.json());
      expect(data.asOf).toBe('2026-11-26');
      expect(data.brokeragePlan).toBe('discount');
      const cnc = data.schedules.find((s) => s.product === 'CNC' && s.exchange === 'NSE')!;
      expect(cnc).toMatchObject({
        effectiveFrom: '2024-10-01',
        brokerage: { percent: 0.1, cap: 20 },
        sttBuyPercent: 0.1,
        sttSellPercent: 0.1,
        exchangeChargePercent: 0.00307,
        stampDutyBuyPercent: 0.015,
        gstPercent: 18,
        dpCharge: 15.34,
        squareOffCharge: 0,
      });
      expect(cnc.source).toContain('NSE/FA/64232');
      const misBse = data.schedules.find((s) => s.product === 'MIS' && s.exchange === 'BSE')!;
      expect(misBse).toMatchObject({
        exchangeChargePercent: 0.00375,
        sttSellPercent: 0.025,
        squareOffCharge: 59,
      });
    });
  },
  { now: () => clock.now },
);

/** Every user's open MIS positions and resting MIS orders (other tests' users share the database). */
async function openIntraday(ctx: TestContext) {
  const [row] = await ctx.rows<{ positions: number; orders: number }>(
    sql`select (select count(*) from positions where product = 'MIS' and quantity > 0)::int as positions,
               (select count(*) from orders where product = 'MIS' and status in ('PENDING', 'OPEN'))::int as orders`,
  );
  return row!;
}

async function order(ctx: TestContext, user: User, id: string): Promise<Order> {
  const res = await ctx.request({ method: 'GET', url: `/api/orders/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
}

/** The user's MIS position in ITC was sold by the square-off, with the ₹59 line and its receipt. */
async function expectSquaredOff(ctx: TestContext, user: User, label: string) {
  const [row] = await ctx.rows<{ id: string; client: string }>(
    sql`select id, client_order_id as client from orders where user_id = ${user.user.id} and client_order_id like 'square-off:%'`,
  );
  const squared = await order(ctx, user, row!.id);
  expect(squared).toMatchObject({ status: 'FILLED', type: 'SELL', product: 'MIS', quantity: 4 });
  expect(squared.feeBreakdown!.squareOffCharge).toBe(59);
  expect(squared.receipt).toBe(
    `Squared off at the ${label} intraday cut-off at ${formatInr(squared.executionPrice!)}, the last price`,
  );
  const [mis] = await ctx.rows<{ quantity: number }>(
    sql`select quantity from positions where user_id = ${user.user.id} and symbol = 'ITC' and product = 'MIS'`,
  );
  expect(mis?.quantity).toBe(0);
  await expectBooksBalance(ctx, user.user.id);
}

describeEachDb(
  'products and dated charges (zero-brokerage delivery plan)',
  (ctx) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('a ₹1,00,000 delivery round trip in RELIANCE costs ₹237.82, estimated exactly', async () => {
      clock.now = THURSDAY;
      pinReliance(1000);
      const user = await signUp(ctx());
      await topUp(ctx(), user, 100_000_00n);
      const buy = await previewThenFill(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 100 });
      const sell = await previewThenFill(ctx(), user, { symbol: 'RELIANCE', type: 'SELL', quantity: 100 });
      // STT 200 + stamp 15 + exchange 6.14 + SEBI 0.20 + GST 1.14 + DP 15.34, no brokerage.
      expect(buy.feeBreakdown).toEqual({
        brokerage: 0,
        exchangeCharge: 3.07,
        stt: 100,
        gst: 0.57,
        sebiFee: 0.1,
        stampDuty: 15,
        dpCharge: 0,
        squareOffCharge: 0,
        total: 118.74,
      });
      expect(sell.feeBreakdown).toMatchObject({
        brokerage: 0,
        stt: 100,
        gst: 0.57,
        dpCharge: 15.34,
        total: 119.08,
      });
      expect(paise(buy.fees) + paise(sell.fees)).toBe(23_782n);
      await expectBooksBalance(ctx(), user.user.id);
    });
  },
  { now: () => clock.now, config: { brokeragePlan: 'zero' } },
);

describeEachDb(
  'the intraday cut-off on NSE hours',
  (ctx) => {
    it('refuses MIS after 15:20 IST and squares off at 15:20 with ₹59, once', async () => {
      // Friday 2026-11-27.
      clock.now = ist('2026-11-27T15:10:00');
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4, product: 'MIS' });
      expect((await ctx().app.squareOff.runOnce()).squaredOff).toBe(0);
      clock.now = ist('2026-11-27T15:20:00');
      const refused = await place(ctx(), user, {
        clientOrderId: key(),
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        product: 'MIS',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('MIS_CUTOFF_PASSED');
      const open = await openIntraday(ctx());
      const rounds = await Promise.all([ctx().app.squareOff.runOnce(), ctx().app.squareOff.runOnce()]);
      expect(rounds.reduce((n, r) => n + r.squaredOff, 0)).toBe(open.positions);
      expect(await openIntraday(ctx())).toEqual({ positions: 0, orders: 0 });
      await expectSquaredOff(ctx(), user, '15:20');
      const cutoff = (await preview(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1, product: 'MIS' }))
        .intradayCutoff;
      // Monday's session opens the next window.
      expect(cutoff).toEqual({
        at: new Date(ist('2026-11-27T15:20:00')).toISOString(),
        passed: true,
        reopensAt: new Date(ist('2026-11-30T09:15:00')).toISOString(),
      });
    });

    it('squares off, at the next check, an intraday position left over from a cut-off no instance ran at', async () => {
      // Thursday: bought intraday, then every instance was down through the 15:20 cut-off.
      clock.now = ist('2026-11-26T15:00:00');
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4, product: 'MIS' });
      // Friday morning, inside the next MIS window: today's intraday position is not touched.
      clock.now = ist('2026-11-27T10:00:00');
      const today = await signUp(ctx());
      await filled(ctx(), today, { symbol: 'ITC', type: 'BUY', quantity: 2, product: 'MIS' });
      await ctx().app.squareOff.runOnce();
      await expectSquaredOff(ctx(), user, '15:20 (of an earlier session, missed)');
      const [kept] = await ctx().rows<{ quantity: number }>(
        sql`select quantity from positions where user_id = ${today.user.id} and symbol = 'ITC' and product = 'MIS'`,
      );
      expect(kept?.quantity).toBe(2);
    });
  },
  { now: () => clock.now, config: { market: { ...config.market, session: 'nse' } } },
);
