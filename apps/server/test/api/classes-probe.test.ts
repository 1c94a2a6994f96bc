import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ClassDetail, ClassInfo, Portfolio } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import {
  call,
  createClass,
  joinClass,
  order,
  price,
  snapshot,
  TODAY,
  wall,
  type Method,
} from '../support/classes-probe.js';

/** Classrooms (issue 26) probed black-box over HTTP: isolation on every route, invite codes, the report. */
describeEachDb(
  'classrooms probe: isolation and invite codes',
  (context) => {
    it('isolation: outsiders, another class, a removed student and a plain student on every classes route', async () => {
      const ctx = context();
      const teacher = await signUp(ctx, { fullName: 'Tara Teacherprobe' });
      const student = await signUp(ctx, { fullName: 'Aarav Secretstudent' });
      const removed = await signUp(ctx, { fullName: 'Rhea Removedprobe' });
      const other = await signUp(ctx, { fullName: 'Bela Otherclass' });
      const outsider = await signUp(ctx, { fullName: 'Omar Outsider' });
      const c1 = await createClass(ctx, teacher, { name: 'Secret Class Alpha' });
      const c2 = await createClass(ctx, await signUp(ctx), { name: 'Class Beta' });
      const studentPid = await joinClass(ctx, student, c1);
      const removedPid = await joinClass(ctx, removed, c1);
      await joinClass(ctx, other, c2);

      // The removed student had a resting buy: removal cancels it and frees the cash.
      const low = Math.floor((await price(ctx, removed, 'ITC')) * 0.95 * 20) / 20;
      const resting = await order(ctx, removed, removedPid, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price: low,
        quantity: 5,
      });
      expect(resting.statusCode, resting.body).toBe(201);
      const restingId = (resting.json().data.order as { id: string }).id;
      const gone = await call(ctx, teacher, 'DELETE', `/api/classes/${c1.id}/members/${removed.user.id}`);
      expect(gone.statusCode, gone.body).toBeLessThan(300);
      const after = await call(ctx, removed, 'GET', `/api/orders/${restingId}?portfolioId=${removedPid}`);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().data.status).toBe('CANCELLED');
      const archived = await snapshot(ctx, removed, removedPid);
      expect(archived.reserved).toBe(0);
      expect(archived.balance).toBe(100_000);
      // Archived read-only: no new order.
      const late = await order(ctx, removed, removedPid, { symbol: 'ITC', quantity: 1 });
      expect(late.statusCode, late.body).toBeGreaterThanOrEqual(400);
      expect(late.statusCode, late.body).toBeLessThan(500);

      const secrets = [c1.inviteCode!, 'Secret Class Alpha', 'Aarav Secretstudent', studentPid];
      const routes: [Method, string][] = [
        ['GET', `/api/classes/${c1.id}`],
        ['GET', `/api/classes/${c1.id}/leaderboard`],
        ['GET', `/api/classes/${c1.id}/report.csv`],
        ['POST', `/api/classes/${c1.id}/invite-code`],
        ['DELETE', `/api/classes/${c1.id}/members/${student.user.id}`],
      ];
      for (const [method, url] of routes) {
        for (const who of [outsider, other]) {
          const res = await call(ctx, who, method, url, method === 'POST' ? {} : undefined);
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
          for (const s of secrets) expect(res.body).not.toContain(s);
        }
        const r = await call(ctx, removed, method, url, method === 'POST' ? {} : undefined);
        // A removed student is outside the class now (their own archived portfolio stays theirs).
        if (method === 'GET' && url.endsWith(c1.id)) expect(r.statusCode).toBeLessThan(500);
        else expect([403, 404], `${method} ${url}: ${r.body}`).toContain(r.statusCode);
        for (const s of [c1.inviteCode!, 'Aarav Secretstudent', studentPid]) expect(r.body).not.toContain(s);
      }
      const noAuth = await call(ctx, undefined, 'GET', `/api/classes/${c1.id}`);
      expect(noAuth.statusCode).toBe(401);

      // A plain student sees the class but no code, no roster, and cannot act as the teacher.
      const seen = (await call(ctx, student, 'GET', `/api/classes/${c1.id}`)).json().data as ClassDetail;
      expect(seen.inviteCode).toBeNull();
      expect(seen.members).toEqual([]);
      const rotate = await call(ctx, student, 'POST', `/api/classes/${c1.id}/invite-code`, {});
      expect([403, 404]).toContain(rotate.statusCode);
      const kick = await call(ctx, student, 'DELETE', `/api/classes/${c1.id}/members/${removed.user.id}`);
      expect([403, 404]).toContain(kick.statusCode);
      const report = await call(ctx, student, 'GET', `/api/classes/${c1.id}/report.csv`);
      expect(report.statusCode, report.body).toBe(403);
      expect(report.body).not.toContain('Aarav Secretstudent');
      const board = await call(ctx, student, 'GET', `/api/classes/${c1.id}/leaderboard`);
      expect(board.statusCode, board.body).toBe(200);
      expect(board.body).not.toContain('Rhea Removedprobe');
      const roster = (await call(ctx, teacher, 'GET', `/api/classes/${c1.id}`)).json().data as ClassDetail;
      expect(roster.inviteCode).toBe(c1.inviteCode);
      expect(roster.members.find((m) => m.userId === student.user.id)?.status).toBe('active');
      expect(roster.members.find((m) => m.userId === removed.user.id)?.status).toBe('removed');

      // Nobody but the student trades or reads the class portfolio.
      for (const who of [teacher, outsider, other]) {
        const placed = await order(ctx, who, studentPid, { symbol: 'ITC', quantity: 1 });
        expect(placed.statusCode, placed.body).toBe(404);
        const peek = await call(ctx, who, 'GET', `/api/virtual-money/account?portfolioId=${studentPid}`);
        expect(peek.statusCode, peek.body).toBe(404);
        const listed = (await call(ctx, who, 'GET', '/api/portfolios')).json().data as Portfolio[];
        expect(listed.map((p) => p.id)).not.toContain(studentPid);
      }
      const outsiderClasses = (await call(ctx, outsider, 'GET', '/api/classes')).json().data as ClassInfo[];
      expect(outsiderClasses).toEqual([]);
      const otherClasses = (await call(ctx, other, 'GET', '/api/classes')).json().data as ClassInfo[];
      expect(otherClasses.map((c) => c.id)).toEqual([c2.id]);

      // The teacher removing a non-member, themselves or a junk id: a clear 4xx.
      for (const id of [outsider.user.id, teacher.user.id, '00000000-0000-0000-0000-000000000000', 'nope']) {
        const res = await call(ctx, teacher, 'DELETE', `/api/classes/${c1.id}/members/${id}`);
        expect(res.statusCode, `${id}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${id}: ${res.body}`).toBeLessThan(500);
      }
      // A removed student using the code again neither errors nor gets a second class portfolio.
      const back = await call(ctx, removed, 'POST', '/api/classes/join', { inviteCode: c1.inviteCode });
      expect(back.statusCode, back.body).toBeLessThan(500);
      const again = (await call(ctx, teacher, 'GET', `/api/classes/${c1.id}`)).json().data as ClassDetail;
      expect(again.members.filter((m) => m.userId === removed.user.id).length).toBe(1);
      const theirs = ((await call(ctx, removed, 'GET', '/api/portfolios')).json().data as Portfolio[]).filter(
        (p) => p.kind === 'class',
      );
      expect(theirs.length).toBeLessThanOrEqual(1);

      // A teacher removing a student of another class through their own class id.
      const cross = await call(ctx, teacher, 'DELETE', `/api/classes/${c1.id}/members/${other.user.id}`);
      expect(cross.statusCode).toBe(404);
      const otherSeen = (await call(ctx, other, 'GET', `/api/classes/${c2.id}`)).json().data as ClassDetail;
      expect(otherSeen.membership?.status).toBe('active');
    });

    it('invite codes: rotation kills the old code, joining is idempotent, case/space tolerant, closed after the end date, and brute force reveals nothing', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const [a, b, c] = [await signUp(ctx), await signUp(ctx), await signUp(ctx)];
      const klass = await createClass(ctx, teacher, { endDate: TODAY });
      expect(klass.inviteCode!.length).toBeGreaterThanOrEqual(6);
      const pid = await joinClass(ctx, a, klass);
      expect(await joinClass(ctx, a, klass)).toBe(pid);
      const classPortfolios = (
        (await call(ctx, a, 'GET', '/api/portfolios')).json().data as Portfolio[]
      ).filter((p) => p.kind === 'class');
      expect(classPortfolios.map((p) => p.id)).toEqual([pid]);
      expect((await snapshot(ctx, a, pid)).balance).toBe(100_000);

      // Three joins at once by one student: one membership, one class portfolio.
      const d = await signUp(ctx);
      const racing = await Promise.all(
        [1, 2, 3].map(() => call(ctx, d, 'POST', '/api/classes/join', { inviteCode: klass.inviteCode })),
      );
      for (const r of racing) expect(r.statusCode, r.body).toBeLessThan(300);
      const dPortfolios = ((await call(ctx, d, 'GET', '/api/portfolios')).json().data as Portfolio[]).filter(
        (p) => p.kind === 'class',
      );
      expect(dPortfolios.length).toBe(1);

      // Lower case with spaces around joins the same class.
      const loose = await call(ctx, b, 'POST', '/api/classes/join', {
        inviteCode: `  ${klass.inviteCode!.toLowerCase()} `,
      });
      expect(loose.statusCode, loose.body).toBeLessThan(300);

      const rotated = await call(ctx, teacher, 'POST', `/api/classes/${klass.id}/invite-code`, {});
      expect(rotated.statusCode, rotated.body).toBeLessThan(300);
      const fresh = ((await call(ctx, teacher, 'GET', `/api/classes/${klass.id}`)).json().data as ClassDetail)
        .inviteCode!;
      expect(fresh).not.toBe(klass.inviteCode);
      const old = await call(ctx, c, 'POST', '/api/classes/join', { inviteCode: klass.inviteCode });
      expect(old.statusCode, old.body).toBe(404);
      expect(old.body).not.toContain(klass.name);
      // Members who joined before the rotation stay.
      expect((await call(ctx, a, 'GET', `/api/classes/${klass.id}`)).statusCode).toBe(200);

      // Brute force: every wrong code answers the same 404 (or a rate limit), never a class.
      const answers = new Set<string>();
      for (let i = 0; i < 40; i += 1) {
        const guess = randomBytes(4).toString('hex').toUpperCase();
        if (guess === fresh) continue;
        const res = await call(ctx, c, 'POST', '/api/classes/join', { inviteCode: guess });
        expect([404, 429], res.body).toContain(res.statusCode);
        expect(res.body).not.toContain(klass.name);
        if (res.statusCode === 404) answers.add(res.body);
      }
      expect(answers.size).toBeLessThanOrEqual(1);
      const near = `${fresh.slice(0, -1)}${fresh.endsWith('A') ? 'B' : 'A'}`;
      expect((await call(ctx, c, 'POST', '/api/classes/join', { inviteCode: near })).statusCode).not.toBe(
        200,
      );
      expect((await call(ctx, c, 'GET', '/api/classes')).json().data).toEqual([]);

      // On the end date joining still works; the day after it is refused and creates nothing.
      const saved = wall.now;
      try {
        wall.now = Date.parse('2026-11-27T05:00:00Z');
        const tooLate = await call(ctx, c, 'POST', '/api/classes/join', { inviteCode: fresh });
        expect(tooLate.statusCode, tooLate.body).toBeGreaterThanOrEqual(400);
        expect(tooLate.statusCode, tooLate.body).toBeLessThan(500);
      } finally {
        wall.now = saved;
      }
      const cPortfolios = (await call(ctx, c, 'GET', '/api/portfolios')).json().data as Portfolio[];
      expect(cPortfolios.filter((p) => p.kind === 'class')).toEqual([]);
    });

    it('report.csv: one row per student, names escaped against spreadsheet formulas and commas', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const tricky = await signUp(ctx, { fullName: '=HYPERLINK("http://evil.example","x")' });
      const comma = await signUp(ctx, { fullName: 'Rao, "Asha"' });
      const klass = await createClass(ctx, teacher);
      await joinClass(ctx, tricky, klass);
      await joinClass(ctx, comma, klass);
      const res = await call(ctx, teacher, 'GET', `/api/classes/${klass.id}/report.csv`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const lines = res.body.trim().split(/\r?\n/);
      expect(lines.length).toBe(3);
      expect(res.body).toContain('"Rao, ""Asha"""');
      // No cell may start with = + - @ (CSV injection); a quoted cell is checked inside its quotes.
      for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+@]/);
    });
  },
  { now: () => wall.now },
);
