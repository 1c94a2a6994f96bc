import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  istDate,
  round2,
  rupeesToPaise,
  transactionListResponseSchema,
  type Order,
  type Transaction,
} from '@nivesh/shared';
import { quoteBand } from '../support/orders.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { parseCsv as readCsv } from '../../src/lib/csv.js';

type User = Awaited<ReturnType<typeof signUp>>;

const key = () => `k-${randomUUID()}`;

async function order(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Order> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: key(), orderType: 'MARKET', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as Order;
}

/** An order the matcher turned down; inserted as a row because only the matcher can reject one. */
async function rejectedOrder(ctx: TestContext, user: User, status: 'REJECTED' | 'EXPIRED', reason: string) {
  const [row] = await ctx.rows<{ id: string }>(sql`
    insert into orders (user_id, account_id, client_order_id, symbol, name, side, order_type, quantity, limit_price_paise, status, status_reason)
    values (${user.user.id}, (select id from cash_accounts where user_id = ${user.user.id}), ${key()}, 'TCS', 'Tata Consultancy Services Ltd.', 'BUY', 'LIMIT', 3, 300000, ${status}, ${reason})
    returning id::text as id`);
  return row!.id;
}

function list(ctx: TestContext, user: User, query = '') {
  return ctx.request({ method: 'GET', url: `/api/transactions${query}`, token: user.token });
}

async function rows(ctx: TestContext, user: User, query = ''): Promise<Transaction[]> {
  const res = await list(ctx, user, query);
  expect(res.statusCode, res.body).toBe(200);
  return transactionListResponseSchema.parse(res.json()).data;
}

describeEachDb('transaction history', (ctx) => {
  let a: User;
  let b: User;
  let buyReliance: Order;
  let buyItc: Order;
  let sellItc: Order;
  let pending: Order;
  let pendingLimit: number;
  let rejectedId: string;
  let expiredId: string;

  beforeAll(async () => {
    a = await signUp(ctx());
    b = await signUp(ctx());
    buyReliance = await order(ctx(), a, { symbol: 'RELIANCE', type: 'BUY', quantity: 2 });
    buyItc = await order(ctx(), a, { symbol: 'ITC', type: 'BUY', quantity: 4 });
    sellItc = await order(ctx(), a, { symbol: 'ITC', type: 'SELL', quantity: 1 });
    // A resting buy at the bottom of the day's band, so it stays pending.
    pendingLimit = (await quoteBand(ctx(), a, 'INFY')).at(0.5);
    pending = await order(ctx(), a, {
      symbol: 'INFY',
      type: 'BUY',
      orderType: 'LIMIT',
      price: pendingLimit,
      quantity: 1,
    });
    rejectedId = await rejectedOrder(ctx(), a, 'REJECTED', 'Insufficient balance when the order triggered');
    expiredId = await rejectedOrder(ctx(), a, 'EXPIRED', '=HYPERLINK("http://evil.test","x")');
    expect(
      (await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token: a.token })).json()
        .reward.awarded,
    ).toBe(true);
    await order(ctx(), b, { symbol: 'SBIN', type: 'BUY', quantity: 1 });
  });

  it('lists fills, resting orders, failed orders with their reason and rewards, newest first', async () => {
    const data = await rows(ctx(), a);
    expect(data.map((t) => [t.type, t.symbol, t.status])).toEqual([
      ['reward', 'DAILY_REWARD', 'completed'],
      ['buy', 'TCS', 'failed'],
      ['buy', 'TCS', 'failed'],
      ['buy', 'INFY', 'pending'],
      ['sell', 'ITC', 'completed'],
      ['buy', 'ITC', 'completed'],
      ['buy', 'RELIANCE', 'completed'],
    ]);
    const byOrder = (id: string) => data.find((t) => t.orderId === id)!;

    const buy = byOrder(buyReliance.id);
    expect(buy).toMatchObject({
      name: 'Reliance Industries Ltd.',
      exchange: 'NSE',
      sector: 'Oil Gas & Consumable Fuels',
      orderType: 'MARKET',
      quantity: 2,
      price: buyReliance.executionPrice,
      totalAmount: buyReliance.tradeValue,
      fees: buyReliance.fees,
      feeBreakdown: buyReliance.feeBreakdown,
      netAmount: -buyReliance.total!,
      gainLoss: null,
      gainLossPercent: null,
      failureReason: null,
    });
    expect(buy.description).toMatch(/^Bought 2 shares of RELIANCE at ₹[\d,]+\.\d{2}$/);

    const sell = byOrder(sellItc.id);
    expect(sell).toMatchObject({
      quantity: 1,
      netAmount: sellItc.total,
      gainLoss: sellItc.realizedPnL,
      totalAmount: sellItc.tradeValue,
    });
    // The percent is against the cost the sale removed: a quarter of what 4 ITC cost with fees.
    const cost = rupeesToPaise(buyItc.total!);
    const removed = (cost * 2n + 4n) / 8n;
    expect(sell.gainLossPercent).toBe(
      round2((Number(rupeesToPaise(sellItc.realizedPnL!)) / Number(removed)) * 100),
    );

    expect(byOrder(pending.id)).toMatchObject({
      status: 'pending',
      orderType: 'LIMIT',
      price: pendingLimit,
      totalAmount: pendingLimit,
      fees: 0,
      netAmount: 0,
      feeBreakdown: null,
    });
    expect(byOrder(rejectedId)).toMatchObject({
      status: 'failed',
      failureReason: 'Insufficient balance when the order triggered',
      netAmount: 0,
      price: 3000,
    });
    expect(byOrder(expiredId).description).toBe('Limit buy order for 3 TCS expired');

    expect(data[0]).toMatchObject({
      orderId: null,
      quantity: 1,
      price: 100,
      totalAmount: 100,
      netAmount: 100,
      fees: 0,
      description: 'Daily login reward (day 1 streak)',
    });
    expect(data[0]!.id).toMatch(/^reward-\d+$/);
  });

  it('summarises the whole filtered set, not the page', async () => {
    const res = transactionListResponseSchema.parse((await list(ctx(), a, '?limit=2&page=2')).json());
    expect(res.data).toHaveLength(2);
    expect(res.pagination).toEqual({ page: 2, limit: 2, total: 7, totalPages: 4 });
    const fees = [buyReliance, buyItc, sellItc].reduce((s, o) => s + rupeesToPaise(o.fees), 0n);
    // Invested is the glossary's figure (cost basis of what is held, whatever the filter); Total Bought is the filtered buys.
    const { invested } = (
      (await ctx().request({ method: 'GET', url: '/api/portfolio/summary', token: a.token })).json() as {
        data: { figures: { invested: number } };
      }
    ).data.figures;
    expect(invested).toBeGreaterThan(0);
    expect(res.summary).toEqual({
      totalTransactions: 7,
      totalInvested: invested,
      totalBought: Number(rupeesToPaise(buyReliance.tradeValue!) + rupeesToPaise(buyItc.tradeValue!)) / 100,
      totalSold: sellItc.tradeValue,
      totalFees: Number(fees) / 100,
      totalGainLoss: sellItc.realizedPnL,
      // The glossary's Success Rate: 3 fills of 5 finished orders; the pending order and the reward are not counted.
      successRate: 60,
      filledOrders: 3,
      finishedOrders: 5,
    });
    const sells = transactionListResponseSchema.parse((await list(ctx(), a, '?type=sell')).json()).summary;
    expect(sells).toMatchObject({
      totalTransactions: 1,
      totalInvested: invested,
      totalBought: 0,
      totalSold: sellItc.tradeValue,
      successRate: 100,
      filledOrders: 1,
      finishedOrders: 1,
    });
    const none = transactionListResponseSchema.parse(
      (await list(ctx(), a, '?search=nothing-like-this')).json(),
    );
    expect(none.summary).toEqual({
      totalTransactions: 0,
      totalInvested: invested,
      totalBought: 0,
      totalSold: 0,
      totalFees: 0,
      totalGainLoss: 0,
      successRate: null,
      filledOrders: 0,
      finishedOrders: 0,
    });
    expect(none.pagination).toEqual({ page: 1, limit: 50, total: 0, totalPages: 0 });
  });

  it('filters by type and status, and searches symbol, company name and order id case-insensitively', async () => {
    expect((await rows(ctx(), a, '?type=reward')).map((t) => t.symbol)).toEqual(['DAILY_REWARD']);
    expect((await rows(ctx(), a, '?status=pending')).map((t) => t.orderId)).toEqual([pending.id]);
    expect((await rows(ctx(), a, '?status=failed')).map((t) => t.orderId).sort()).toEqual(
      [rejectedId, expiredId].sort(),
    );
    expect((await rows(ctx(), a, '?type=buy&status=completed')).map((t) => t.symbol)).toEqual([
      'ITC',
      'RELIANCE',
    ]);
    expect((await rows(ctx(), a, '?search=relI')).map((t) => t.orderId)).toEqual([buyReliance.id]);
    expect((await rows(ctx(), a, '?search=industries')).map((t) => t.symbol)).toEqual(['RELIANCE']);
    expect(
      (await rows(ctx(), a, `?search=${sellItc.id.slice(0, 13).toUpperCase()}`)).map((t) => t.orderId),
    ).toEqual([sellItc.id]);
    // LIKE wildcards are literal characters in a search.
    expect(await rows(ctx(), a, '?search=%25')).toEqual([]);
    expect((await rows(ctx(), a, '?search=_')).map((t) => t.symbol)).toEqual(['DAILY_REWARD']);
  });

  it('sorts by each column both ways', async () => {
    const quantities = (await rows(ctx(), a, '?sort=quantity&order=asc')).map((t) => t.quantity);
    expect(quantities).toEqual([...quantities].sort((x, y) => x - y));
    const amounts = (await rows(ctx(), a, '?sort=amount')).map((t) => t.totalAmount);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    const symbols = (await rows(ctx(), a, '?sort=symbol&order=asc')).map((t) => t.symbol);
    expect(symbols).toEqual([...symbols].sort());
    const statuses = (await rows(ctx(), a, '?sort=status&order=desc')).map((t) => t.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const dates = (await rows(ctx(), a, '?sort=date&order=asc')).map((t) => t.timestamp);
    expect(dates).toEqual([...dates].sort());
  });

  it('filters by date range relative to now in IST, and by explicit from/to', async () => {
    const user = await signUp(ctx());
    const old = await order(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 });
    const recent = await order(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 2 });
    await ctx().rows(
      sql`update fills set created_at = now() - interval '20 days' where order_id = ${old.id}`,
    );
    expect((await rows(ctx(), user, '?range=today')).map((t) => t.orderId)).toEqual([recent.id]);
    expect((await rows(ctx(), user, '?range=week')).map((t) => t.orderId)).toEqual([recent.id]);
    expect((await rows(ctx(), user, '?range=month')).map((t) => t.orderId)).toEqual([recent.id, old.id]);
    expect((await rows(ctx(), user, '?range=all')).map((t) => t.orderId)).toEqual([recent.id, old.id]);
    const to = encodeURIComponent(new Date(Date.now() - 10 * 86_400_000).toISOString());
    expect((await rows(ctx(), user, `?to=${to}`)).map((t) => t.orderId)).toEqual([old.id]);
    const from = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect(await rows(ctx(), user, `?from=${from}`)).toEqual([]);
  });

  it('never shows another user their rows, even when searching for their order id', async () => {
    const others = await rows(ctx(), b);
    expect(others.map((t) => t.symbol)).toEqual(['SBIN']);
    expect(await rows(ctx(), b, `?search=${buyReliance.id}`)).toEqual([]);
    const csv = await ctx().request({
      method: 'GET',
      url: `/api/transactions/export?search=${buyReliance.id}`,
      token: b.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(readCsv(csv.body)).toEqual([]);
  });

  it('rejects bad input with field messages and requires a session', async () => {
    for (const query of [
      '?type=gift',
      '?status=done',
      '?range=decade',
      '?sort=price',
      '?order=up',
      '?page=0',
      '?limit=500',
      '?from=yesterday',
      `?search=${'x'.repeat(65)}`,
    ]) {
      const res = await list(ctx(), a, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.json().errors ?? {}).length, query).toBeGreaterThan(0);
    }
    expect((await list(ctx(), a, '?from=yesterday')).json().errors).toEqual({
      from: 'from must be an ISO date-time',
    });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/transactions/export?type=gift', token: a.token }))
        .statusCode,
    ).toBe(400);
    expect((await ctx().request({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
    expect((await ctx().request({ method: 'GET', url: '/api/transactions/export' })).statusCode).toBe(401);
  });

  it('exports the filtered history as a CSV attachment named for the IST date', async () => {
    const res = await ctx().request({ method: 'GET', url: '/api/transactions/export', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="nivesh-transactions-${istDate(Date.now())}.csv"`,
    );
    const records = readCsv(res.body);
    expect(records).toHaveLength(7);
    expect(Object.keys(records[0]!)).toEqual([
      'Date',
      'Type',
      'Symbol',
      'Name',
      'Exchange',
      'Order Type',
      'Quantity',
      'Price',
      'Total Amount',
      'Fees',
      'Net Amount',
      'Status',
      'Gain/Loss',
      'Gain/Loss %',
      'Failure Reason',
      'Order ID',
      'Transaction ID',
      'Description',
    ]);
    const buy = records.find((r) => r['Order ID'] === buyReliance.id)!;
    expect(buy).toMatchObject({
      Type: 'buy',
      Symbol: 'RELIANCE',
      Quantity: '2',
      Status: 'completed',
      'Net Amount': (-buyReliance.total!).toFixed(2),
    });
    // A reason that a spreadsheet would run as a formula is written as text.
    expect(records.find((r) => r['Order ID'] === expiredId)!['Failure Reason']).toBe(
      `'=HYPERLINK("http://evil.test","x")`,
    );

    const sells = readCsv(
      (await ctx().request({ method: 'GET', url: '/api/transactions/export?type=sell', token: a.token }))
        .body,
    );
    expect(sells.map((r) => r['Order ID'])).toEqual([sellItc.id]);
    expect(sells[0]!['Gain/Loss']).toBe(sellItc.realizedPnL!.toFixed(2));
  });
});
