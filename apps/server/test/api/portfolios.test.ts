import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  CUSTOM_PORTFOLIOS_LIMIT_MESSAGE,
  MAX_CUSTOM_PORTFOLIOS,
  type Order,
  type Portfolio,
  type PortfolioSeason,
} from '@nivesh/shared';
import { databaseQuery, integrityViolations } from '../support/integrity.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { key, quote, quoteBand, type User } from '../support/orders.js';

/** Named portfolios (issue 25 §1): create/list, money per portfolio, isolation, reset and seasons. */

const NOT_FOUND = 'Portfolio not found';

async function list(ctx: TestContext, user: User): Promise<Portfolio[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/portfolios', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Portfolio[];
}

async function create(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/portfolios', token: user.token, payload });
}

async function custom(ctx: TestContext, user: User, name = `P ${randomUUID().slice(0, 8)}`) {
  const res = await create(ctx, user, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Portfolio;
}

async function account(ctx: TestContext, user: User, portfolioId?: string) {
  const query = portfolioId ? `?portfolioId=${portfolioId}` : '';
  const res = await ctx.request({
    method: 'GET',
    url: `/api/virtual-money/account${query}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { balance: number; availableCash: number; reserved: number };
}

async function placeIn(
  ctx: TestContext,
  user: User,
  portfolioId: string | undefined,
  body: Record<string, unknown>,
) {
  return ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: key(), orderType: 'MARKET', ...body, ...(portfolioId ? { portfolioId } : {}) },
  });
}

/** Every money row and balance in the database, to show a refused request changed nothing. */
async function moneyState(ctx: TestContext) {
  return ctx.rows(
    sql`select (select json_agg(json_build_object('id', id, 'b', balance_paise::text, 'r', reserved_paise::text) order by id) from cash_accounts) as accounts,
               (select count(*)::int from orders) as orders, (select count(*)::int from ledger_entries) as ledger,
               (select count(*)::int from fills) as fills, (select count(*)::int from portfolios) as portfolios,
               (select json_agg(status order by id) from orders) as statuses`,
  );
}

describeEachDb('named portfolios', (ctx) => {
  it('a new user has main; custom ones are created with ₹10,000 by default, up to the cap', async () => {
    const user = await signUp(ctx());
    const [main, ...rest] = await list(ctx(), user);
    expect(rest).toEqual([]);
    expect(main).toMatchObject({ name: 'Main', kind: 'main', season: 1, startingCash: 10_000 });

    const first = await custom(ctx(), user, 'Momentum');
    expect(first).toMatchObject({ name: 'Momentum', kind: 'custom', season: 1, startingCash: 10_000 });
    expect((await account(ctx(), user, first.id)).balance).toBe(10_000);
    const rich = await create(ctx(), user, { name: 'Big', startingCash: 50_000 });
    expect(rich.statusCode, rich.body).toBe(201);
    expect((await account(ctx(), user, rich.json().data.id)).balance).toBe(50_000);

    for (let i = 2; i < MAX_CUSTOM_PORTFOLIOS; i += 1) await custom(ctx(), user);
    const over = await create(ctx(), user, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(CUSTOM_PORTFOLIOS_LIMIT_MESSAGE);
    const kinds = (await list(ctx(), user)).map((p) => p.kind);
    expect(kinds).toEqual(['main', ...Array(MAX_CUSTOM_PORTFOLIOS).fill('custom')]);

    expect((await create(ctx(), user, { name: '  ' })).statusCode).toBe(400);
    expect((await create(ctx(), user, { name: 'x', startingCash: 10.5 })).statusCode).toBe(400);
    expect((await create(ctx(), user, { name: 'x', startingCash: 999 })).statusCode).toBe(400);
  });

  it('money flows into the portfolio named: main is untouched, and each balance = Σ its ledger', async () => {
    const user = await signUp(ctx());
    const side = await custom(ctx(), user);
    const res = await placeIn(ctx(), user, side.id, { symbol: 'ITC', type: 'BUY', quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    expect(order.status).toBe('FILLED');

    expect(await account(ctx(), user)).toMatchObject({ balance: 10_000, reserved: 0 });
    // The profile's balance is main's too, not another portfolio's.
    const profile = await ctx().request({ method: 'GET', url: '/api/user/profile', token: user.token });
    expect(profile.json().user.virtualMoney.balance).toBe(10_000);
    const sideAccount = await account(ctx(), user, side.id);
    expect(sideAccount.balance).toBeCloseTo(10_000 - order.total!, 2);

    const holdings = async (portfolioId?: string) =>
      (
        await ctx().request({
          method: 'GET',
          url: `/api/portfolio/holdings${portfolioId ? `?portfolioId=${portfolioId}` : ''}`,
          token: user.token,
        })
      ).json().data as { symbol: string; quantity: number }[];
    expect(await holdings()).toEqual([]);
    expect((await holdings(side.id)).map((h) => [h.symbol, h.quantity])).toEqual([['ITC', 3]]);

    const orders = async (portfolioId?: string) =>
      (
        await ctx().request({
          method: 'GET',
          url: `/api/orders/all${portfolioId ? `?portfolioId=${portfolioId}` : ''}`,
          token: user.token,
        })
      ).json().data as Order[];
    expect(await orders()).toEqual([]);
    expect((await orders(side.id)).map((o) => o.id)).toEqual([order.id]);

    // Trading in both: the invariants hold per portfolio account, including the new ones.
    expect(
      (await placeIn(ctx(), user, undefined, { symbol: 'ITC', type: 'BUY', quantity: 1 })).statusCode,
    ).toBe(201);
    const sell = await placeIn(ctx(), user, side.id, { symbol: 'ITC', type: 'SELL', quantity: 2 });
    expect(sell.statusCode, sell.body).toBe(201);
    // A portfolio cannot sell shares only another portfolio holds.
    const borrowed = await placeIn(ctx(), user, undefined, { symbol: 'ITC', type: 'SELL', quantity: 2 });
    expect(borrowed.statusCode).toBe(422);
    const ledgers = await ctx().rows<{ balance: string; ledger: string }>(
      sql`select a.balance_paise::text as balance, (select coalesce(sum(amount_paise), 0) from ledger_entries l where l.account_id = a.id)::text as ledger
          from cash_accounts a where a.user_id = ${user.user.id}`,
    );
    expect(ledgers).toHaveLength(2);
    for (const row of ledgers) expect(row.balance).toBe(row.ledger);
    expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
  });

  it("another user's portfolio is a 404 on every money route and changes nothing; a malformed id is a 400", async () => {
    const owner = await signUp(ctx());
    const theirs = await custom(ctx(), owner);
    const [theirMain] = await list(ctx(), owner);
    const intruder = await signUp(ctx());
    const price = await quote(ctx(), intruder, 'ITC');
    const mine = await placeIn(ctx(), intruder, undefined, { symbol: 'ITC', type: 'BUY', quantity: 1 });
    const myOrder = mine.json().data.order as Order;

    for (const foreign of [theirs.id, theirMain!.id, randomUUID()]) {
      const before = await moneyState(ctx());
      const q = `portfolioId=${foreign}`;
      const routes: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
        {
          method: 'POST',
          url: '/api/orders/place',
          payload: {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity: 1,
            clientOrderId: key(),
            portfolioId: foreign,
          },
        },
        {
          method: 'POST',
          url: '/api/orders/preview',
          payload: { symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 1, portfolioId: foreign },
        },
        {
          method: 'POST',
          url: '/api/virtual-money/buy',
          payload: { stockSymbol: 'ITC', quantity: 1, price, portfolioId: foreign },
        },
        {
          method: 'POST',
          url: '/api/virtual-money/sell',
          payload: { stockSymbol: 'ITC', quantity: 1, price, portfolioId: foreign },
        },
        { method: 'PATCH', url: `/api/orders/${myOrder.id}`, payload: { quantity: 2, portfolioId: foreign } },
        { method: 'POST', url: `/api/orders/cancel/${myOrder.id}`, payload: { portfolioId: foreign } },
        { method: 'DELETE', url: `/api/orders/${myOrder.id}?${q}` },
        { method: 'GET', url: `/api/orders/${myOrder.id}?${q}` },
        { method: 'GET', url: `/api/orders/all?${q}` },
        { method: 'GET', url: `/api/orders/history?${q}` },
        { method: 'GET', url: `/api/orders/export?${q}` },
        { method: 'GET', url: `/api/portfolio/holdings?${q}` },
        { method: 'GET', url: `/api/portfolio/summary?${q}` },
        { method: 'GET', url: `/api/portfolio/account?${q}` },
        { method: 'GET', url: `/api/virtual-money/account?${q}` },
        { method: 'GET', url: `/api/portfolio/performance?${q}` },
        { method: 'GET', url: `/api/portfolio/stats?${q}` },
        { method: 'GET', url: `/api/transactions?${q}` },
        { method: 'GET', url: `/api/transactions/export?${q}` },
        { method: 'GET', url: `/api/ledger/transactions?${q}` },
        { method: 'POST', url: `/api/portfolios/${foreign}/reset` },
        { method: 'GET', url: `/api/portfolios/${foreign}/seasons` },
      ];
      for (const route of routes) {
        const res = await ctx().request({ ...route, token: intruder.token });
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(404);
        expect(res.json().message, `${route.method} ${route.url}`).toBe(NOT_FOUND);
      }
      expect(await moneyState(ctx())).toEqual(before);
    }

    for (const url of ['/api/orders/all?portfolioId=nope', '/api/portfolio/summary?portfolioId=1']) {
      expect((await ctx().request({ method: 'GET', url, token: intruder.token })).statusCode).toBe(400);
    }
    const malformed = await placeIn(ctx(), intruder, 'not-a-uuid', {
      symbol: 'ITC',
      type: 'BUY',
      quantity: 1,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("portfolio A's order id used with portfolio B is a 404, and the order is untouched", async () => {
    const user = await signUp(ctx());
    const b = await custom(ctx(), user);
    const { at } = await quoteBand(ctx(), user, 'ITC');
    const res = await placeIn(ctx(), user, undefined, {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: at(0.9),
      quantity: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order as Order;
    expect(order.status).toBe('PENDING');
    const before = await moneyState(ctx());
    const routes: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/api/orders/${order.id}?portfolioId=${b.id}` },
      { method: 'PATCH', url: `/api/orders/${order.id}`, payload: { quantity: 1, portfolioId: b.id } },
      { method: 'POST', url: `/api/orders/cancel/${order.id}`, payload: { portfolioId: b.id } },
      { method: 'DELETE', url: `/api/orders/${order.id}?portfolioId=${b.id}` },
    ];
    for (const route of routes) {
      const r = await ctx().request({ ...route, token: user.token });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(r.json().message).toBe('Order not found');
    }
    expect(await moneyState(ctx())).toEqual(before);
    // The same id with its own portfolio (main, the default) still answers.
    const own = await ctx().request({ method: 'GET', url: `/api/orders/${order.id}`, token: user.token });
    expect(own.json().data).toMatchObject({ id: order.id, status: 'PENDING' });
    // A key reused in another portfolio is another order, not a replay of this one.
    const reused = await placeIn(ctx(), user, b.id, {
      symbol: 'ITC',
      type: 'BUY',
      quantity: 1,
      clientOrderId: 'shared-key-1',
    });
    expect(reused.statusCode).toBe(201);
    const again = await placeIn(ctx(), user, undefined, {
      symbol: 'ITC',
      type: 'BUY',
      quantity: 1,
      clientOrderId: 'shared-key-1',
    });
    expect(again.statusCode).toBe(422);
  });

  it('reset closes the season read-only (its orders, ledger and figures kept) and starts afresh', async () => {
    const user = await signUp(ctx());
    const side = await custom(ctx(), user);
    const bought = await placeIn(ctx(), user, side.id, { symbol: 'ITC', type: 'BUY', quantity: 2 });
    expect(bought.statusCode).toBe(201);
    const { at } = await quoteBand(ctx(), user, 'ITC');
    const resting = await placeIn(ctx(), user, side.id, {
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: at(0.9),
      quantity: 1,
    });
    const restingOrder = resting.json().data.order as Order;
    expect(restingOrder.status).toBe('PENDING');
    const ledgerBefore = await ctx().rows(
      sql`select id::text, amount_paise::text from ledger_entries where user_id = ${user.user.id} order by id`,
    );

    const reset = await ctx().request({
      method: 'POST',
      url: `/api/portfolios/${side.id}/reset`,
      token: user.token,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ id: side.id, season: 2 });
    expect(await account(ctx(), user, side.id)).toMatchObject({ balance: 10_000, reserved: 0 });
    // Nothing was deleted: every ledger line of season 1 is still there, unchanged.
    const ledgerAfter = await ctx().rows(
      sql`select id::text, amount_paise::text from ledger_entries where user_id = ${user.user.id} order by id`,
    );
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);

    const seasons = (
      await ctx().request({ method: 'GET', url: `/api/portfolios/${side.id}/seasons`, token: user.token })
    ).json().data as PortfolioSeason[];
    expect(seasons.map((s) => [s.season, s.endedAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(seasons[0]!.final).toMatchObject({ trades: 1 });
    expect(seasons[0]!.final!.chargesPaid).toBeGreaterThanOrEqual(0);
    expect(seasons[1]!.final).toBeNull();

    const read = async (url: string) =>
      (await ctx().request({ method: 'GET', url, token: user.token })).json().data as {
        id: string;
        status: string;
      }[];
    expect(await read(`/api/orders/all?portfolioId=${side.id}`)).toEqual([]);
    const old = await read(`/api/orders/all?portfolioId=${side.id}&season=1`);
    expect(old.find((o) => o.id === restingOrder.id)?.status).toBe('CANCELLED');
    expect(old).toHaveLength(2);
    expect((await read(`/api/transactions?portfolioId=${side.id}&season=1`)).length).toBeGreaterThan(0);
    const missing = await ctx().request({
      method: 'GET',
      url: `/api/orders/all?portfolioId=${side.id}&season=3`,
      token: user.token,
    });
    expect(missing.statusCode).toBe(404);
    // A closed season's order cannot be acted on: writes go to the open season.
    const cancelOld = await ctx().request({
      method: 'POST',
      url: `/api/orders/cancel/${restingOrder.id}`,
      token: user.token,
      payload: { portfolioId: side.id },
    });
    expect(cancelOld.statusCode).toBe(404);
    expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
  });

  it('the daily reward goes to main only', async () => {
    const user = await signUp(ctx());
    const side = await custom(ctx(), user);
    const res = await ctx().request({
      method: 'POST',
      url: '/api/virtual-money/login-reward',
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await account(ctx(), user)).balance).toBe(10_100);
    expect((await account(ctx(), user, side.id)).balance).toBe(10_000);
  });
});
