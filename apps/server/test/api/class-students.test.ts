import { expect, it } from 'vitest';
import {
  classStudentHoldingsSchema,
  classStudentSchema,
  dayNumberToDate,
  istDayNumber,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { key, quoteBand, type User } from '../support/orders.js';
import { createClassAs, joinClassAs } from '../support/classes.js';

/** The teacher's view of a student and holdings visibility (issue 26 §Teacher view, §Standings). */

const NOW = Date.now();
const today = istDayNumber(NOW);
const day = (offset: number) => dayNumberToDate(today + offset);

async function classroom(ctx: TestContext, rules: Record<string, unknown> = {}) {
  const teacher = await signUp(ctx, { fullName: 'Meera Iyer' });
  const asha = await signUp(ctx, { fullName: 'Asha Rao' });
  const ravi = await signUp(ctx, { fullName: 'Ravi Kumar' });
  const cls = await createClassAs(ctx, teacher, rules, { startDate: day(0), endDate: day(30) });
  const portfolios: Record<string, string> = {};
  for (const s of [asha, ravi]) portfolios[s.user.id] = await joinClassAs(ctx, s, cls);
  return { teacher, asha, ravi, cls, portfolios };
}

async function buy(ctx: TestContext, user: User, portfolioId: string, symbol: string, note?: string) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/orders/place',
    token: user.token,
    payload: {
      clientOrderId: key(),
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 1,
      symbol,
      portfolioId,
      ...(note ? { note } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const get = (ctx: TestContext, user: User, url: string) =>
  ctx.request({ method: 'GET', url, token: user.token });

describeEachDb(
  'class students',
  (ctx) => {
    it('the teacher sees a student’s habits, holdings, trades with notes and rubric; the student sees their own', async () => {
      const { teacher, asha, cls, portfolios } = await classroom(ctx(), { maxPositionPercent: 50 });
      await buy(ctx(), asha, portfolios[asha.user.id]!, 'ITC', 'Cheap on earnings');
      await buy(ctx(), asha, portfolios[asha.user.id]!, 'INFY');
      // A stop on ITC: one of the two holdings has its exit planned.
      const stop = (await quoteBand(ctx(), asha, 'ITC')).at(0.95);
      const gtt = await ctx().request({
        method: 'POST',
        url: '/api/gtt',
        token: asha.token,
        payload: {
          symbol: 'ITC',
          kind: 'single',
          side: 'SELL',
          quantity: 1,
          legs: [{ triggerPrice: stop, limitPrice: stop }],
          portfolioId: portfolios[asha.user.id],
        },
      });
      expect(gtt.statusCode, gtt.body).toBe(201);
      const res = await get(ctx(), teacher, `/api/classes/${cls.id}/students/${asha.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const view = classStudentSchema.parse(res.json().data);
      expect(view.student).toMatchObject({ fullName: 'Asha Rao', status: 'active' });
      expect(view.startingCash).toBe(50_000);
      expect(view.trades.map((t) => [t.ticker, t.type, t.note])).toEqual([
        ['INFY', 'BUY', null],
        ['ITC', 'BUY', 'Cheap on earnings'],
      ]);
      expect(view.holdings.map((h) => h.symbol).sort()).toEqual(['INFY', 'ITC']);
      expect(view.habits.activity.result.status).toBe('insufficient');
      const rubric = Object.fromEntries(view.rubric.map((c) => [c.key, c]));
      expect(rubric.notes).toMatchObject({ figure: '1 of 2 trades (50%)', level: 'developing' });
      expect(rubric.exits).toMatchObject({ figure: '1 of 2 holdings (50%)', level: 'developing' });
      expect(rubric.diversification!.figure).toMatch(/^\d sectors? across 2 stocks$/);
      expect(rubric.sizing).toMatchObject({ level: 'strong' });
      expect(rubric.refusals).toMatchObject({ figure: '0 refusals', level: 'strong' });

      const own = await get(ctx(), asha, `/api/classes/${cls.id}/students/${asha.user.id}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(classStudentSchema.parse(own.json().data).trades).toHaveLength(2);
    });

    it('a classmate is refused (403), an outsider and another class’s teacher get 404, an unknown student 404', async () => {
      const { asha, ravi, cls } = await classroom(ctx());
      const other = await classroom(ctx());
      const outsider = await signUp(ctx());
      const url = `/api/classes/${cls.id}/students/${asha.user.id}`;
      const classmate = await get(ctx(), ravi, url);
      expect(classmate.statusCode).toBe(403);
      expect(classmate.json().message).toBe(
        "Only the class's teacher can see a classmate's habits, trades and notes",
      );
      expect((await get(ctx(), outsider, url)).statusCode).toBe(404);
      expect((await get(ctx(), other.teacher, url)).statusCode).toBe(404);
      expect((await get(ctx(), other.asha, url)).statusCode).toBe(404);
      expect((await get(ctx(), other.teacher, `${url}/holdings`)).statusCode).toBe(404);
      // The teacher asking about someone who is not in this class (another class's student).
      const stranger = await get(
        ctx(),
        other.teacher,
        `/api/classes/${other.cls.id}/students/${asha.user.id}`,
      );
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe('Student not found in this class');
      expect((await get(ctx(), ravi, `/api/classes/${cls.id}/students/not-a-uuid`)).statusCode).toBe(400);
    });

    it('holdings are private to the teacher unless the class shows them to classmates', async () => {
      const closed = await classroom(ctx());
      await buy(ctx(), closed.asha, closed.portfolios[closed.asha.user.id]!, 'ITC');
      const url = `/api/classes/${closed.cls.id}/students/${closed.asha.user.id}/holdings`;
      const refused = await get(ctx(), closed.ravi, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "This class keeps holdings private: only the teacher sees a classmate's holdings",
      );
      for (const viewer of [closed.teacher, closed.asha]) {
        const ok = await get(ctx(), viewer, url);
        expect(ok.statusCode, ok.body).toBe(200);
        expect(classStudentHoldingsSchema.parse(ok.json().data).holdings.map((h) => h.symbol)).toEqual([
          'ITC',
        ]);
      }

      const open = await classroom(ctx(), { showHoldingsToClassmates: true });
      expect(open.cls.rules.showHoldingsToClassmates).toBe(true);
      await buy(ctx(), open.asha, open.portfolios[open.asha.user.id]!, 'ITC');
      const seen = await get(
        ctx(),
        open.ravi,
        `/api/classes/${open.cls.id}/students/${open.asha.user.id}/holdings`,
      );
      expect(seen.statusCode, seen.body).toBe(200);
      expect(classStudentHoldingsSchema.parse(seen.json().data)).toMatchObject({
        student: { fullName: 'Asha Rao', status: 'active' },
        holdings: [expect.objectContaining({ symbol: 'ITC', quantity: 1 })],
      });
      // Still only holdings: the full view stays the teacher's.
      expect(
        (await get(ctx(), open.ravi, `/api/classes/${open.cls.id}/students/${open.asha.user.id}`)).statusCode,
      ).toBe(403);
    });

    it('a removed student’s page stays readable by the teacher as archived; classmates no longer see them', async () => {
      const { teacher, asha, ravi, cls, portfolios } = await classroom(ctx(), {
        showHoldingsToClassmates: true,
      });
      await buy(ctx(), asha, portfolios[asha.user.id]!, 'ITC', 'Dividend play');
      const removed = await ctx().request({
        method: 'DELETE',
        url: `/api/classes/${cls.id}/members/${asha.user.id}`,
        token: teacher.token,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const res = await get(ctx(), teacher, `/api/classes/${cls.id}/students/${asha.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const view = classStudentSchema.parse(res.json().data);
      expect(view.student.status).toBe('removed');
      expect(view.trades.map((t) => t.note)).toEqual(['Dividend play']);
      expect(view.holdings.map((h) => h.symbol)).toEqual(['ITC']);
      expect(
        (await get(ctx(), ravi, `/api/classes/${cls.id}/students/${asha.user.id}/holdings`)).statusCode,
      ).toBe(404);
      // The removed student no longer sees classmates' holdings.
      expect(
        (await get(ctx(), asha, `/api/classes/${cls.id}/students/${ravi.user.id}/holdings`)).statusCode,
      ).toBe(404);
    });
  },
  { now: () => NOW },
);
