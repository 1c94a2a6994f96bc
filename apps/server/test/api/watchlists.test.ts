import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  MAX_WATCHLIST_ITEMS,
  MAX_WATCHLISTS_PER_USER,
  WATCHLIST_ITEMS_LIMIT_MESSAGE,
  WATCHLISTS_LIMIT_MESSAGE,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

async function lists(ctx: TestContext, token: string) {
  const res = await ctx.request({ method: 'GET', url: '/api/watchlist', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    name: string;
    isDefault: boolean;
    stocks: { symbol: string; name: string; sector: string }[];
  }[];
}

describeEachDb('watchlists', (ctx) => {
  it('gives every user one default "My Watchlist", once', async () => {
    const user = await signUp(ctx());
    const [first, second] = await Promise.all([lists(ctx(), user.token), lists(ctx(), user.token)]);
    expect(first).toEqual([expect.objectContaining({ name: 'My Watchlist', isDefault: true, stocks: [] })]);
    expect(second.map((l) => l.id)).toEqual(first.map((l) => l.id));
  });

  it('creates lists with the user-facing messages and rejects empty or duplicate names', async () => {
    const user = await signUp(ctx());
    const created = await ctx().request({
      method: 'POST',
      url: '/api/watchlist/create',
      token: user.token,
      payload: { name: '  Banks  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Watchlist "Banks" created successfully!',
      data: { name: 'Banks', isDefault: false, stocks: [] },
    });
    const empty = await ctx().request({
      method: 'POST',
      url: '/api/watchlist/create',
      token: user.token,
      payload: { name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: 'Watchlist name cannot be empty' });
    const dup = await ctx().request({
      method: 'POST',
      url: '/api/watchlist/create',
      token: user.token,
      payload: { name: 'banks' },
    });
    expect(dup.statusCode).toBe(409);
    expect((await lists(ctx(), user.token)).map((l) => l.name)).toEqual(['My Watchlist', 'Banks']);
  });

  it('adds stocks in any accepted spelling, stores the canonical symbol, and rejects a duplicate', async () => {
    const user = await signUp(ctx());
    const [mine] = await lists(ctx(), user.token);
    const add = (symbol: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/watchlist/add',
        token: user.token,
        payload: { symbol, watchlistId: mine!.id },
      });
    const first = await add('reliance.ns');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Added RELIANCE to watchlist');
    expect(first.json().data.stocks).toEqual([
      expect.objectContaining({ symbol: 'RELIANCE', name: expect.stringMatching(/Reliance/i) }),
    ]);
    const again = await add('500325');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('RELIANCE is already in this watchlist.');
    expect((await add('TCS')).statusCode).toBe(200);
    expect((await add('NOSUCHSTOCK')).statusCode).toBe(404);
    expect((await add('<script>')).statusCode).toBe(400);

    const removed = await ctx().request({
      method: 'DELETE',
      url: `/api/watchlist/remove/RELIANCE/${mine!.id}`,
      token: user.token,
    });
    expect(removed.json()).toMatchObject({
      message: 'Removed RELIANCE from watchlist',
      data: { stocks: [expect.objectContaining({ symbol: 'TCS' })] },
    });
    const twice = await ctx().request({
      method: 'DELETE',
      url: `/api/watchlist/remove/RELIANCE/${mine!.id}`,
      token: user.token,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('deletes a list but never the default one', async () => {
    const user = await signUp(ctx());
    const made = (
      await ctx().request({
        method: 'POST',
        url: '/api/watchlist/create',
        token: user.token,
        payload: { name: 'Temp' },
      })
    ).json().data;
    const del = await ctx().request({
      method: 'DELETE',
      url: `/api/watchlist/${made.id}`,
      token: user.token,
    });
    expect(del.json()).toEqual({ success: true, message: 'Watchlist deleted successfully.' });
    const [mine] = await lists(ctx(), user.token);
    const nope = await ctx().request({
      method: 'DELETE',
      url: `/api/watchlist/${mine!.id}`,
      token: user.token,
    });
    expect(nope.statusCode).toBe(422);
    expect(await lists(ctx(), user.token)).toHaveLength(1);
  });

  it('answers another user’s watchlist ids with 404 and changes nothing', async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    const [aList] = await lists(ctx(), a.token);
    await ctx().request({
      method: 'POST',
      url: '/api/watchlist/add',
      token: a.token,
      payload: { symbol: 'INFY', watchlistId: aList!.id },
    });
    const attempts = [
      ctx().request({
        method: 'POST',
        url: '/api/watchlist/add',
        token: b.token,
        payload: { symbol: 'TCS', watchlistId: aList!.id },
      }),
      ctx().request({ method: 'DELETE', url: `/api/watchlist/remove/INFY/${aList!.id}`, token: b.token }),
      ctx().request({ method: 'DELETE', url: `/api/watchlist/${aList!.id}`, token: b.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Watchlist not found');
    }
    expect((await lists(ctx(), a.token))[0]!.stocks.map((s) => s.symbol)).toEqual(['INFY']);
    expect((await lists(ctx(), b.token)).map((l) => l.id)).not.toContain(aList!.id);
  });

  it('validates ids and needs a session', async () => {
    const user = await signUp(ctx());
    const bad = await ctx().request({
      method: 'POST',
      url: '/api/watchlist/add',
      token: user.token,
      payload: { symbol: 'TCS', watchlistId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx().request({ method: 'GET', url: '/api/watchlist' })).statusCode).toBe(401);
  });

  it(`stops at ${MAX_WATCHLISTS_PER_USER} lists per user with a 409 and a message`, async () => {
    const user = await signUp(ctx());
    await lists(ctx(), user.token);
    const create = (name: string) =>
      ctx().request({ method: 'POST', url: '/api/watchlist/create', token: user.token, payload: { name } });
    for (let i = 2; i < MAX_WATCHLISTS_PER_USER; i++)
      expect((await create(`List ${i}`)).statusCode).toBe(201);
    const both = await Promise.all([create('Last A'), create('Last B')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(WATCHLISTS_LIMIT_MESSAGE);
    expect(await lists(ctx(), user.token)).toHaveLength(MAX_WATCHLISTS_PER_USER);
  });

  it(`stops at ${MAX_WATCHLIST_ITEMS} stocks per list with a 409 and a message`, async () => {
    const user = await signUp(ctx());
    const [list] = await lists(ctx(), user.token);
    await ctx().rows(sql`
      insert into watchlist_items (watchlist_id, symbol)
      select ${list!.id}::uuid, 'FAKE' || n from generate_series(1, ${MAX_WATCHLIST_ITEMS - 1}) n`);
    const add = (symbol: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/watchlist/add',
        token: user.token,
        payload: { symbol, watchlistId: list!.id },
      });
    const both = await Promise.all([add('TCS'), add('INFY')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(WATCHLIST_ITEMS_LIMIT_MESSAGE);
    const [after] = await lists(ctx(), user.token);
    expect(after!.stocks).toHaveLength(MAX_WATCHLIST_ITEMS);
  });
});
