import { expect, it } from 'vitest';
import type { Replay } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';

const wall = { now: Date.parse('2026-11-26T05:00:00Z') };

describeEachDb(
  'replay list',
  (context) => {
    it('lists the caller’s own replays, newest first, blind ones without their dates; never another user’s', async () => {
      const ctx = context();
      const [asha, ravi] = [await signUp(ctx), await signUp(ctx)];
      const make = async (token: string, body: Record<string, unknown>) => {
        const res = await ctx.request({ method: 'POST', url: '/api/replays', token, payload: body });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data as Replay;
      };
      const first = await make(asha.token, { date: '2020-03-13' });
      wall.now += 1_000;
      const blind = await make(asha.token, { date: '2024-06-04', blind: true });
      await make(ravi.token, { date: '2020-02-03' });

      const res = await ctx.request({ method: 'GET', url: '/api/replays', token: asha.token });
      expect(res.statusCode).toBe(200);
      const list = res.json().data as Replay[];
      expect(list.map((r) => r.id)).toEqual([blind.id, first.id]);
      expect(list[0]!.dates).toBeNull();
      expect(list[1]!.dates).toEqual(['2020-03-13']);

      const anonymous = await ctx.request({ method: 'GET', url: '/api/replays' });
      expect(anonymous.statusCode).toBe(401);
    });
  },
  { now: () => wall.now },
);
