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

async function counts(ctx: TestContext, userId: string) {
  const [row] = await ctx.rows<Record<string, string>>(sql`select
    (select count(*) from orders where user_id = ${userId})::text as orders,
    (select count(*) from fills where user_id = ${userId})::text as fills,
    (select count(*) from positions where user_id = ${userId})::text as positions,
    (select count(*) from ledger_entries where user_id = ${userId})::text as ledger,
    (select count(*) from equity_snapshots where user_id = ${userId})::text as snapshots,
    (select coalesce(sum(amount_paise), 0) from ledger_entries where user_id = ${userId})::text as ledger_sum,
    (select balance_paise from cash_accounts where user_id = ${userId})::text as balance,
    (select reserved_paise from cash_accounts where user_id = ${userId})::text as reserved`);
  return row!;
}

describeEachDb('virtual account reset', (ctx) => {
  it('clears orders, fills, positions, history and snapshots and restarts at ₹10,000 from one ledger entry', async () => {
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
    expect(Number((await counts(ctx(), user.user.id)).snapshots)).toBeGreaterThan(0);

    const spy = vi.spyOn(ctx().app.realtime, 'toUser');
    try {
      const res = await reset(ctx(), user, { confirm: 'RESET' });
      expect(res.statusCode, res.body).toBe(200);
      expect(resetAccountResponseSchema.parse(res.json()).message).toBe(
        'Virtual account reset. Your balance is ₹10,000.00 again.',
      );
      const pushed = spy.mock.calls.find((c) => c[0] === user.user.id && c[1] === 'balance-updated');
      expect(pushed?.[2]).toEqual({
        balance: 10_000,
        availableCash: 10_000,
        reserved: 0,
        portfolioId: expect.any(String),
      });
    } finally {
      spy.mockRestore();
    }

    expect(await counts(ctx(), user.user.id)).toEqual({
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
    expect(notes[0]).toMatchObject({ title: 'Virtual account reset' });

    // Today's reward stays claimed: a reset is not a way to collect it twice.
    const again = (
      await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token: user.token })
    ).json();
    expect(again.reward.awarded).toBe(false);
    expect(account.lastLoginReward).not.toBeNull();

    // Trading works as before on the fresh account.
    expect((await place(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const after = await counts(ctx(), user.user.id);
    expect(after.ledger_sum).toBe(after.balance);
  });

  it('needs the typed confirmation: a missing or wrong one is a 400 and changes nothing', async () => {
    const user = await signUp(ctx());
    expect((await place(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 })).statusCode).toBe(201);
    const before = await counts(ctx(), user.user.id);
    for (const payload of [undefined, {}, { confirm: 'reset' }, { confirm: 'yes' }, { confirm: true }]) {
      const res = await reset(ctx(), user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (payload !== undefined)
        expect(res.json().errors, JSON.stringify(payload)).toEqual({ confirm: 'Type RESET to confirm' });
    }
    expect(await counts(ctx(), user.user.id)).toEqual(before);
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
    const bBefore = await counts(ctx(), b.user.id);
    await Promise.all([
      reset(ctx(), a, { confirm: 'RESET' }),
      place(ctx(), a, { symbol: 'ITC', type: 'BUY', quantity: 1 }),
      place(ctx(), a, { symbol: 'SBIN', type: 'BUY', quantity: 1 }),
      reset(ctx(), a, { confirm: 'RESET' }),
    ]);
    const aAfter = await counts(ctx(), a.user.id);
    expect(aAfter.ledger_sum).toBe(aAfter.balance);
    expect(Number(aAfter.positions)).toBe(Number(aAfter.fills));
    expect(await counts(ctx(), b.user.id)).toEqual(bBefore);
  });
});
