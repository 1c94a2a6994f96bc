import { expect, it } from 'vitest';
import type { ClassDetail, ClassInfo, Portfolio } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { call, TODAY, wall, type Method } from '../support/classes-probe.js';

/** Classrooms (issue 26) probed black-box over HTTP: every bad field is a clear 4xx and creates nothing. */
describeEachDb(
  'classrooms probe: bad input',
  (context) => {
    it('bad input: every field wrong is a clear 4xx and creates nothing', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const good = { name: 'Good', startingCash: 100_000, startDate: TODAY, endDate: '2026-12-31' };
      const bodies: unknown[] = [
        {},
        [],
        'class',
        null,
        { ...good, name: 123 },
        { ...good, name: '' },
        { ...good, name: '   ' },
        { ...good, name: 'x'.repeat(100_000) },
        { ...good, name: 'bad\u0000name' },
        { ...good, startingCash: -1 },
        { ...good, startingCash: 0 },
        { ...good, startingCash: 'NaN' },
        { ...good, startingCash: null },
        { ...good, startingCash: 1.5 },
        { ...good, startingCash: 1e30 },
        { ...good, startingCash: '100000' },
        { ...good, startDate: 'yesterday' },
        { ...good, startDate: '2026-02-30' },
        { ...good, startDate: '2026-13-45', endDate: '2026-14-01' },
        { ...good, startDate: '0000-00-00' },
        { ...good, endDate: '9999-99-99' },
        { ...good, endDate: '2026-11-25' },
        { ...good, startDate: 20261126 },
        { ...good, extra: true },
        { ...good, rules: null },
        { ...good, rules: 'none' },
        { ...good, rules: { unknownRule: 1 } },
        { ...good, rules: { maxPositionPercent: 0 } },
        { ...good, rules: { maxPositionPercent: 101 } },
        { ...good, rules: { maxPositionPercent: 12.5 } },
        { ...good, rules: { maxPositionPercent: '20' } },
        { ...good, rules: { allowMIS: 'no' } },
        { ...good, rules: { allowedOrderTypes: [] } },
        { ...good, rules: { allowedOrderTypes: ['GTC'] } },
        { ...good, rules: { allowedOrderTypes: ['MARKET', 'MARKET'] } },
        { ...good, rules: { universe: 'NIFTY9000' } },
        { ...good, rules: { universe: [] } },
        { ...good, rules: { universe: ["'; DROP TABLE classes;--"] } },
        { ...good, rules: { universe: Array.from({ length: 501 }, (_, i) => `S${i}`) } },
        { ...good, rules: { minPrice: -1 } },
        { ...good, rules: { minPrice: 0 } },
        { ...good, rules: { maxTradesPerDay: 0 } },
        { ...good, rules: { maxTradesPerDay: 1.5 } },
        { ...good, rules: { requireTradeNote: 'yes' } },
      ];
      for (const body of bodies) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/classes',
          token: teacher.token,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} → ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} → ${res.body}`).toBeLessThan(500);
        expect((res.json() as { message?: string }).message ?? '').not.toBe('');
      }
      const broken = await ctx.request({
        method: 'POST',
        url: '/api/classes',
        token: teacher.token,
        payload: '{"name": "x",',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.statusCode).toBe(400);
      const mine = (await call(ctx, teacher, 'GET', '/api/classes')).json().data as ClassInfo[];
      expect(mine).toEqual([]);

      // SQL and HTML in a name are stored as text (or refused), never run and never a 500.
      for (const name of ["Robert'); DROP TABLE classes;--", '<img src=x onerror=alert(1)>']) {
        const res = await call(ctx, teacher, 'POST', '/api/classes', { ...good, name });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 201) expect((res.json().data as ClassDetail).name).toBe(name);
      }
      expect((await call(ctx, teacher, 'GET', '/api/classes')).statusCode).toBe(200);

      // Params and join bodies.
      for (const id of [
        'not-a-uuid',
        "1' OR '1'='1",
        '00000000-0000-0000-0000-000000000000',
        'x'.repeat(5000),
      ]) {
        for (const [method, tail] of [
          ['GET', ''],
          ['GET', '/leaderboard'],
          ['GET', '/report.csv'],
          ['POST', '/invite-code'],
          ['DELETE', `/members/${teacher.user.id}`],
        ] as [Method, string][]) {
          const res = await call(
            ctx,
            teacher,
            method,
            `/api/classes/${encodeURIComponent(id)}${tail}`,
            method === 'POST' ? {} : undefined,
          );
          expect(res.statusCode, `${method} ${id.slice(0, 20)}${tail}: ${res.body}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(res.statusCode, `${method} ${id.slice(0, 20)}${tail}: ${res.body}`).toBeLessThan(500);
        }
      }
      for (const body of [
        {},
        { inviteCode: 123 },
        { inviteCode: '' },
        { inviteCode: 'abc' },
        { inviteCode: 'x'.repeat(10_000) },
        { inviteCode: null },
        { inviteCode: 'ABCDEFGH', extra: 1 },
        ['ABCDEFGH'],
        { inviteCode: "' OR 1=1 --" },
      ]) {
        const res = await call(ctx, teacher, 'POST', '/api/classes/join', body);
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 60)} → ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 60)} → ${res.body}`).toBeLessThan(500);
      }
      const portfolios = (await call(ctx, teacher, 'GET', '/api/portfolios')).json().data as Portfolio[];
      expect(portfolios.filter((p) => p.kind === 'class')).toEqual([]);
    });
  },
  { now: () => wall.now },
);
