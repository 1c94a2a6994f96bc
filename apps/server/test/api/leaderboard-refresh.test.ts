import { expect, it } from 'vitest';
import { leaderboardResponseSchema, type Leaderboard } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, type User } from '../support/orders.js';

/** The global leaderboard moves without its players visiting it (issue 26 §Standings). */

const NOW = Date.now();

async function board(ctx: TestContext, user: User): Promise<Leaderboard> {
  const res = await ctx.request({ method: 'GET', url: '/api/leaderboard?season=all', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardResponseSchema.parse(res.json()).data;
}

const join = async (ctx: TestContext, user: User, displayName: string) => {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/leaderboard/join',
    token: user.token,
    payload: { displayName },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describeEachDb(
  'leaderboard refresh without visits',
  (ctx) => {
    it("a player's trade reaches the table by the refresh job, though the player never opens it", async () => {
      const trader = await signUp(ctx());
      const viewer = await signUp(ctx());
      await join(ctx(), trader, `Quiet Trader ${NOW % 1000}`);
      await join(ctx(), viewer, `Onlooker ${NOW % 1000}`);
      await filled(ctx(), trader, { symbol: 'ITC', type: 'BUY', quantity: 5 });

      // Before: only the trader's own visit would have brought their day up to date.
      const before = await board(ctx(), viewer);
      expect(before.rows.find((r) => r.displayName.startsWith('Quiet Trader'))).toBeUndefined();

      // Enough rounds to reach every player of this database in turn.
      for (let i = 0; i < 4; i += 1) await ctx().app.leaderboardRefresh.runOnce();
      const after = await board(ctx(), viewer);
      expect(after.rows.find((r) => r.displayName.startsWith('Quiet Trader'))).toMatchObject({ trades: 1 });
    });
  },
  { now: () => NOW },
);
