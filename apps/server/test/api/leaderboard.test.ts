import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { computeFees, leaderboardResponseSchema, rupeesToPaise, type Leaderboard } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, type User } from '../support/orders.js';

// A stopped market clock at the real time (the database stamps fills with its own clock): prices
// stand still, so every return below is the fees and nothing else.
const NOW = Date.now();
const istDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
// Monday to Sunday of the IST week holding NOW.
const weekday = (new Date(NOW + 330 * 60_000).getUTCDay() + 6) % 7;
const MONDAY = istDate(NOW - weekday * 86_400_000);
const SUNDAY = istDate(NOW + (6 - weekday) * 86_400_000);

async function board(ctx: TestContext, user: User, query = ''): Promise<Leaderboard> {
  const res = await ctx.request({ method: 'GET', url: `/api/leaderboard${query}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardResponseSchema.parse(res.json()).data;
}

const join = (ctx: TestContext, user: User, payload: unknown) =>
  ctx.request({
    method: 'POST',
    url: '/api/leaderboard/join',
    token: user.token,
    payload: payload as object,
  });

describeEachDb(
  'leaderboard',
  (ctx) => {
    it('validates the display name: a pseudonym, unique ignoring case, never an e-mail', async () => {
      const user = await signUp(ctx());
      for (const displayName of [
        '',
        'ab',
        'a'.repeat(25),
        user.email,
        'bad\u0000name',
        'lone\ud800x',
        '  spaced  out ',
        '<script>',
        42,
      ]) {
        const res = await join(ctx(), user, { displayName });
        expect(res.statusCode, String(displayName)).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'VALIDATION_ERROR',
          errors: { displayName: expect.any(String) },
        });
      }
      expect((await join(ctx(), user, {})).statusCode).toBe(400);
      expect((await join(ctx(), user, { displayName: 'Nifty Ninja', showHoldings: 'yes' })).statusCode).toBe(
        400,
      );
      expect((await join(ctx(), user, { displayName: 'Nifty Ninja' })).json()).toEqual({
        success: true,
        message: 'You are on the leaderboard as Nifty Ninja',
      });
      const other = await signUp(ctx());
      const taken = await join(ctx(), other, { displayName: 'nifty ninja' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors.displayName).toBe('That display name is taken; please choose another');
      // Renaming yourself to your own name in another case is fine.
      expect((await join(ctx(), user, { displayName: 'NIFTY NINJA' })).statusCode).toBe(200);
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: '/api/leaderboard/join',
            payload: { displayName: 'Anon One' },
          })
        ).statusCode,
      ).toBe(401);
      expect((await ctx().request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/leaderboard?season=year', token: user.token }))
          .statusCode,
      ).toBe(400);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/leaderboard?page=0', token: user.token }))
          .statusCode,
      ).toBe(400);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/leaderboard?page=x', token: user.token }))
          .statusCode,
      ).toBe(400);
    });

    it('ranks after one trade by the time-weighted return; a reward and a reset neither help nor hurt', async () => {
      const user = await signUp(ctx());
      expect((await join(ctx(), user, { displayName: 'Patient Investor' })).statusCode).toBe(200);
      let data = await board(ctx(), user, '?season=week');
      expect(data).toMatchObject({ season: 'week', startDate: MONDAY, endDate: SUNDAY });
      expect(data.you).toMatchObject({
        joined: true,
        displayName: 'Patient Investor',
        showHoldings: false,
        row: null,
      });
      expect(data.rows.find((r) => r.isYou)).toBeUndefined();

      const order = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 20 });
      const fees = computeFees('BUY', rupeesToPaise(order.executionPrice!) * 20n).total;
      // Bought at the price it is valued at: the return is the fees over ₹10,000.
      const expected = Math.round((-Number(fees) / 1_000_000) * 100 * 100) / 100;
      expect(expected).toBeLessThan(0);
      data = await board(ctx(), user, '?season=week');
      expect(data.you.row).toMatchObject({
        displayName: 'Patient Investor',
        returnPercent: expected,
        trades: 1,
        daysActive: 1,
        holdings: null,
        isYou: true,
      });
      expect(data.rows).toContainEqual(data.you.row);

      // ₹100 of reward is outside cash, not return.
      expect(
        (
          await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token: user.token })
        ).json().reward.awarded,
      ).toBe(true);
      const month = await board(ctx(), user, '?season=month');
      expect(month.startDate).toBe(`${istDate(NOW).slice(0, 7)}-01`);
      expect(month.you.row).toMatchObject({ returnPercent: expected, trades: 1 });

      // A reset back to ₹10,000 keeps the score and the trade count.
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: '/api/virtual-money/reset',
            token: user.token,
            payload: { confirm: 'RESET' },
          })
        ).statusCode,
      ).toBe(200);
      const after = await board(ctx(), user, '?season=all');
      expect(after).toMatchObject({ startDate: null, endDate: null });
      expect(after.you.row).toMatchObject({ returnPercent: expected, trades: 1, daysActive: 1 });
    });

    it('ranks from the stored history with the hand-computed return of a reward and a reset', async () => {
      const player = await signUp(ctx());
      const viewer = await signUp(ctx());
      expect((await join(ctx(), player, { displayName: 'Hand Computed' })).statusCode).toBe(200);
      await filled(ctx(), player, { symbol: 'ITC', type: 'BUY', quantity: 1 });
      // The same five days as the unit test: +5%, a ₹100 reward on a flat day, −10%, +5% then a
      // reset (−₹17 of outside cash), +2% → 1.05 × 1 × 0.9 × 1.05 × 1.02 − 1 = +1.21%, drawdown 10%.
      const id = player.user.id;
      await ctx().rows(sql`delete from leaderboard_days where user_id = ${id}`);
      await ctx().rows(
        sql`update leaderboard_players set joined_at = now() - interval '6 days', join_equity_paise = 1000000, join_flow_paise = 0, join_trades = 0 where user_id = ${id}`,
      );
      await ctx()
        .rows(sql`insert into leaderboard_days (user_id, day, equity_paise, flow_paise, trades, carried_flow_paise, carried_trades) values
        (${id}, (now() + interval '330 minutes')::date - 5, 1050000, 0, 1, 0, 0),
        (${id}, (now() + interval '330 minutes')::date - 4, 1060000, 10000, 0, 0, 0),
        (${id}, (now() + interval '330 minutes')::date - 3, 954000, 0, 0, 0, 0),
        (${id}, (now() + interval '330 minutes')::date - 2, 1000000, 0, 0, -1700, 2),
        (${id}, (now() + interval '330 minutes')::date - 1, 1020000, 0, 1, 0, 0)`);
      await board(ctx(), viewer, '?season=week');
      const data = await board(ctx(), viewer, '?season=all');
      expect(data.rows.find((r) => r.displayName === 'Hand Computed')).toMatchObject({
        returnPercent: 1.21,
        maxDrawdownPercent: 10,
        trades: 4,
        daysActive: 3,
        isYou: false,
      });
    });

    it('keeps holdings private unless shown, never shows an e-mail, and finds your rank on any page', async () => {
      const shy = await signUp(ctx());
      const open = await signUp(ctx());
      expect((await join(ctx(), shy, { displayName: 'Shy Saver' })).statusCode).toBe(200);
      expect((await join(ctx(), open, { displayName: 'Open Book', showHoldings: true })).statusCode).toBe(
        200,
      );
      await filled(ctx(), shy, { symbol: 'INFY', type: 'BUY', quantity: 1 });
      await filled(ctx(), open, { symbol: 'TCS', type: 'BUY', quantity: 1 });
      await board(ctx(), shy);
      await board(ctx(), open);

      const res = await ctx().request({
        method: 'GET',
        url: '/api/leaderboard?season=all',
        token: shy.token,
      });
      expect(res.body).not.toContain(shy.email);
      expect(res.body).not.toContain(open.email);
      expect(res.body).not.toContain(open.user.id);
      const rows = leaderboardResponseSchema.parse(res.json()).data.rows;
      expect(rows.find((r) => r.displayName === 'Open Book')).toMatchObject({
        holdings: [{ symbol: 'TCS', quantity: 1 }],
        isYou: false,
      });
      expect(rows.find((r) => r.displayName === 'Shy Saver')).toMatchObject({ holdings: null, isYou: true });

      // 20 more ranked players push someone onto page 2; they still see their own rank on page 1.
      const crowd: User[] = [];
      for (let i = 0; i < 20; i += 1) {
        const u = await signUp(ctx());
        expect((await join(ctx(), u, { displayName: `Crowd Player ${i}` })).statusCode).toBe(200);
        await filled(ctx(), u, { symbol: 'ITC', type: 'BUY', quantity: 1 + (i % 3) });
        await board(ctx(), u);
        crowd.push(u);
      }
      const page1 = await board(ctx(), shy, '?season=all&page=1');
      const page2 = await board(ctx(), shy, '?season=all&page=2');
      expect(page1.totalPages).toBeGreaterThanOrEqual(2);
      expect(page1.rows).toHaveLength(20);
      expect(page1.rows.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(page2.rows[0]!.rank).toBe(21);
      // Players of the other tests share this table; pick one of ours that landed on page 2.
      const names = ['Shy Saver', 'Open Book', ...crowd.map((_, i) => `Crowd Player ${i}`)];
      const last = page2.rows.filter((r) => names.includes(r.displayName)).pop()!;
      const lastUser = [shy, open, ...crowd][names.indexOf(last.displayName)]!;
      const theirs = await board(ctx(), lastUser, '?season=all&page=1');
      expect(theirs.rows.some((r) => r.isYou)).toBe(false);
      expect(theirs.you.row).toMatchObject({ rank: last.rank, displayName: last.displayName, isYou: true });
      // The ranking is by return: never better further down.
      const all = [...page1.rows, ...page2.rows];
      for (let i = 1; i < all.length; i += 1)
        expect(all[i]!.returnPercent).toBeLessThanOrEqual(all[i - 1]!.returnPercent);
    });

    it('lets a player leave at any time', async () => {
      const user = await signUp(ctx());
      expect(
        (await ctx().request({ method: 'POST', url: '/api/leaderboard/leave', token: user.token }))
          .statusCode,
      ).toBe(404);
      expect((await join(ctx(), user, { displayName: 'Here Briefly' })).statusCode).toBe(200);
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 1 });
      expect((await board(ctx(), user, '?season=all')).you.row).not.toBeNull();
      const left = await ctx().request({ method: 'POST', url: '/api/leaderboard/leave', token: user.token });
      expect(left.json()).toEqual({ success: true, message: 'You have left the leaderboard' });
      const data = await board(ctx(), user, '?season=all');
      expect(data.you).toMatchObject({ joined: false, displayName: null, row: null });
      expect(data.rows.some((r) => r.displayName === 'Here Briefly')).toBe(false);
      // The name is free again.
      const other = await signUp(ctx());
      expect((await join(ctx(), other, { displayName: 'here briefly' })).statusCode).toBe(200);
    });
  },
  { now: () => NOW },
);
