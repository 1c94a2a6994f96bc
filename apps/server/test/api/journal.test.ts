import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  JOURNAL_LIMIT_MESSAGE,
  MAX_JOURNAL_ENTRIES_PER_USER,
  journalEntryMessageResponseSchema,
  journalListResponseSchema,
  journalTagSummaryResponseSchema,
  type JournalEntry,
  type Order,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, quoteBand, type User } from '../support/orders.js';

function call(
  ctx: TestContext,
  user: User,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.request({
    method,
    url: `/api/trades${url}`,
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<JournalEntry> {
  const res = await call(ctx, user, 'POST', '', payload);
  expect(res.statusCode, res.body).toBe(201);
  const body = journalEntryMessageResponseSchema.parse(res.json());
  expect(body.message).toBe('Trade created successfully');
  return body.trade;
}

async function list(ctx: TestContext, user: User, query = '') {
  const res = await call(ctx, user, 'GET', query);
  expect(res.statusCode, res.body).toBe(200);
  return journalListResponseSchema.parse(res.json());
}

describeEachDb('trade journal', (ctx) => {
  let a: User;
  let b: User;
  let buy: Order;
  let sell: Order;

  beforeAll(async () => {
    a = await signUp(ctx());
    b = await signUp(ctx());
    buy = await filled(ctx(), a, { symbol: 'ITC', type: 'BUY', quantity: 4 });
    sell = await filled(ctx(), a, { symbol: 'ITC', type: 'SELL', quantity: 3 });
  });

  it('creates, reads, updates and deletes a manual entry with the user-facing messages', async () => {
    const user = await signUp(ctx());
    const made = await create(ctx(), user, {
      ticker: 'reliance.ns',
      quantity: 3,
      price: 2417.35,
      type: 'BUY',
      note: 'Gap up',
      tags: ['Breakout', 'breakout ', 'swing'],
      setup: 'Opening range',
      stop: 2380,
      target: 2500.5,
      confidence: 4,
    });
    expect(made).toMatchObject({
      ticker: 'RELIANCE',
      currency: 'INR',
      quantity: 3,
      price: 2417.35,
      type: 'BUY',
      total: 7252.05,
      fillId: null,
      fill: null,
      note: 'Gap up',
      tags: ['breakout', 'swing'],
      setup: 'Opening range',
      stop: 2380,
      target: 2500.5,
      confidence: 4,
      review: '',
    });

    const got = await call(ctx(), user, 'GET', `/${made.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ success: true, trade: made });

    const patched = await call(ctx(), user, 'PATCH', `/${made.id}`, {
      price: 2420,
      type: 'SELL',
      review: 'Took profit too early',
      stop: null,
      confidence: 2,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      success: true,
      message: 'Trade updated successfully',
      trade: {
        price: 2420,
        type: 'SELL',
        total: 7260,
        review: 'Took profit too early',
        stop: null,
        target: 2500.5,
        confidence: 2,
        note: 'Gap up',
      },
    });

    const deleted = await call(ctx(), user, 'DELETE', `/${made.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Trade deleted successfully' });
    expect((await call(ctx(), user, 'GET', `/${made.id}`)).statusCode).toBe(404);
    expect((await call(ctx(), user, 'DELETE', `/${made.id}`)).statusCode).toBe(404);
    expect((await list(ctx(), user)).trades).toEqual([]);
  });

  it('shows US tickers in dollars and keeps an unknown off-app ticker in rupees', async () => {
    const user = await signUp(ctx());
    expect(
      await create(ctx(), user, { ticker: 'aapl', quantity: 1, price: 190.12, type: 'BUY' }),
    ).toMatchObject({ ticker: 'AAPL', currency: 'USD', price: 190.12 });
    expect(
      await create(ctx(), user, { ticker: 'zzidea', quantity: 2, price: 10.5, type: 'SELL' }),
    ).toMatchObject({ ticker: 'ZZIDEA', currency: 'INR', total: 21 });
  });

  it('refuses bad input with a 400 and a message per field', async () => {
    const missing = await call(ctx(), a, 'POST', '', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      ticker: 'Ticker is required',
      quantity: 'Quantity must be a whole number greater than 0',
      price: 'Price must be greater than 0',
      type: 'Type must be BUY or SELL',
    });
    const bad = await call(ctx(), a, 'POST', '', {
      ticker: 'TCS',
      quantity: 1.5,
      price: 10.001,
      type: 'HOLD',
      confidence: 6,
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      note: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      quantity: 'Quantity must be a whole number greater than 0',
      price: 'Price must have at most 2 decimals',
      type: 'Type must be BUY or SELL',
      confidence: 'Confidence must be a whole number from 1 to 5',
      tags: 'At most 10 tags',
      note: 'Note must be at most 2,000 characters',
    });
    const unsafe = await call(ctx(), a, 'POST', '', {
      ticker: 'TCS',
      quantity: 1,
      price: 10,
      type: 'BUY',
      note: 'a\u0000b',
      review: 'x\ud800y',
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().errors).toEqual({
      note: 'Note contains characters that cannot be stored',
      review: 'Review contains characters that cannot be stored',
    });
    const ticker = await call(ctx(), a, 'POST', '', {
      ticker: '<script>',
      quantity: 1,
      price: 10,
      type: 'BUY',
    });
    expect(ticker.json().errors).toEqual({ ticker: 'Ticker may use only letters, digits, &, ^, . and -' });
    const extra = await call(ctx(), a, 'POST', '', {
      ticker: 'TCS',
      quantity: 1,
      price: 10,
      type: 'BUY',
      userId: b.user.id,
    });
    expect(extra.statusCode).toBe(400);
    expect((await call(ctx(), a, 'GET', '/not-a-uuid')).statusCode).toBe(400);
    expect((await call(ctx(), a, 'GET', '?limit=500')).json().errors).toEqual({
      limit: 'Limit must be a whole number from 1 to 100',
    });
    const made = await create(ctx(), a, { ticker: 'TCS', quantity: 1, price: 10, type: 'BUY' });
    const badPatch = await call(ctx(), a, 'PATCH', `/${made.id}`, { quantity: 0, tags: ['a,b'] });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().errors).toEqual({
      quantity: 'Quantity must be a whole number greater than 0',
      'tags.0': 'Tags cannot contain commas',
    });
    await call(ctx(), a, 'DELETE', `/${made.id}`);
  });

  it('refuses a price, stop or target that rounds to 0 paise with a 400, on create and on update', async () => {
    for (const tiny of [1e-10, 5e-324, 0.004]) {
      const res = await call(ctx(), a, 'POST', '', {
        ticker: 'TCS',
        quantity: 1,
        price: tiny,
        type: 'BUY',
        stop: tiny,
        target: tiny,
      });
      expect(res.statusCode, `${tiny}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({
        price: 'Price must be at least 0.01',
        stop: 'Stop must be at least 0.01',
        target: 'Target must be at least 0.01',
      });
    }
    const made = await create(ctx(), a, { ticker: 'TCS', quantity: 1, price: 0.01, type: 'BUY', stop: 0.01 });
    expect(made.price).toBe(0.01);
    const patch = await call(ctx(), a, 'PATCH', `/${made.id}`, { price: 1e-10, target: 5e-324 });
    expect(patch.statusCode).toBe(400);
    expect((await call(ctx(), a, 'GET', `/${made.id}`)).json().trade).toMatchObject({
      price: 0.01,
      stop: 0.01,
    });
    // The database holds the same rule, should any other path try to store a 0.
    await expect(
      ctx().rows(sql`update journal_entries set stop_minor = 0 where id = ${made.id}`),
    ).rejects.toThrow();
    await call(ctx(), a, 'DELETE', `/${made.id}`);
  });

  it(`stops at ${MAX_JOURNAL_ENTRIES_PER_USER.toLocaleString('en-IN')} entries per user with a 409 and a message`, async () => {
    const user = await signUp(ctx());
    await ctx().rows(sql`
      insert into journal_entries (user_id, account_id, ticker, quantity, price_minor, type)
      select ${user.user.id}::uuid, (select id from cash_accounts where user_id = ${user.user.id}), 'TCS', 1, 100, 'BUY'
      from generate_series(1, ${MAX_JOURNAL_ENTRIES_PER_USER - 1})`);
    const payload = { ticker: 'TCS', quantity: 1, price: 10, type: 'BUY' };
    // Two at once with one place left: exactly one gets it.
    const both = await Promise.all([
      call(ctx(), user, 'POST', '', payload),
      call(ctx(), user, 'POST', '', payload),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(JOURNAL_LIMIT_MESSAGE);
    expect((await list(ctx(), user, '?limit=1')).pagination.total).toBe(MAX_JOURNAL_ENTRIES_PER_USER);
    // Deleting one makes room again.
    const [first] = (await list(ctx(), user, '?limit=1')).trades;
    await call(ctx(), user, 'DELETE', `/${first!.id}`);
    expect((await call(ctx(), user, 'POST', '', payload)).statusCode).toBe(201);
  });

  it("keeps every entry private: another user's id is a 404 on every route", async () => {
    const mine = await create(ctx(), a, { ticker: 'TCS', quantity: 1, price: 3000, type: 'BUY' });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { note: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(ctx(), b, method, `/${mine.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Trade not found');
    }
    expect((await list(ctx(), b)).trades).toEqual([]);
    expect((await call(ctx(), a, 'GET', `/${mine.id}`)).json().trade.note).toBe('');
    // Another user's fill or order cannot be linked or previewed either.
    const fillOfA = (await call(ctx(), a, 'GET', `/link?orderId=${sell.id}`)).json().fill.id as string;
    expect((await call(ctx(), b, 'POST', '', { fillId: fillOfA })).statusCode).toBe(404);
    expect((await call(ctx(), b, 'POST', '', { orderId: sell.id })).statusCode).toBe(404);
    expect((await call(ctx(), b, 'GET', `/link?fillId=${fillOfA}`)).statusCode).toBe(404);
    expect((await call(ctx(), b, 'PATCH', `/${mine.id}`, { fillId: fillOfA })).statusCode).toBe(404);
    const bEntry = await create(ctx(), b, { ticker: 'TCS', quantity: 1, price: 3000, type: 'BUY' });
    expect((await call(ctx(), b, 'PATCH', `/${bEntry.id}`, { fillId: fillOfA })).statusCode).toBe(404);
    await call(ctx(), a, 'DELETE', `/${mine.id}`);
    await call(ctx(), b, 'DELETE', `/${bEntry.id}`);
  });

  it('links an entry to a fill, takes its facts and P&L from the ledger, and journals a fill once', async () => {
    const preview = await call(ctx(), a, 'GET', `/link?orderId=${sell.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const fill = preview.json().fill;
    expect(fill).toMatchObject({
      orderId: sell.id,
      ticker: 'ITC',
      type: 'SELL',
      quantity: 3,
      price: sell.executionPrice,
      fees: sell.fees,
      realizedPnl: sell.realizedPnL,
    });
    expect((await call(ctx(), a, 'GET', '/link')).statusCode).toBe(400);

    const linked = await create(ctx(), a, { fillId: fill.id, tags: ['scalp'], note: 'Sold into strength' });
    expect(linked).toMatchObject({
      ticker: 'ITC',
      currency: 'INR',
      quantity: 3,
      type: 'SELL',
      price: sell.executionPrice,
      fillId: fill.id,
      fill: { id: fill.id, realizedPnl: sell.realizedPnL },
    });

    const again = await call(ctx(), a, 'POST', '', { orderId: sell.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ fillId: 'This fill is already in your journal' });

    const mismatch = await call(ctx(), a, 'POST', '', { orderId: buy.id, quantity: 99, type: 'SELL' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({
      quantity: 'The linked fill is 4 shares',
      type: 'The linked fill is a BUY',
    });
    const locked = await call(ctx(), a, 'PATCH', `/${linked.id}`, { price: 1 });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().errors.price).toMatch(/^The linked fill's price is /);

    const buyEntry = await create(ctx(), a, { orderId: buy.id, quantity: 4, tags: ['scalp', 'swing'] });
    expect(buyEntry.fill).toMatchObject({ type: 'BUY', quantity: 4, realizedPnl: null });

    // Unlinking frees the fact fields and drops the ledger's figures.
    const unlinked = await call(ctx(), a, 'PATCH', `/${buyEntry.id}`, { fillId: null, quantity: 5 });
    expect(unlinked.json().trade).toMatchObject({ fillId: null, fill: null, quantity: 5, ticker: 'ITC' });
    const relinked = await call(ctx(), a, 'PATCH', `/${buyEntry.id}`, {
      fillId: (await call(ctx(), a, 'GET', `/link?orderId=${buy.id}`)).json().fill.id,
    });
    expect(relinked.json().trade).toMatchObject({ quantity: 4, fill: { type: 'BUY' } });

    // A limit well under the market (inside the day's band) rests unfilled.
    const restingPrice = (await quoteBand(ctx(), a, 'INFY')).at(0.85);
    const resting = await ctx().request({
      method: 'POST',
      url: '/api/orders/place',
      token: a.token,
      payload: {
        clientOrderId: `k-${randomUUID()}`,
        symbol: 'INFY',
        type: 'BUY',
        orderType: 'LIMIT',
        price: restingPrice,
        quantity: 1,
      },
    });
    expect((await call(ctx(), a, 'POST', '', { orderId: resting.json().data.order.id })).statusCode).toBe(
      404,
    );
  });

  it('filters by tag and type, pages newest first, and sums P&L per tag from the linked sells', async () => {
    const user = await signUp(ctx());
    const buyOrder = await filled(ctx(), user, { symbol: 'SBIN', type: 'BUY', quantity: 5 });
    const sellOrder = await filled(ctx(), user, { symbol: 'SBIN', type: 'SELL', quantity: 2 });
    await create(ctx(), user, { orderId: buyOrder.id, tags: ['momentum'] });
    await create(ctx(), user, { orderId: sellOrder.id, tags: ['momentum', 'exit'] });
    await create(ctx(), user, { ticker: 'TCS', quantity: 1, price: 3000, type: 'SELL', tags: ['exit'] });

    expect((await list(ctx(), user, '?tag=Momentum')).trades.map((t) => [t.ticker, t.type])).toEqual([
      ['SBIN', 'SELL'],
      ['SBIN', 'BUY'],
    ]);
    expect((await list(ctx(), user, '?type=SELL')).trades.map((t) => t.ticker)).toEqual(['TCS', 'SBIN']);
    expect((await list(ctx(), user, '?tag=exit&type=BUY')).trades).toEqual([]);
    const page2 = await list(ctx(), user, '?limit=2&page=2');
    expect(page2.trades.map((t) => [t.ticker, t.type])).toEqual([['SBIN', 'BUY']]);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    const res = await call(ctx(), user, 'GET', '/tags');
    expect(res.statusCode).toBe(200);
    const pnl = sellOrder.realizedPnL!;
    expect(journalTagSummaryResponseSchema.parse(res.json()).tags).toEqual([
      {
        tag: 'exit',
        entries: 2,
        closedTrades: 1,
        wins: pnl > 0 ? 1 : 0,
        winRate: pnl > 0 ? 100 : 0,
        realizedPnl: pnl,
      },
      {
        tag: 'momentum',
        entries: 2,
        closedTrades: 1,
        wins: pnl > 0 ? 1 : 0,
        winRate: pnl > 0 ? 100 : 0,
        realizedPnl: pnl,
      },
    ]);
  });

  it('needs a session', async () => {
    expect((await ctx().request({ method: 'GET', url: '/api/trades' })).statusCode).toBe(401);
  });

  it('documents the journal and habits routes in the OpenAPI document', async () => {
    const doc = (await ctx().request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/trades/'] ?? doc.paths['/api/trades'] ?? {}).sort()).toEqual([
      'get',
      'post',
    ]);
    expect(Object.keys(doc.paths['/api/trades/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/trades/tags']).toHaveProperty('get');
    expect(doc.paths['/api/trades/link']).toHaveProperty('get');
    expect(doc.paths['/api/insights/habits']).toHaveProperty('get');
  });
});
