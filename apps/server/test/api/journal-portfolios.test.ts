import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type JournalEntry, type Order, type Portfolio } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import type { User } from '../support/orders.js';

/** The trade journal per named portfolio (issue 25 §1): entries, tags and fill links stay in their portfolio. */

async function custom(ctx: TestContext, user: User): Promise<Portfolio> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/portfolios',
    token: user.token,
    payload: { name: `P ${randomUUID().slice(0, 8)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Portfolio;
}

const q = (portfolioId?: string, sep = '?') => (portfolioId ? `${sep}portfolioId=${portfolioId}` : '');

async function create(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<JournalEntry> {
  const res = await ctx.request({ method: 'POST', url: '/api/trades', token: user.token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().trade as JournalEntry;
}

async function listIds(ctx: TestContext, user: User, portfolioId?: string): Promise<string[]> {
  const res = await ctx.request({ method: 'GET', url: `/api/trades${q(portfolioId)}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().trades as JournalEntry[]).map((t) => t.id);
}

async function tagsOf(ctx: TestContext, user: User, portfolioId?: string): Promise<string[]> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/trades/tags${q(portfolioId)}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().tags as { tag: string }[]).map((t) => t.tag);
}

/** Every journal row as it stands, to show a refused request changed nothing. */
const journalState = (ctx: TestContext) =>
  ctx.rows(sql`select id, note, tags, quantity, fill_id, account_id from journal_entries order by id`);

const manual = (portfolioId: string | undefined, tag: string) => ({
  ticker: 'ITC',
  quantity: 2,
  price: 400,
  type: 'BUY',
  tags: [tag],
  ...(portfolioId ? { portfolioId } : {}),
});

describeEachDb('trade journal per portfolio', (ctx) => {
  it("lists and tags only the named portfolio's entries; another portfolio's or user's id is a 404 that changes nothing", async () => {
    const user = await signUp(ctx());
    const a = await custom(ctx(), user);
    const b = await custom(ctx(), user);
    const inMain = await create(ctx(), user, manual(undefined, 'main-idea'));
    const inA = await create(ctx(), user, manual(a.id, 'a-idea'));

    expect(await listIds(ctx(), user)).toEqual([inMain.id]);
    expect(await listIds(ctx(), user, a.id)).toEqual([inA.id]);
    expect(await listIds(ctx(), user, b.id)).toEqual([]);
    expect(await tagsOf(ctx(), user)).toEqual(['main-idea']);
    expect(await tagsOf(ctx(), user, a.id)).toEqual(['a-idea']);
    expect(await tagsOf(ctx(), user, b.id)).toEqual([]);

    const other = await signUp(ctx());
    const [otherMain] = (
      await ctx().request({ method: 'GET', url: '/api/portfolios', token: other.token })
    ).json().data as Portfolio[];
    const tries: [string | undefined, string][] = [
      [b.id, inA.id], // A's entry through B
      [undefined, inA.id], // A's entry through main
      [a.id, inMain.id], // main's entry through A
      [otherMain!.id, inA.id], // another user's portfolio
    ];
    for (const [portfolioId, id] of tries) {
      const before = await journalState(ctx());
      const body = portfolioId ? { portfolioId } : {};
      const responses = [
        await ctx().request({ method: 'GET', url: `/api/trades/${id}${q(portfolioId)}`, token: user.token }),
        await ctx().request({
          method: 'PATCH',
          url: `/api/trades/${id}`,
          token: user.token,
          payload: { ...body, note: 'moved' },
        }),
        await ctx().request({
          method: 'DELETE',
          url: `/api/trades/${id}`,
          token: user.token,
          ...(portfolioId ? { payload: body } : {}),
        }),
      ];
      for (const res of responses) expect(res.statusCode, res.body).toBe(404);
      expect(await journalState(ctx())).toEqual(before);
    }
    const before = await journalState(ctx());
    for (const url of [`/api/trades${q(otherMain!.id)}`, `/api/trades/tags${q(otherMain!.id)}`]) {
      expect((await ctx().request({ method: 'GET', url, token: user.token })).statusCode).toBe(404);
    }
    const foreignCreate = await ctx().request({
      method: 'POST',
      url: '/api/trades',
      token: user.token,
      payload: manual(otherMain!.id, 'x'),
    });
    expect(foreignCreate.statusCode).toBe(404);
    expect(await journalState(ctx())).toEqual(before);

    // Through its own portfolio the same calls work.
    const read = await ctx().request({
      method: 'GET',
      url: `/api/trades/${inA.id}${q(a.id)}`,
      token: user.token,
    });
    expect(read.json().trade.id).toBe(inA.id);
    const edited = await ctx().request({
      method: 'PATCH',
      url: `/api/trades/${inA.id}`,
      token: user.token,
      payload: { portfolioId: a.id, note: 'kept' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().trade.note).toBe('kept');
    const gone = await ctx().request({
      method: 'DELETE',
      url: `/api/trades/${inA.id}`,
      token: user.token,
      payload: { portfolioId: a.id },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await listIds(ctx(), user, a.id)).toEqual([]);
    expect(await listIds(ctx(), user)).toEqual([inMain.id]);
  });

  it("links only the portfolio's own fills", async () => {
    const user = await signUp(ctx());
    const a = await custom(ctx(), user);
    const placed = await ctx().request({
      method: 'POST',
      url: '/api/orders/place',
      token: user.token,
      payload: {
        clientOrderId: randomUUID(),
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        portfolioId: a.id,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order as Order;
    expect(order.status).toBe('FILLED');

    // From main, A's order and fill are not found.
    const fromMain = await ctx().request({
      method: 'GET',
      url: `/api/trades/link?orderId=${order.id}`,
      token: user.token,
    });
    expect(fromMain.statusCode).toBe(404);
    const link = await ctx().request({
      method: 'GET',
      url: `/api/trades/link?orderId=${order.id}${q(a.id, '&')}`,
      token: user.token,
    });
    expect(link.statusCode, link.body).toBe(200);
    const fillId = link.json().fill.id as string;
    const before = await journalState(ctx());
    const wrong = await ctx().request({
      method: 'POST',
      url: '/api/trades',
      token: user.token,
      payload: { fillId },
    });
    expect(wrong.statusCode).toBe(404);
    expect(await journalState(ctx())).toEqual(before);

    const entry = await create(ctx(), user, { fillId, portfolioId: a.id });
    expect(entry).toMatchObject({ ticker: 'ITC', quantity: 2, type: 'BUY', fillId });
    expect(await listIds(ctx(), user, a.id)).toEqual([entry.id]);
    expect(await listIds(ctx(), user)).toEqual([]);
  });

  it('refuses an unknown field beside portfolioId (the bodies stay strict)', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'POST',
      url: '/api/trades',
      token: user.token,
      payload: { ...manual(undefined, 'x'), account: 'other' },
    });
    expect(res.statusCode).toBe(400);
  });
});
