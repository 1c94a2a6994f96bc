import { expect, it } from 'vitest';
import {
  LEADERBOARD_OFF_MESSAGE,
  classLeaderboardResponseSchema,
  dayNumberToDate,
  instanceResponseSchema,
  istDayNumber,
  saytrixChatResponseSchema,
} from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';

/** Issue 26, operator settings: PUBLIC_LEADERBOARD and VIRTUAL_CASH_LABEL as a caller sees them. */

const today = istDayNumber(Date.now());

describeEachDb('instance settings: the defaults of a local instance', (ctx) => {
  it('serves the leaderboard switch (on) and the virtual cash wording to anyone', async () => {
    const res = await ctx().request({ method: 'GET', url: '/api/instance' });
    expect(res.statusCode).toBe(200);
    expect(instanceResponseSchema.parse(res.json()).data).toEqual({
      publicLeaderboard: true,
      virtualCashLabel: 'virtual cash',
      agentSandbox: false,
    });
    const user = await signUp(ctx());
    const board = await ctx().request({ method: 'GET', url: '/api/leaderboard', token: user.token });
    expect(board.statusCode).toBe(200);
  });
});

describeEachDb(
  'instance settings: public leaderboard off',
  (ctx) => {
    it('says so and the wording chosen at GET /api/instance', async () => {
      const res = await ctx().request({ method: 'GET', url: '/api/instance' });
      expect(instanceResponseSchema.parse(res.json()).data).toEqual({
        publicLeaderboard: false,
        virtualCashLabel: 'practice money',
        agentSandbox: false,
      });
    });

    it('refuses every leaderboard route with the reason; anonymous callers still get 401', async () => {
      const user = await signUp(ctx());
      for (const [method, url, payload] of [
        ['GET', '/api/leaderboard', undefined],
        ['GET', '/api/leaderboard?season=all', undefined],
        ['POST', '/api/leaderboard/join', { displayName: 'Nifty Ninja' }],
        ['POST', '/api/leaderboard/leave', undefined],
      ] as const) {
        const res = await ctx().request({
          method,
          url,
          token: user.token,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          message: LEADERBOARD_OFF_MESSAGE,
        });
      }
      expect((await ctx().request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401);
    });

    it("Saytrix's leaderboard answer says it is off here, with no link to it", async () => {
      const user = await signUp(ctx());
      const res = await ctx().request({
        method: 'POST',
        url: '/api/saytrix/chat',
        token: user.token,
        payload: { message: 'My leaderboard rank', sessionId: 'instance-off', mode: 'casual' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const reply = saytrixChatResponseSchema.parse(res.json()).data;
      expect(reply.intent).toBe('leaderboard');
      expect(reply.response).toBe(LEADERBOARD_OFF_MESSAGE);
      expect(reply.action).toBeUndefined();
    });

    it('leaves class standings working', async () => {
      const teacher = await signUp(ctx());
      const student = await signUp(ctx(), { fullName: 'Meera Iyer' });
      const created = await ctx().request({
        method: 'POST',
        url: '/api/classes',
        token: teacher.token,
        payload: {
          name: 'Markets 101',
          startingCash: 50_000,
          startDate: dayNumberToDate(today),
          endDate: dayNumberToDate(today + 30),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const cls = created.json().data as { id: string; inviteCode: string };
      const joined = await ctx().request({
        method: 'POST',
        url: '/api/classes/join',
        token: student.token,
        payload: { inviteCode: cls.inviteCode },
      });
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      const res = await ctx().request({
        method: 'GET',
        url: `/api/classes/${cls.id}/leaderboard`,
        token: student.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = classLeaderboardResponseSchema.parse(res.json()).data.rows;
      expect(rows.map((r) => r.fullName)).toEqual(['Meera Iyer']);
    });
  },
  { config: { publicLeaderboard: false, virtualCashLabel: 'practice money' } },
);
