import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { STARTING_BALANCE_PAISE, resetAccountResponseSchema } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { quoteBand } from '../support/orders.js';

type User = Awaited<ReturnType<typeof signUp>>;

function place(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: { clientOrderId: `k-${randomUUID()}`, orderType: 'MARKET', ...payload },
  });
}

const reset = (ctx: TestContext, user: User, payload?: unknown) =>
  ctx.request({
    method: 'POST',
    url: '/api/virtual-money/reset',
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The cash account of main's open season. */
async function mainAccount(ctx: TestContext, userId: string): Promise<string> {
  const [row] = await ctx.rows<{ id: string }>(sql`select ca.id from cash_accounts ca
    join portfolios p on p.id = ca.portfolio_id and ca.season = p.season
    where p.user_id = ${userId} and p.kind = 'main'`);
  return row!.id;
}

async function counts(ctx: TestContext, accountId: string) {
  const [row] = await ctx.rows<Record<string, string>>(sql`select
    (select count(*) from orders where account_id = ${accountId})::text as orders,
    (select count(*) from fills where account_id = ${accountId})::text as fills,
    (select count(*) from positions where account_id = ${accountId} and quantity > 0)::text as positions,
    (select count(*) from ledger_entries where account_id = ${accountId})::text as ledger,
    (select count(*) from equity_snapshots where account_id = ${accountId})::text as snapshots,
    (select coalesce(sum(amount_paise), 0) from ledger_entries where account_id = ${accountId})::text as ledger_sum,
    (select balance_paise from cash_accounts where id = ${accountId})::text as balance,
    (select reserved_paise from cash_accounts where id = ${accountId})::text as reserved`);
  return row!;
}

/** For every account (season) of the user: balance = Σ ledger, and each position = Σ its fills. */
async function integrity(ctx: TestContext, userId: string) {
  return ctx.rows<{ account: string; ledger_ok: boolean; positions_ok: boolean }>(sql`select ca.id as account,
    ca.balance_paise = (select coalesce(sum(amount_paise), 0) from ledger_entries l where l.account_id = ca.id) as ledger_ok,
    not exists (select 1 from positions pos where pos.account_id = ca.id and pos.quantity <> (
      select coalesce(sum(case when f.side = 'BUY' then f.quantity else -f.quantity end), 0) from fills f
      where f.account_id = ca.id and f.symbol = pos.symbol and f.product = pos.product)) as positions_ok
    from cash_accounts ca where ca.user_id = ${userId}`);
}

describeEachDb('virtual account reset', (ctx) => {
  it('archives main’s season (nothing deleted) and restarts main at ₹10,000 from one ledger entry', async () => {
    const user = await signUp(ctx());
    expect((await place(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 3 })).statusCode).toBe(201);
    expect((await place(ctx(), user, { symbol: 'RELIANCE', type: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const limit = await place(ctx(), user, {
      symbol: 'INFY',
      type: 'BUY',
      orderType: 'LIMIT',
      price: (await quoteBand(ctx(), user, 'INFY')).at(0.5),
      quantity: 1,
    });
    expect(limit.statusCode).toBe(201);
    expect(
      (
        await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token: user.token })
      ).json().reward.awarded,
    ).toBe(true);
    await ctx().rows(
      sql`update ledger_entries set created_at = created_at - interval '2 days' where user_id = ${user.user.id}`,
    );
    await ctx().request({ method: 'GET', url: '/api/portfolio/performance?range=1W', token: user.token });
    const closing = await mainAccount(ctx(), user.user.id);
    const before = await counts(ctx(), closing);
    expect(Number(before.snapshots)).toBeGreaterThan(0);

    const spy = vi.spyOn(ctx().app.realtime, 'toUser');
    try {
      const res = await reset(ctx(), user, { confirm: 'RESET' });
      expect(res.statusCode, res.body).toBe(200);
      expect(resetAccountResponseSchema.parse(res.json()).message).toBe(
        'Virtual account reset. Your balance is ₹10,000.00 again; season 1 is kept on History.',
      );
      // The closing season's released order is announced too; the new season's balance is among the pushes.
      const pushed = spy.mock.calls.filter((c) => c[0] === user.user.id && c[1] === 'balance-updated');
      expect(pushed.map((c) => c[2])).toContainEqual({
        balance: 10_000,
        availableCash: 10_000,
        reserved: 0,
        portfolioId: expect.any(String),
      });
    } finally {
      spy.mockRestore();
    }

    // The closed season keeps everything; only its resting limit order was cancelled (reservation freed).
    expect(await counts(ctx(), closing)).toEqual({ ...before, ledger: before.ledger, reserved: '0' });
    const fresh = await mainAccount(ctx(), user.user.id);
    expect(fresh).not.toBe(closing);
    expect(await counts(ctx(), fresh)).toEqual({
      orders: '0',
      fills: '0',
      positions: '0',
      ledger: '1',
      snapshots: '0',
      ledger_sum: STARTING_BALANCE_PAISE.toString(),
      balance: STARTING_BALANCE_PAISE.toString(),
      reserved: '0',
    });
    const account = (
      await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token: user.token })
    ).json().data;
    expect(account).toMatchObject({
      balance: 10_000,
      availableCash: 10_000,
      reserved: 0,
      totalInvested: 0,
      portfolioValue: 0,
      totalGains: 0,
    });
    expect(account.transactions).toEqual([
      expect.objectContaining({ kind: 'OPENING_BALANCE', amount: 10_000, balanceAfter: 10_000 }),
    ]);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })).json().data,
    ).toEqual([]);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/orders/all', token: user.token })).json().data,
    ).toEqual([]);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/transactions', token: user.token })).json().data,
    ).toEqual([]);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/portfolio/stats', token: user.token })).json().data
        .totalTrades,
    ).toBe(0);
    const perf = (
      await ctx().request({ method: 'GET', url: '/api/portfolio/performance?range=ALL', token: user.token })
    ).json().data;
    expect(perf.points).toEqual([expect.objectContaining({ portfolioValue: 10_000 })]);

    const notes = (
      await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
    ).json().data;
    expect(notes[0]).toMatchObject({ title: 'Virtual account reset', link: '/history' });
    const mainId = (await ctx().request({ method: 'GET', url: '/api/portfolios', token: user.token }))
      .json()
      .data.find((p: { kind: string }) => p.kind === 'main').id;
    const seasons = (
      await ctx().request({ method: 'GET', url: `/api/portfolios/${mainId}/seasons`, token: user.token })
    ).json().data;
    expect(seasons.map((x: { season: number; final: unknown }) => [x.season, x.final !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // The closed season's orders are still there to open on /history.
    const archived = (
      await ctx().request({ method: 'GET', url: '/api/orders/all?season=1', token: user.token })
    ).json().data;
    expect(archived).toHaveLength(3);

    // Today's reward stays claimed: a reset is not a way to collect it twice.
    const again = (
      await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token: user.token })
    ).json();
    expect(again.reward.awarded).toBe(false);
    expect(account.lastLoginReward).not.toBeNull();

    // Trading works as before on the fresh account.
    expect((await place(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const after = await counts(ctx(), fresh);
    expect(after.ledger_sum).toBe(after.balance);
    expect((await integrity(ctx(), user.user.id)).every((r) => r.ledger_ok && r.positions_ok)).toBe(true);
  });

  it('needs the typed confirmation: a missing or wrong one is a 400 and changes nothing', async () => {
    const user = await signUp(ctx());
    expect((await place(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const before = await counts(ctx(), await mainAccount(ctx(), user.user.id));
    for (const payload of [undefined, {}, { confirm: 'reset' }, { confirm: 'yes' }, { confirm: true }]) {
      const res = await reset(ctx(), user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (payload !== undefined)
        expect(res.json().errors, JSON.stringify(payload)).toEqual({ confirm: 'Type RESET to confirm' });
    }
    expect(await counts(ctx(), await mainAccount(ctx(), user.user.id))).toEqual(before);
    expect(
      (
        await ctx().request({
          method: 'POST',
          url: '/api/virtual-money/reset',
          payload: { confirm: 'RESET' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('resets only the caller, and a reset racing orders leaves balance = Σ ledger', async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    expect((await place(ctx(), b, { symbol: 'ITC', type: 'BUY', quantity: 2 })).statusCode).toBe(201);
    const bAccount = await mainAccount(ctx(), b.user.id);
    const bBefore = await counts(ctx(), bAccount);
    await Promise.all([
      reset(ctx(), a, { confirm: 'RESET' }),
      place(ctx(), a, { symbol: 'ITC', type: 'BUY', quantity: 1 }),
      place(ctx(), a, { symbol: 'SBIN', type: 'BUY', quantity: 1 }),
      reset(ctx(), a, { confirm: 'RESET' }),
    ]);
    const seasons = await integrity(ctx(), a.user.id);
    expect(seasons.length).toBeGreaterThanOrEqual(2);
    expect(seasons.every((r) => r.ledger_ok && r.positions_ok)).toBe(true);
    expect(await mainAccount(ctx(), b.user.id)).toBe(bAccount);
    expect(await counts(ctx(), bAccount)).toEqual(bBefore);
  });
});
