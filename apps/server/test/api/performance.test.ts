import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import {
  DAY_MS,
  dayNumberToDate,
  istDate,
  istDayBucket,
  performanceResponseSchema,
  rupeesToPaise,
  type Candle,
  type Order,
} from '@nivesh/shared';
import { getSimulator } from '../../src/modules/market/market.factory.js';
import { MarketService } from '../../src/modules/market/market.service.js';
import { performanceRepository } from '../../src/modules/portfolio/performance.repository.js';
import { asAccountId } from '../../src/db/account-id.js';
import { describeEachDb, signUp, testConfig, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;

async function buy(ctx: TestContext, user: User, symbol: string, quantity: number): Promise<Order> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: `k-${randomUUID()}`, orderType: 'MARKET', type: 'BUY', symbol, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as Order;
}

async function performance(ctx: TestContext, user: User, range?: string) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/portfolio/performance${range ? `?range=${range}` : ''}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return performanceResponseSchema.parse(res.json()).data;
}

/** Close per IST date from the same daily history the stock chart shows. */
async function closes(ctx: TestContext, symbol: string): Promise<Map<string, number>> {
  const res = await ctx.request({ method: 'GET', url: `/api/live-charts/historical/${symbol}?period=1Y` });
  const candles = res.json().data as Candle[];
  return new Map(candles.map((c) => [dayNumberToDate(istDayBucket(c.time)), c.close]));
}

/** Moves a user's whole history `days` days into the past, as if they had signed up and traded then. */
async function backdate(ctx: TestContext, userId: string, days: number) {
  await ctx.rows(
    sql`update ledger_entries set created_at = created_at - make_interval(days => ${days}) where user_id = ${userId}`,
  );
  await ctx.rows(
    sql`update fills set created_at = created_at - make_interval(days => ${days}) where user_id = ${userId}`,
  );
  await ctx.rows(
    sql`update orders set created_at = created_at - make_interval(days => ${days}) where user_id = ${userId}`,
  );
}

const dayAgo = (n: number) => istDate(Date.now() - n * DAY_MS);
const { market } = testConfig();
/** A price at `ms` on the test app's own simulated market (a pure function of seed and time). */
const priceAt = (symbol: string, ms: number) =>
  getSimulator(market.dataDir, market.seed!, market.session).snapshot(symbol, ms)!.price;
/** `value` at every millisecond from `from` to `to`: what a live figure could have been in between. */
function valuesBetween(from: number, to: number, value: (ms: number) => number): number[] {
  const values: number[] = [];
  for (let ms = from; ms <= to; ms += 1) values.push(value(ms));
  return values;
}

describeEachDb('portfolio performance and equity snapshots', (ctx) => {
  it('has only today, valued live, for a new account, beside NIFTY 50', async () => {
    const user = await signUp(ctx());
    const asked = Date.now();
    const data = await performance(ctx(), user);
    const answered = Date.now();
    expect(data).toMatchObject({ range: '1M', portfolioReturn: null, niftyReturn: null });
    expect(data.points).toHaveLength(1);
    expect(data.points[0]).toMatchObject({ date: dayAgo(0), portfolioValue: 10_000 });
    // Today's NIFTY 50 is the live level at some moment between the request and the answer: the
    // index moves every second, so it is checked against every level of that interval, not
    // against a quote fetched afterwards.
    expect(valuesBetween(asked, answered, (ms) => priceAt('NIFTY50', ms))).toContain(data.points[0]!.nifty);
  });

  it('values each finished IST day from the ledger, the fills and that day close, and stores it once', async () => {
    const user = await signUp(ctx());
    const reliance = await buy(ctx(), user, 'RELIANCE', 2);
    const itc = await buy(ctx(), user, 'ITC', 3);
    // Signed up five days ago, traded three days ago.
    await backdate(ctx(), user.user.id, 3);
    await ctx().rows(
      sql`update ledger_entries set created_at = created_at - interval '2 days' where user_id = ${user.user.id} and kind = 'OPENING_BALANCE'`,
    );
    const [cashRow] = await ctx().rows<{ balance: string }>(
      sql`select balance_paise::text as balance from cash_accounts where user_id = ${user.user.id}`,
    );
    const cash = BigInt(cashRow!.balance);
    expect(cash).toBe(1_000_000n - rupeesToPaise(reliance.total!) - rupeesToPaise(itc.total!));

    const asked = Date.now();
    const data = await performance(ctx(), user, '1W');
    const answered = Date.now();
    expect(data.points.map((p) => p.date)).toEqual([5, 4, 3, 2, 1, 0].map(dayAgo));
    const [rel, itcCloses, nifty] = await Promise.all([
      closes(ctx(), 'RELIANCE'),
      closes(ctx(), 'ITC'),
      closes(ctx(), 'NIFTY50'),
    ]);
    for (const n of [5, 4])
      expect(data.points.find((p) => p.date === dayAgo(n))!.portfolioValue).toBe(10_000);
    for (const n of [3, 2, 1]) {
      const date = dayAgo(n);
      const expected = cash + rupeesToPaise(rel.get(date)!) * 2n + rupeesToPaise(itcCloses.get(date)!) * 3n;
      const point = data.points.find((p) => p.date === date)!;
      expect(point.portfolioValue, date).toBe(Number(expected) / 100);
      expect(point.nifty, date).toBe(nifty.get(date));
    }
    // Today is valued live: cash and the holdings at a moment between the request and the answer.
    const liveValues = valuesBetween(
      asked,
      answered,
      (ms) =>
        Number(cash + rupeesToPaise(priceAt('RELIANCE', ms)) * 2n + rupeesToPaise(priceAt('ITC', ms)) * 3n) /
        100,
    );
    expect(liveValues).toContain(data.points.at(-1)!.portfolioValue);
    const first = data.points[0]!.portfolioValue;
    expect(data.portfolioReturn).toBeCloseTo(((data.points.at(-1)!.portfolioValue - first) / first) * 100, 1);
    expect(data.niftyReturn).not.toBeNull();

    // Finished days are stored, today (not over yet) is not.
    const stored = await ctx().rows<{ day: string; equity: string; cash: string; holdings: string }>(
      sql`select day::text as day, equity_paise::text as equity, cash_paise::text as cash, holdings_paise::text as holdings from equity_snapshots where user_id = ${user.user.id} order by day`,
    );
    expect(stored.map((s) => s.day)).toEqual([5, 4, 3, 2, 1].map(dayAgo));
    for (const s of stored) {
      expect(BigInt(s.equity)).toBe(BigInt(s.cash) + BigInt(s.holdings));
      expect(Number(s.equity) / 100).toBe(data.points.find((p) => p.date === s.day)!.portfolioValue);
    }
    expect(stored[0]).toMatchObject({ cash: '1000000', holdings: '0' });
    expect(stored[2]!.cash).toBe(cash.toString());

    // A stored day is read back as stored, not worked out again.
    await ctx().rows(
      sql`update equity_snapshots set equity_paise = 1234567 where user_id = ${user.user.id} and day = ${dayAgo(1)}`,
    );
    const again = await performance(ctx(), user, '1W');
    expect(again.points.find((p) => p.date === dayAgo(1))!.portfolioValue).toBe(12_345.67);

    // The ranges reach back from today, never before the account opened.
    expect((await performance(ctx(), user, 'ALL')).points.map((p) => p.date)).toEqual(
      [5, 4, 3, 2, 1, 0].map(dayAgo),
    );
    expect((await performance(ctx(), user, '1M')).points).toHaveLength(6);
    await backdate(ctx(), user.user.id, 10);
    const week = await performance(ctx(), user, '1W');
    expect(week.points.map((p) => p.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayAgo));
  });

  it('counts a sale on the day it happened: cash up, shares down from that day on', async () => {
    const user = await signUp(ctx());
    await buy(ctx(), user, 'ITC', 4);
    await backdate(ctx(), user.user.id, 2);
    const sell = await ctx().request({
      method: 'POST',
      url: '/api/orders/place',
      token: user.token,
      payload: {
        clientOrderId: `k-${randomUUID()}`,
        orderType: 'MARKET',
        type: 'SELL',
        symbol: 'ITC',
        quantity: 4,
      },
    });
    expect(sell.statusCode).toBe(201);
    await ctx().rows(
      sql`update ledger_entries set created_at = now() - interval '1 day' where user_id = ${user.user.id} and order_id = ${sell.json().data.order.id}`,
    );
    await ctx().rows(
      sql`update fills set created_at = now() - interval '1 day' where user_id = ${user.user.id} and order_id = ${sell.json().data.order.id}`,
    );
    const [cashRow] = await ctx().rows<{ balance: string }>(
      sql`select balance_paise::text as balance from cash_accounts where user_id = ${user.user.id}`,
    );
    const data = await performance(ctx(), user, '1W');
    expect(data.points.map((p) => p.date)).toEqual([2, 1, 0].map(dayAgo));
    // Flat from the day of the sale: all cash, no shares.
    expect(data.points[1]!.portfolioValue).toBe(Number(cashRow!.balance) / 100);
    expect(data.points[2]!.portfolioValue).toBe(Number(cashRow!.balance) / 100);
    expect(data.points[0]!.portfolioValue).not.toBe(Number(cashRow!.balance) / 100);
  });

  it('stores nothing while the market history is unavailable, and stores the days once it is back', async () => {
    const user = await signUp(ctx());
    const order = await buy(ctx(), user, 'ITC', 2);
    await backdate(ctx(), user.user.id, 2);
    const history = vi
      .spyOn(MarketService.prototype, 'historical')
      .mockRejectedValue(new Error('provider down'));
    try {
      const data = await performance(ctx(), user, '1W');
      // Shares are valued at their fill price meanwhile, and the benchmark is left out.
      const [cashRow] = await ctx().rows<{ balance: string }>(
        sql`select balance_paise::text as balance from cash_accounts where user_id = ${user.user.id}`,
      );
      expect(data.points[0]).toEqual({
        date: dayAgo(2),
        portfolioValue: Number(BigInt(cashRow!.balance) + rupeesToPaise(order.executionPrice!) * 2n) / 100,
        nifty: null,
      });
      expect(await ctx().rows(sql`select 1 from equity_snapshots where user_id = ${user.user.id}`)).toEqual(
        [],
      );
    } finally {
      history.mockRestore();
    }
    await performance(ctx(), user, '1W');
    expect(
      await ctx().rows(sql`select day::text from equity_snapshots where user_id = ${user.user.id}`),
    ).toHaveLength(2);
  });

  it('does not store days whose ledger changed while they were being valued (a late commit or a reset)', async () => {
    const user = await signUp(ctx());
    await backdate(ctx(), user.user.id, 2);
    const db = ctx().database.db;
    const midnight = new Date(Date.parse(`${dayAgo(0)}T00:00:00+05:30`));
    const row = { day: dayAgo(1), equityPaise: 1_000_000n, cashPaise: 1_000_000n, holdingsPaise: 0n };
    const [account] = await ctx().rows<{ id: string }>(
      sql`select id::text as id from cash_accounts where user_id = ${user.user.id}`,
    );
    const who = { userId: user.user.id, accountId: asAccountId(account!.id) };
    const mark = await performanceRepository.ledgerMark(db, who.accountId, midnight);
    // An order that began before midnight commits after the mark was taken.
    await ctx()
      .rows(sql`insert into ledger_entries (user_id, account_id, kind, amount_paise, balance_after_paise, description, created_at)
      values (${user.user.id}, ${who.accountId}, 'DAILY_REWARD', 0, 1000000, 'late', now() - interval '1 day')`);
    expect(await performanceRepository.saveSnapshots(db, who, mark, [row])).toBe(false);
    expect(await ctx().rows(sql`select 1 from equity_snapshots where user_id = ${user.user.id}`)).toEqual([]);
    const fresh = await performanceRepository.ledgerMark(db, who.accountId, midnight);
    // Entries made today do not touch the finished days.
    await ctx()
      .rows(sql`insert into ledger_entries (user_id, account_id, kind, amount_paise, balance_after_paise, description)
      values (${user.user.id}, ${who.accountId}, 'DAILY_REWARD', 0, 1000000, 'today')`);
    expect(await performanceRepository.saveSnapshots(db, who, fresh, [row])).toBe(true);
    expect(
      await ctx().rows(sql`select day::text as day from equity_snapshots where user_id = ${user.user.id}`),
    ).toEqual([{ day: dayAgo(1) }]);
  });

  it('rejects an unknown range, needs a session, and values only the caller', async () => {
    const user = await signUp(ctx());
    const bad = await ctx().request({
      method: 'GET',
      url: '/api/portfolio/performance?range=2Y',
      token: user.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { range: expect.any(String) } });
    expect((await ctx().request({ method: 'GET', url: '/api/portfolio/performance' })).statusCode).toBe(401);
    const other = await signUp(ctx());
    await buy(ctx(), other, 'TCS', 1);
    await backdate(ctx(), other.user.id, 2);
    expect((await performance(ctx(), user, 'ALL')).points).toEqual([
      expect.objectContaining({ portfolioValue: 10_000 }),
    ]);
    expect(await ctx().rows(sql`select 1 from equity_snapshots where user_id = ${user.user.id}`)).toEqual([]);
  });
});
