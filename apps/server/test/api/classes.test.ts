import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  dayNumberToDate,
  istDayNumber,
  type ClassDetail,
  type ClassInfo,
  type ClassLeaderboard,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { key, quoteBand, type User } from '../support/orders.js';

/** Classrooms (issue 26 §Classes, §Standings): create, join, rotate, remove, isolation, standings, report. */

const NOW = Date.now();
const today = istDayNumber(NOW);
const day = (offset: number) => dayNumberToDate(today + offset);

export async function createClass(
  ctx: TestContext,
  teacher: User,
  body: Record<string, unknown> = {},
): Promise<ClassDetail> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/classes',
    token: teacher.token,
    payload: { name: 'Markets 101', startingCash: 50_000, startDate: day(0), endDate: day(30), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ClassDetail;
}

export async function join(ctx: TestContext, student: User, inviteCode: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/classes/join',
    token: student.token,
    payload: { inviteCode },
  });
}

const get = (ctx: TestContext, user: User, url: string) =>
  ctx.request({ method: 'GET', url, token: user.token });

describeEachDb(
  'classrooms',
  (ctx) => {
    it('a teacher creates a class; a student joins by code and gets a class portfolio with the class cash', async () => {
      const teacher = await signUp(ctx(), { fullName: 'Meera Iyer' });
      const student = await signUp(ctx(), { fullName: 'Arjun Das' });
      const cls = await createClass(ctx(), teacher, { rules: { maxPositionPercent: 20, allowMIS: false } });
      expect(cls).toMatchObject({
        name: 'Markets 101',
        role: 'teacher',
        teacherName: 'Meera Iyer',
        startingCash: 50_000,
        rules: { maxPositionPercent: 20, allowMIS: false },
        activeStudents: 0,
        members: [],
      });
      expect(cls.inviteCode).toMatch(/^[A-Z0-9]{8}$/);

      const joined = await join(ctx(), student, cls.inviteCode!.toLowerCase());
      expect(joined.statusCode, joined.body).toBe(201);
      const mine = joined.json().data as ClassDetail;
      expect(mine).toMatchObject({ role: 'student', inviteCode: null, members: [], activeStudents: 1 });
      expect(mine.membership?.status).toBe('active');

      // Joining again is idempotent: same membership, no second portfolio.
      const again = await join(ctx(), student, cls.inviteCode!);
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json().data as ClassDetail).membership?.portfolioId).toBe(mine.membership?.portfolioId);
      const portfolios = (await get(ctx(), student, '/api/portfolios')).json().data as {
        kind: string;
        id: string;
      }[];
      expect(portfolios.filter((p) => p.kind === 'class')).toEqual([
        expect.objectContaining({ id: mine.membership!.portfolioId, startingCash: 50_000 }),
      ]);
      const account = await get(
        ctx(),
        student,
        `/api/portfolio/summary?portfolioId=${mine.membership!.portfolioId}`,
      );
      expect(account.statusCode, account.body).toBe(200);

      // A class portfolio cannot be reset out of a bad week.
      const reset = await ctx().request({
        method: 'POST',
        url: `/api/portfolios/${mine.membership!.portfolioId}/reset`,
        token: student.token,
      });
      expect(reset.statusCode).toBe(422);

      const list = (await get(ctx(), teacher, '/api/classes')).json().data as ClassInfo[];
      expect(list.map((c) => [c.id, c.role])).toEqual([[cls.id, 'teacher']]);
      const studentList = (await get(ctx(), student, '/api/classes')).json().data as ClassInfo[];
      expect(studentList.map((c) => [c.id, c.role])).toEqual([[cls.id, 'student']]);
      const roster = (await get(ctx(), teacher, `/api/classes/${cls.id}`)).json().data as ClassDetail;
      expect(roster.members).toEqual([expect.objectContaining({ fullName: 'Arjun Das', status: 'active' })]);
    });

    it('bad input is a 400; an unknown code a 404; the teacher cannot join; a class that ended cannot be joined', async () => {
      const teacher = await signUp(ctx());
      const bad = await ctx().request({
        method: 'POST',
        url: '/api/classes',
        token: teacher.token,
        payload: {
          name: 'X',
          startingCash: 50_000,
          startDate: day(5),
          endDate: day(1),
          rules: { maxPositionPercent: 0 },
        },
      });
      expect(bad.statusCode).toBe(400);
      const unknownRule = await ctx().request({
        method: 'POST',
        url: '/api/classes',
        token: teacher.token,
        payload: {
          name: 'X',
          startingCash: 50_000,
          startDate: day(0),
          endDate: day(1),
          rules: { prizes: true },
        },
      });
      expect(unknownRule.statusCode).toBe(400);
      expect((await join(ctx(), teacher, 'ZZZZZZZZ')).statusCode).toBe(404);
      expect((await join(ctx(), teacher, 'abc')).statusCode).toBe(400);
      const cls = await createClass(ctx(), teacher);
      expect((await join(ctx(), teacher, cls.inviteCode!)).statusCode).toBe(422);
      // A class dated in the past (created when it still ran) is closed to new students.
      await ctx().rows(
        sql`update classes set start_date = ${day(-10)}, end_date = ${day(-1)} where id = ${cls.id}`,
      );
      const late = await join(ctx(), await signUp(ctx()), cls.inviteCode!);
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toContain('ended');
    });

    it('rotating the code: teacher only; the old code stops working', async () => {
      const teacher = await signUp(ctx());
      const student = await signUp(ctx());
      const cls = await createClass(ctx(), teacher);
      expect((await join(ctx(), student, cls.inviteCode!)).statusCode).toBe(201);
      const byStudent = await ctx().request({
        method: 'POST',
        url: `/api/classes/${cls.id}/invite-code`,
        token: student.token,
      });
      expect(byStudent.statusCode).toBe(403);
      const rotated = await ctx().request({
        method: 'POST',
        url: `/api/classes/${cls.id}/invite-code`,
        token: teacher.token,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const code = (rotated.json().data as ClassDetail).inviteCode!;
      expect(code).not.toBe(cls.inviteCode);
      expect((await join(ctx(), await signUp(ctx()), cls.inviteCode!)).statusCode).toBe(404);
      expect((await join(ctx(), await signUp(ctx()), code)).statusCode).toBe(201);
    });

    it('isolation: an outsider and another class’s teacher get 404; a removed student keeps the archived portfolio but loses the standings', async () => {
      const teacher = await signUp(ctx(), { fullName: 'Meera Iyer' });
      const student = await signUp(ctx(), { fullName: 'Arjun Das' });
      const outsider = await signUp(ctx());
      const otherTeacher = await signUp(ctx());
      const cls = await createClass(ctx(), teacher);
      const other = await createClass(ctx(), otherTeacher);
      const joined = (await join(ctx(), student, cls.inviteCode!)).json().data as ClassDetail;
      const portfolioId = joined.membership!.portfolioId;

      for (const user of [outsider, otherTeacher]) {
        for (const url of [
          `/api/classes/${cls.id}`,
          `/api/classes/${cls.id}/leaderboard`,
          `/api/classes/${cls.id}/report.csv`,
        ])
          expect((await get(ctx(), user, url)).statusCode, url).toBe(404);
        const rotate = await ctx().request({
          method: 'POST',
          url: `/api/classes/${cls.id}/invite-code`,
          token: user.token,
        });
        expect(rotate.statusCode).toBe(404);
        const remove = await ctx().request({
          method: 'DELETE',
          url: `/api/classes/${cls.id}/members/${student.user.id}`,
          token: user.token,
        });
        expect(remove.statusCode).toBe(404);
        // Nor can anyone else trade or read the student's class portfolio.
        expect((await get(ctx(), user, `/api/portfolio/summary?portfolioId=${portfolioId}`)).statusCode).toBe(
          404,
        );
      }
      // The student is not in the other class.
      expect((await get(ctx(), student, `/api/classes/${other.id}`)).statusCode).toBe(404);
      expect((await get(ctx(), student, `/api/classes/${other.id}/leaderboard`)).statusCode).toBe(404);
      // Students cannot download the report, nor remove anyone.
      expect((await get(ctx(), student, `/api/classes/${cls.id}/report.csv`)).statusCode).toBe(403);
      const selfRemove = await ctx().request({
        method: 'DELETE',
        url: `/api/classes/${cls.id}/members/${student.user.id}`,
        token: student.token,
      });
      expect(selfRemove.statusCode).toBe(403);
      // A malformed id is a 400, never a 500.
      expect((await get(ctx(), teacher, '/api/classes/not-a-uuid')).statusCode).toBe(400);

      // A resting order is cancelled and its reservation released when the student is removed.
      const band = await quoteBand(ctx(), student, 'ITC');
      const resting = await ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: student.token,
        payload: {
          clientOrderId: key(),
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'LIMIT',
          price: band.at(0.95),
          quantity: 2,
          portfolioId,
        },
      });
      expect(resting.statusCode, resting.body).toBe(201);
      expect(resting.json().data.order.status).toBe('PENDING');

      const removed = await ctx().request({
        method: 'DELETE',
        url: `/api/classes/${cls.id}/members/${student.user.id}`,
        token: teacher.token,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().message).toBe('Arjun Das was removed; their class portfolio is kept read-only');

      const [order] = await ctx().rows<{ status: string }>(
        sql`select status from orders where id = ${resting.json().data.order.id}`,
      );
      expect(order!.status).toBe('CANCELLED');
      const [acct] = await ctx().rows<{ reserved: string; closed: boolean }>(
        sql`select reserved_paise::text as reserved, closed_at is not null as closed from cash_accounts where portfolio_id = ${portfolioId}`,
      );
      expect(acct).toEqual({ reserved: '0', closed: true });

      // Removed: standings 404, class still visible to them as removed, portfolio readable, not tradable.
      expect((await get(ctx(), student, `/api/classes/${cls.id}/leaderboard`)).statusCode).toBe(404);
      const seen = (await get(ctx(), student, `/api/classes/${cls.id}`)).json().data as ClassDetail;
      expect(seen.membership?.status).toBe('removed');
      expect(
        (await get(ctx(), student, `/api/portfolio/summary?portfolioId=${portfolioId}`)).statusCode,
      ).toBe(200);
      const trade = await ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: student.token,
        payload: { clientOrderId: key(), symbol: 'ITC', type: 'BUY', quantity: 1, portfolioId },
      });
      expect(trade.statusCode).toBe(403);
      expect(trade.json().message).toContain('archived');
      const rejoin = await join(ctx(), student, cls.inviteCode!);
      expect(rejoin.statusCode).toBe(403);
      const roster = (await get(ctx(), teacher, `/api/classes/${cls.id}`)).json().data as ClassDetail;
      expect(roster.members).toEqual([expect.objectContaining({ fullName: 'Arjun Das', status: 'removed' })]);
      expect(roster.activeStudents).toBe(0);
    });

    it('standings are computed by the job, not on a visit; students by full name; the teacher downloads the CSV', async () => {
      const teacher = await signUp(ctx(), { fullName: 'Meera Iyer' });
      const a = await signUp(ctx(), { fullName: 'Arjun Das' });
      const b = await signUp(ctx(), { fullName: 'Bela Khan' });
      const cls = await createClass(ctx(), teacher, { rules: { requireTradeNote: true } });
      const pa = ((await join(ctx(), a, cls.inviteCode!)).json().data as ClassDetail).membership!.portfolioId;
      await join(ctx(), b, cls.inviteCode!);

      const note = 'Breakout above resistance on volume';
      const buy = await ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: a.token,
        payload: { clientOrderId: key(), symbol: 'ITC', type: 'BUY', quantity: 3, portfolioId: pa, note },
      });
      expect(buy.statusCode, buy.body).toBe(201);
      // The note is a journal entry linked to the fill.
      const journal = await ctx().rows<{ note: string; linked: boolean }>(
        sql`select note, fill_id is not null as linked from journal_entries where user_id = ${a.user.id}`,
      );
      expect(journal).toEqual([{ note, linked: true }]);
      const refusedOnce = await ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: a.token,
        payload: { clientOrderId: key(), symbol: 'ITC', type: 'BUY', quantity: 1, portfolioId: pa },
      });
      expect(refusedOnce.statusCode).toBe(422);

      // Before the job runs nothing is computed, however often the page is opened.
      const before = (await get(ctx(), teacher, `/api/classes/${cls.id}/leaderboard`)).json()
        .data as ClassLeaderboard;
      expect(before.refreshedAt).toBeNull();
      expect(before.rows.map((r) => r.trades)).toEqual([0, 0]);

      const round = await ctx().app.classStandings.runOnce();
      expect(round.students).toBeGreaterThanOrEqual(2);
      const board = (await get(ctx(), b, `/api/classes/${cls.id}/leaderboard`)).json()
        .data as ClassLeaderboard;
      expect(board.refreshedAt).not.toBeNull();
      expect(board.rows.map((r) => r.fullName).sort()).toEqual(['Arjun Das', 'Bela Khan']);
      const arjun = board.rows.find((r) => r.fullName === 'Arjun Das')!;
      expect(arjun).toMatchObject({ trades: 1, notes: 1, you: false });
      expect(board.rows.find((r) => r.fullName === 'Bela Khan')).toMatchObject({
        trades: 0,
        notes: 0,
        you: true,
      });
      expect(board.rows.map((r) => r.rank)).toEqual([1, 2]);

      const csv = await get(ctx(), teacher, `/api/classes/${cls.id}/report.csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\n');
      expect(lines[0]).toBe(
        'rank,student,status,joined,return_pct,max_drawdown_pct,risk_adjusted_score,trades,notes,rule_refusals,assignments_done',
      );
      const arjunLine = lines.find((l) => l.includes('Arjun Das'))!.split(',');
      expect(arjunLine.slice(7)).toEqual(['1', '1', '1', '0']);
      expect(lines).toHaveLength(3);
    });
  },
  { now: () => NOW },
);
