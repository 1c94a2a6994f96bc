import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import {
  dayNumberToDate,
  istDayNumber,
  type ClassAssignment,
  type ClassDetail,
  type ClassLeaderboard,
  type Order,
  type Transaction,
} from '@nivesh/shared';
import { describeEachDb, newSignup, signUp, type TestContext } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { filled, key, place, quoteBand, type User } from '../support/orders.js';

/** Class assignments and weekly deposits (issue 26 §Assignments, §Rules: weekly deposits). */

const NOW = Date.now();
const today = istDayNumber(NOW);
const day = (offset: number) => dayNumberToDate(today + offset);

async function createClass(
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

const join = (ctx: TestContext, student: User, inviteCode: string) =>
  ctx.request({ method: 'POST', url: '/api/classes/join', token: student.token, payload: { inviteCode } });

const get = (ctx: TestContext, user: User, url: string) =>
  ctx.request({ method: 'GET', url, token: user.token });

function addAssignment(ctx: TestContext, user: User, classId: string, payload: Record<string, unknown>) {
  return ctx.request({
    method: 'POST',
    url: `/api/classes/${classId}/assignments`,
    token: user.token,
    payload,
  });
}

async function assignments(ctx: TestContext, user: User, classId: string): Promise<ClassAssignment[]> {
  const res = await get(ctx, user, `/api/classes/${classId}/assignments`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ClassAssignment[];
}

async function classWithStudent(ctx: TestContext, body: Record<string, unknown> = {}) {
  const teacher = await signUp(ctx, { fullName: 'Meera Iyer' });
  const student = await signUp(ctx, { fullName: 'Arjun Das' });
  const cls = await createClass(ctx, teacher, body);
  const joined = await join(ctx, student, cls.inviteCode!);
  expect(joined.statusCode, joined.body).toBe(201);
  const portfolioId = (joined.json().data as ClassDetail).membership!.portfolioId;
  return { teacher, student, cls, portfolioId };
}

/** The student's own progress on the one assignment of a kind. */
async function progressOf(ctx: TestContext, student: User, classId: string, kind: string) {
  const a = (await assignments(ctx, student, classId)).find((x) => x.kind === kind)!;
  return a.progress!;
}

/** Balance and Σ ledger of one portfolio's open account. */
async function books(ctx: TestContext, portfolioId: string) {
  const [row] = await ctx.rows<{ balance: string; ledger: string; deposits: string }>(
    sql`select a.balance_paise::text as balance,
          (select coalesce(sum(amount_paise), 0) from ledger_entries l where l.account_id = a.id)::text as ledger,
          (select count(*) from ledger_entries l where l.account_id = a.id and l.kind = 'CLASS_DEPOSIT')::text as deposits
        from cash_accounts a where a.portfolio_id = ${portfolioId} and a.closed_at is null`,
  );
  return { balance: BigInt(row!.balance), ledger: BigInt(row!.ledger), deposits: Number(row!.deposits) };
}

describeEachDb(
  'class assignments and weekly deposits',
  (ctx) => {
    it('limit orders: "2 of 3" until the third is placed, then done with its time; the teacher sees it per student', async () => {
      const { teacher, student, cls, portfolioId } = await classWithStudent(ctx());
      const made = await addAssignment(ctx(), teacher, cls.id, { kind: 'limit_orders', count: 3 });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data).toMatchObject({ title: 'Place 3 limit orders', unit: 'limit orders' });
      expect(await progressOf(ctx(), student, cls.id, 'limit_orders')).toEqual({
        current: 0,
        target: 3,
        done: false,
        doneAt: null,
      });
      const { at } = await quoteBand(ctx(), student, 'ITC');
      const limit = (n: number) =>
        place(ctx(), student, {
          clientOrderId: key(),
          symbol: 'ITC',
          type: 'BUY',
          orderType: 'LIMIT',
          price: at(0.97 - n * 0.005),
          quantity: 1,
          portfolioId,
        });
      for (const n of [1, 2]) expect((await limit(n)).statusCode).toBe(201);
      // A market order is not a limit order, and orders of the main portfolio do not count.
      await filled(ctx(), student, { symbol: 'ITC', type: 'BUY', quantity: 1, portfolioId });
      await filled(ctx(), student, { symbol: 'ITC', type: 'BUY', quantity: 1 });
      expect(await progressOf(ctx(), student, cls.id, 'limit_orders')).toMatchObject({
        current: 2,
        done: false,
      });
      expect((await limit(3)).statusCode).toBe(201);
      const done = await progressOf(ctx(), student, cls.id, 'limit_orders');
      expect(done).toMatchObject({ current: 3, target: 3, done: true });
      expect(done.doneAt).not.toBeNull();

      const forTeacher = (await assignments(ctx(), teacher, cls.id))[0]!;
      expect(forTeacher.progress).toBeNull();
      expect(forTeacher.students).toEqual([
        expect.objectContaining({ fullName: 'Arjun Das', current: 3, done: true, doneAt: done.doneAt }),
      ]);
      // The standings job feeds the count into the standings and the report.
      await ctx().app.classStandings.runOnce();
      const board = (await get(ctx(), student, `/api/classes/${cls.id}/leaderboard`)).json()
        .data as ClassLeaderboard;
      expect(board.rows[0]).toMatchObject({ fullName: 'Arjun Das', assignmentsDone: 1 });
      const csv = (await get(ctx(), teacher, `/api/classes/${cls.id}/report.csv`)).body.trim().split('\n');
      expect(csv[0]!.endsWith(',assignments_done')).toBe(true);
      expect(csv[1]!.endsWith(',1')).toBe(true);
    });

    it('sectors: held stocks from N sectors of the catalog (two stocks of one sector count once)', async () => {
      const { teacher, student, cls, portfolioId } = await classWithStudent(ctx());
      expect((await addAssignment(ctx(), teacher, cls.id, { kind: 'sectors', count: 3 })).statusCode).toBe(
        201,
      );
      await filled(ctx(), student, { symbol: 'ITC', type: 'BUY', quantity: 1, portfolioId });
      await filled(ctx(), student, { symbol: 'ONGC', type: 'BUY', quantity: 1, portfolioId });
      await filled(ctx(), student, { symbol: 'COALINDIA', type: 'BUY', quantity: 1, portfolioId });
      expect(await progressOf(ctx(), student, cls.id, 'sectors')).toMatchObject({ current: 2, done: false });
      await filled(ctx(), student, { symbol: 'NTPC', type: 'BUY', quantity: 1, portfolioId });
      expect(await progressOf(ctx(), student, cls.id, 'sectors')).toMatchObject({ current: 3, done: true });
      // Done stays done after a sale.
      await filled(ctx(), student, { symbol: 'NTPC', type: 'SELL', quantity: 1, portfolioId });
      expect(await progressOf(ctx(), student, cls.id, 'sectors')).toMatchObject({ current: 3, done: true });
    });

    it('GTT with a stop and a target: a single-leg GTT does not count, an OCO does', async () => {
      const { teacher, student, cls, portfolioId } = await classWithStudent(ctx());
      expect((await addAssignment(ctx(), teacher, cls.id, { kind: 'gtt_stop_target' })).statusCode).toBe(201);
      await filled(ctx(), student, { symbol: 'ITC', type: 'BUY', quantity: 2, portfolioId });
      const { at } = await quoteBand(ctx(), student, 'ITC');
      const gtt = (payload: Record<string, unknown>) =>
        ctx().request({
          method: 'POST',
          url: '/api/gtt',
          token: student.token,
          payload: { symbol: 'ITC', side: 'SELL', quantity: 2, portfolioId, ...payload },
        });
      const single = await gtt({ kind: 'single', legs: [{ triggerPrice: at(0.95), limitPrice: at(0.95) }] });
      expect(single.statusCode, single.body).toBe(201);
      expect(await progressOf(ctx(), student, cls.id, 'gtt_stop_target')).toMatchObject({ done: false });
      const oco = await gtt({
        kind: 'oco',
        legs: [
          { triggerPrice: at(0.95), limitPrice: at(0.95) },
          { triggerPrice: at(1.05), limitPrice: at(1.05) },
        ],
      });
      expect(oco.statusCode, oco.body).toBe(201);
      expect(await progressOf(ctx(), student, cls.id, 'gtt_stop_target')).toMatchObject({
        current: 1,
        target: 1,
        done: true,
      });
    });

    it('trade review: a review on a sell that closed the position counts; on a partial sell it does not', async () => {
      const { teacher, student, cls, portfolioId } = await classWithStudent(ctx());
      expect((await addAssignment(ctx(), teacher, cls.id, { kind: 'trade_review' })).statusCode).toBe(201);
      await filled(ctx(), student, { symbol: 'ITC', type: 'BUY', quantity: 3, portfolioId });
      const journal = (order: Order, review: string) =>
        ctx().request({
          method: 'POST',
          url: '/api/trades',
          token: student.token,
          payload: { orderId: order.id, portfolioId, review },
        });
      const partial = await filled(ctx(), student, { symbol: 'ITC', type: 'SELL', quantity: 1, portfolioId });
      const r1 = await journal(partial, 'Took some profit early');
      expect(r1.statusCode, r1.body).toBe(201);
      expect(await progressOf(ctx(), student, cls.id, 'trade_review')).toMatchObject({ done: false });
      const closing = await filled(ctx(), student, { symbol: 'ITC', type: 'SELL', quantity: 2, portfolioId });
      const empty = await journal(closing, '');
      expect(empty.statusCode, empty.body).toBe(201);
      expect(await progressOf(ctx(), student, cls.id, 'trade_review')).toMatchObject({ done: false });
      const entry = empty.json().trade as { id: string };
      const review = await ctx().request({
        method: 'PATCH',
        url: `/api/trades/${entry.id}`,
        token: student.token,
        payload: { portfolioId, review: 'Sold into strength as planned; should have sized smaller' },
      });
      expect(review.statusCode, review.body).toBe(200);
      expect(await progressOf(ctx(), student, cls.id, 'trade_review')).toMatchObject({
        current: 1,
        done: true,
      });
    });

    it('a student cannot set or delete assignments (403); outsiders and another class get 404; bad input 400', async () => {
      const { teacher, student, cls } = await classWithStudent(ctx());
      const outsider = await signUp(ctx());
      const other = await createClass(ctx(), outsider);
      expect((await addAssignment(ctx(), student, cls.id, { kind: 'sectors', count: 2 })).statusCode).toBe(
        403,
      );
      expect((await addAssignment(ctx(), outsider, cls.id, { kind: 'sectors', count: 2 })).statusCode).toBe(
        404,
      );
      expect((await get(ctx(), outsider, `/api/classes/${cls.id}/assignments`)).statusCode).toBe(404);
      expect((await addAssignment(ctx(), teacher, cls.id, { kind: 'prizes' })).statusCode).toBe(400);
      expect((await addAssignment(ctx(), teacher, cls.id, { kind: 'sectors', count: 0 })).statusCode).toBe(
        400,
      );
      expect((await get(ctx(), teacher, `/api/classes/not-a-uuid/assignments`)).statusCode).toBe(400);
      const made = (await addAssignment(ctx(), teacher, cls.id, { kind: 'sectors', count: 2 })).json()
        .data as ClassAssignment;
      const del = (user: User, classId: string) =>
        ctx().request({
          method: 'DELETE',
          url: `/api/classes/${classId}/assignments/${made.id}`,
          token: user.token,
        });
      expect((await del(student, cls.id)).statusCode).toBe(403);
      expect((await del(outsider, cls.id)).statusCode).toBe(404);
      // Another class's teacher cannot reach it through their own class.
      expect((await del(outsider, other.id)).statusCode).toBe(404);
      expect((await assignments(ctx(), student, cls.id)).map((a) => a.id)).toEqual([made.id]);
      expect((await del(teacher, cls.id)).statusCode).toBe(200);
      expect(await assignments(ctx(), student, cls.id)).toEqual([]);
      expect((await del(teacher, cls.id)).statusCode).toBe(404);
    });

    it('weekly deposits: one ledger entry per student and class week, even when the job runs twice at once', async () => {
      const { teacher, student, cls, portfolioId } = await classWithStudent(ctx(), {
        startDate: day(-15),
        rules: { weeklyDeposit: 1_000 },
      });
      const detail = (await get(ctx(), student, `/api/classes/${cls.id}`)).json().data as ClassDetail;
      expect(detail.rules).toEqual({ weeklyDeposit: 1_000 });
      const before = await books(ctx(), portfolioId);
      expect(before.deposits).toBe(0);
      // Two rounds at once (as two instances would): days 7 and 14 are each paid once.
      await Promise.all([ctx().app.classStandings.runOnce(), ctx().app.classStandings.runOnce()]);
      await ctx().app.classStandings.runOnce();
      const after = await books(ctx(), portfolioId);
      expect(after.deposits).toBe(2);
      expect(after.balance - before.balance).toBe(200_000n);
      expect(after.ledger).toBe(after.balance);
      // The student's History lists each deposit as what it is, with its amount.
      const history = await get(ctx(), student, `/api/transactions?portfolioId=${portfolioId}&type=deposit`);
      expect(history.statusCode, history.body).toBe(200);
      const rows = history.json().data as Transaction[];
      expect(rows.map((t) => [t.type, t.symbol, t.netAmount, t.status])).toEqual([
        ['deposit', 'CLASS_DEPOSIT', 1_000, 'completed'],
        ['deposit', 'CLASS_DEPOSIT', 1_000, 'completed'],
      ]);
      expect(rows[0]!.description).toMatch(/^Weekly class deposit: ".+", week \d+$/);
      // A teacher has no class portfolio to pay; a class without the rule pays nothing.
      const plain = await classWithStudent(ctx(), { startDate: day(-15) });
      await ctx().app.classStandings.runOnce();
      expect((await books(ctx(), plain.portfolioId)).deposits).toBe(0);
      // The teacher sees the rule in the class's rules too.
      const forTeacher = (await get(ctx(), teacher, `/api/classes/${cls.id}`)).json().data as ClassDetail;
      expect(forTeacher.rules.weeklyDeposit).toBe(1_000);
    });
  },
  { now: () => NOW },
);

describe.skipIf(inject('postgresAdminUrl') === null)(
  'weekly deposits with two instances on one PostgreSQL',
  () => {
    const start = twoInstancesOnPostgres(() => NOW);

    it('both instances running the job at once pay each student each week once', async () => {
      const { a, b, database } = await start();
      const signup = async (fullName: string) =>
        (
          (
            await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup({ fullName }) })
          ).json() as {
            token: string;
          }
        ).token;
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      const teacher = await signup('Meera Iyer');
      const created = await a.inject({
        method: 'POST',
        url: '/api/classes',
        headers: auth(teacher),
        payload: {
          name: 'Markets 101',
          startingCash: 50_000,
          startDate: day(-22),
          endDate: day(10),
          rules: { weeklyDeposit: 500 },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const code = (created.json().data as ClassDetail).inviteCode!;
      for (const name of ['Arjun Das', 'Bela Khan', 'Chirag Shah']) {
        const joined = await b.inject({
          method: 'POST',
          url: '/api/classes/join',
          headers: auth(await signup(name)),
          payload: { inviteCode: code },
        });
        expect(joined.statusCode, joined.body).toBe(201);
      }
      await Promise.all([a.classStandings.runOnce(), b.classStandings.runOnce()]);
      await Promise.all([a.classStandings.runOnce(), b.classStandings.runOnce()]);
      const rows = (await database.db.execute(
        sql`select a.balance_paise::text as balance,
            (select coalesce(sum(amount_paise), 0) from ledger_entries l where l.account_id = a.id)::text as ledger,
            (select count(*) from ledger_entries l where l.account_id = a.id and l.kind = 'CLASS_DEPOSIT')::int as deposits
          from class_members m join cash_accounts a on a.id = m.account_id`,
      )) as unknown as { rows: { balance: string; ledger: string; deposits: number }[] };
      expect(rows.rows).toHaveLength(3);
      for (const r of rows.rows) {
        // Weeks 2, 3 and 4 have begun (day 7, 14, 21): three deposits of ₹500 on ₹50,000.
        expect(r.deposits).toBe(3);
        expect(r.balance).toBe(String(5_000_000 + 3 * 50_000));
        expect(r.ledger).toBe(r.balance);
      }
    });
  },
);
