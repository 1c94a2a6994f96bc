import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import {
  DAY_MS,
  REWARD_ALREADY_CLAIMED_MESSAGE,
  REWARD_CLAIMED_MESSAGE,
  STARTING_BALANCE_PAISE,
  istDate,
  loginRewardResponseSchema,
  dailyRewardStatusResponseSchema,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;

const claim = (ctx: TestContext, user: User) =>
  ctx.request({ method: 'POST', url: '/api/virtual-money/login-reward', token: user.token });
const status = (ctx: TestContext, user: User) =>
  ctx.request({ method: 'GET', url: '/api/virtual-money/daily-reward', token: user.token });

async function money(ctx: TestContext, userId: string) {
  const [row] = await ctx.rows<{ balance: string; sum: string; rewards: string }>(sql`
    select a.balance_paise::text as balance,
      (select coalesce(sum(amount_paise), 0) from ledger_entries where user_id = ${userId})::text as sum,
      (select count(*) from ledger_entries where user_id = ${userId} and kind = 'DAILY_REWARD')::text as rewards
    from cash_accounts a where a.user_id = ${userId}`);
  return { balance: BigInt(row!.balance), ledgerSum: BigInt(row!.sum), rewardEntries: Number(row!.rewards) };
}

/** Moves the stored last claim back `days` IST days, as if it had happened then. */
async function claimedDaysAgo(ctx: TestContext, userId: string, days: number) {
  const date = istDate(Date.now() - days * DAY_MS);
  await ctx.rows(
    sql`update daily_rewards set last_claim_date = ${date}, last_claimed_at = last_claimed_at - make_interval(days => ${days}) where user_id = ${userId}`,
  );
}

describeEachDb('daily reward', (ctx) => {
  it('credits ₹100 once per IST day as a ledger entry, then says it was already claimed', async () => {
    const user = await signUp(ctx());
    const before = dailyRewardStatusResponseSchema.parse((await status(ctx(), user)).json()).data;
    expect(before).toMatchObject({
      lastClaimDate: null,
      loginStreak: 0,
      totalRewards: 0,
      claimedToday: false,
      amount: 100,
    });

    const first = await claim(ctx(), user);
    expect(first.statusCode, first.body).toBe(200);
    const body = loginRewardResponseSchema.parse(first.json());
    expect(body.message).toBe(REWARD_CLAIMED_MESSAGE);
    expect(body.reward).toEqual({ awarded: true, amount: 100, streak: 1, totalRewards: 100 });
    const today = istDate(Date.now());
    expect(body.data).toMatchObject({
      lastClaimDate: today,
      loginStreak: 1,
      totalRewards: 100,
      claimedToday: true,
    });
    // Claimable again from the next IST midnight (18:30 UTC).
    expect(body.data.nextRewardAvailable).toMatch(/T18:30:00\.000Z$/);
    expect(Date.parse(body.data.nextRewardAvailable)).toBeGreaterThan(Date.now());

    const m = await money(ctx(), user.user.id);
    expect(m).toEqual({
      balance: STARTING_BALANCE_PAISE + 10_000n,
      ledgerSum: STARTING_BALANCE_PAISE + 10_000n,
      rewardEntries: 1,
    });
    const [entry] = await ctx().rows<{ amount: string; after: string; description: string }>(
      sql`select amount_paise::text as amount, balance_after_paise::text as after, description from ledger_entries where user_id = ${user.user.id} and kind = 'DAILY_REWARD'`,
    );
    expect(entry).toEqual({
      amount: '10000',
      after: String(STARTING_BALANCE_PAISE + 10_000n),
      description: 'Daily login reward (day 1 streak)',
    });

    const again = loginRewardResponseSchema.parse((await claim(ctx(), user)).json());
    expect(again.message).toBe(REWARD_ALREADY_CLAIMED_MESSAGE);
    expect(again.reward).toEqual({ awarded: false, amount: 0, streak: 1, totalRewards: 100 });
    expect((await money(ctx(), user.user.id)).rewardEntries).toBe(1);

    const account = (
      await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token: user.token })
    ).json().data;
    expect(account.balance).toBe(10_100);
    expect(Date.parse(account.lastLoginReward)).toBeGreaterThan(Date.now() - 60_000);
    expect(account.transactions[0]).toMatchObject({
      kind: 'DAILY_REWARD',
      amount: 100,
      balanceAfter: 10_100,
    });
  });

  it('credits once when two tabs (or five) claim at the same moment', async () => {
    const user = await signUp(ctx());
    const results = await Promise.all(Array.from({ length: 5 }, () => claim(ctx(), user)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const awarded = results.map((r) => r.json().reward.awarded as boolean);
    expect(awarded.filter(Boolean)).toHaveLength(1);
    expect(results.filter((r) => r.json().message === REWARD_ALREADY_CLAIMED_MESSAGE)).toHaveLength(4);
    const m = await money(ctx(), user.user.id);
    expect(m).toEqual({
      balance: STARTING_BALANCE_PAISE + 10_000n,
      ledgerSum: STARTING_BALANCE_PAISE + 10_000n,
      rewardEntries: 1,
    });
  });

  it('continues the streak from yesterday, restarts it after a missed day, and totals every reward', async () => {
    const user = await signUp(ctx());
    await claim(ctx(), user);
    await claimedDaysAgo(ctx(), user.user.id, 1);
    // Yesterday's claim keeps the streak alive before today's claim.
    expect((await status(ctx(), user)).json().data).toMatchObject({ loginStreak: 1, claimedToday: false });
    const second = (await claim(ctx(), user)).json();
    expect(second.reward).toEqual({ awarded: true, amount: 100, streak: 2, totalRewards: 200 });

    await claimedDaysAgo(ctx(), user.user.id, 1);
    expect((await claim(ctx(), user)).json().reward.streak).toBe(3);

    await claimedDaysAgo(ctx(), user.user.id, 2);
    // A missed day breaks it: shown as 0, and the next claim starts again at 1.
    expect((await status(ctx(), user)).json().data).toMatchObject({ loginStreak: 0, claimedToday: false });
    const restarted = (await claim(ctx(), user)).json();
    expect(restarted.reward).toEqual({ awarded: true, amount: 100, streak: 1, totalRewards: 400 });
    const descriptions = (
      await ctx().rows<{ description: string }>(
        sql`select description from ledger_entries where user_id = ${user.user.id} and kind = 'DAILY_REWARD' order by id`,
      )
    ).map((r) => r.description);
    expect(descriptions).toEqual([
      'Daily login reward (day 1 streak)',
      'Daily login reward (day 2 streak)',
      'Daily login reward (day 3 streak)',
      'Daily login reward (day 1 streak)',
    ]);
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE + 40_000n);
    expect(m.ledgerSum).toBe(m.balance);
  });

  it('raises a notification and pushes balance-updated when it credits, and neither when it does not', async () => {
    const user = await signUp(ctx());
    const spy = vi.spyOn(ctx().app.realtime, 'toUser');
    try {
      await claim(ctx(), user);
      const balance = spy.mock.calls.find((c) => c[0] === user.user.id && c[1] === 'balance-updated');
      expect(balance?.[2]).toEqual({
        balance: 10_100,
        availableCash: 10_100,
        reserved: 0,
        portfolioId: expect.any(String),
      });
      const notes = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data;
      expect(notes[0]).toMatchObject({ type: 'success', title: 'Daily reward claimed' });
      expect(notes[0].message).toBe('₹100.00 was added to your virtual balance. Login streak: 1 day.');

      spy.mockClear();
      await claim(ctx(), user);
      expect(spy.mock.calls.filter((c) => c[0] === user.user.id)).toEqual([]);
      const after = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token })
      ).json().data;
      expect(after.filter((n: { title: string }) => n.title === 'Daily reward claimed')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('needs a session, and one user claiming does not claim for another', async () => {
    expect((await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward' })).statusCode).toBe(
      401,
    );
    expect((await ctx().request({ method: 'GET', url: '/api/virtual-money/daily-reward' })).statusCode).toBe(
      401,
    );
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    await claim(ctx(), a);
    expect((await status(ctx(), b)).json().data).toMatchObject({ claimedToday: false, totalRewards: 0 });
    expect((await claim(ctx(), b)).json().reward.awarded).toBe(true);
    expect((await money(ctx(), a.user.id)).rewardEntries).toBe(1);
    expect((await money(ctx(), b.user.id)).rewardEntries).toBe(1);
  });
});
