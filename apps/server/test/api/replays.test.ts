import { expect, it } from 'vitest';
import type { Candle, Drill, Quote, Replay } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);

async function call(
  ctx: TestContext,
  user: User | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return ctx.request({
    method,
    url,
    ...(user ? { token: user.token } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function ok<T>(ctx: TestContext, user: User, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await call(ctx, user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}
const create = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  ok<Replay>(ctx, user, 'POST', '/api/replays', body);
const quote = (ctx: TestContext, user: User, id: string, symbol: string) =>
  ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/${symbol}?replayId=${id}`);

describeEachDb(
  'replays',
  (context) => {
    it('replays 13 March 2020: RELIANCE opens at its real ₹456.25, the breaker halts at 09:20, pre-open from 10:05, trading again at 10:20', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await create(ctx, user, { date: '2020-03-13' });
      expect(replay.clock).toBe(new Date(ist('2020-03-13', '09:15')).toISOString());
      expect(replay.dates).toEqual(['2020-03-13']);
      expect(replay.status).toBe('paused');

      const open = await quote(ctx, user, replay.id, 'RELIANCE');
      expect(open.open).toBe(456.25);
      expect(Math.round(open.price)).toBeGreaterThanOrEqual(430);
      expect(Math.round(open.price)).toBeLessThanOrEqual(460);
      expect(open.previousClose).toBe(485.97);
      expect(open.marketHalt ?? null).toBeNull();

      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 4 });
      expect((await quote(ctx, user, replay.id, 'NIFTY50')).marketHalt ?? null).toBeNull();

      const halted = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      expect(halted.marketHalt?.phase).toBe('halt');
      expect(halted.marketHalt?.reopensAt).toBe(new Date(ist('2020-03-13', '10:20')).toISOString());
      const nifty = await quote(ctx, user, replay.id, 'NIFTY50');
      expect(nifty.changePercent).toBeLessThanOrEqual(-10);
      expect(nifty.marketHalt).toMatchObject({
        phase: 'halt',
        level: 10,
        index: 'NIFTY50',
        preOpenFrom: new Date(ist('2020-03-13', '10:05')).toISOString(),
        reopensAt: new Date(ist('2020-03-13', '10:20')).toISOString(),
      });
      const stopped = await quote(ctx, user, replay.id, 'RELIANCE');
      // At the trip, Gainers lists only what rose on the day; it is not padded with stocks that fell.
      const gainers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=gainers&limit=10&replayId=${replay.id}`,
      );
      expect(gainers.every((q) => q.changePercent > 0)).toBe(true);

      // Prices hold through the halt and the pre-open call auction.
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 44 });
      expect((await quote(ctx, user, replay.id, 'RELIANCE')).price).toBe(stopped.price);
      const auction = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      expect(auction.marketHalt?.phase).toBe('pre-open');
      expect((await quote(ctx, user, replay.id, 'RELIANCE')).price).toBe(stopped.price);

      const reopened = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/seek`, {
        time: '2020-03-13T10:21:00+05:30',
      });
      expect(reopened.marketHalt).toBeNull();
      const after = await quote(ctx, user, replay.id, 'RELIANCE');
      expect(after.marketHalt ?? null).toBeNull();
      expect(after.lastUpdated > stopped.lastUpdated).toBe(true);

      // No bars for the halted hour: nothing traded then.
      const chartRes = await call(
        ctx,
        user,
        'GET',
        `/api/live-charts/historical/RELIANCE?period=1D&replayId=${replay.id}`,
      );
      expect(chartRes.statusCode, chartRes.body).toBe(200);
      const chart = chartRes.json() as { data: Candle[] };
      const halt = [ist('2020-03-13', '09:20') / 1000, ist('2020-03-13', '10:20') / 1000];
      expect(chart.data.filter((c) => c.time >= halt[0]! && c.time < halt[1]!)).toEqual([]);
      expect(chart.data.some((c) => c.time === halt[1])).toBe(true);
      expect(chart.data.at(-1)!.time * 1000).toBeLessThanOrEqual(ist('2020-03-13', '10:21'));
    });

    it('plays at speed × wall time from stored timestamps, pauses, and never runs past the last close', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await create(ctx, user, { date: '2024-06-04', days: 2, speed: 60 });
      expect(replay.dates).toEqual(['2024-06-04', '2024-06-05']);
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/play`);
      wall.now += 10_000; // 10 s of wall time at 60× = 10 market minutes
      const playing = await ok<Replay>(ctx, user, 'GET', `/api/replays/${replay.id}`);
      expect(playing.status).toBe('playing');
      expect(playing.clock).toBe(new Date(ist('2024-06-04', '09:25')).toISOString());
      const paused = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/pause`);
      wall.now += 60_000;
      expect((await ok<Replay>(ctx, user, 'GET', `/api/replays/${replay.id}`)).clock).toBe(paused.clock);
      // A step over the close carries on at the next session's open.
      const next = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 370 });
      expect(next.clock).toBe(new Date(ist('2024-06-05', '09:20')).toISOString());
      const end = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1440 });
      expect(end.clock).toBe(end.endsAt);
      expect(end.endsAt).toBe(new Date(ist('2024-06-05', '15:30')).toISOString());
    });

    it('refuses bad input with the reason, and another user’s replay is not found', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const other = await signUp(ctx);
      const bad = async (body: Record<string, unknown>, text: RegExp) => {
        const res = await call(ctx, user, 'POST', '/api/replays', body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(text);
      };
      await bad({ date: '13-03-2020' }, /YYYY-MM-DD/);
      await bad({ date: '2021-02-30' }, /not a calendar date/);
      await bad({ date: '2020-02-01' }, /Saturday/);
      await bad({ date: '2019-06-03' }, /starts on 2020-01-01/);
      await bad({ date: '2026-09-01' }, /simulated/);
      await bad({ date: '2020-03-13', speed: 0 }, /Speed/);
      await bad({ date: '2020-03-13', speed: 601 }, /Speed/);
      await bad({ date: '2020-03-13', days: 6 }, /Days/);
      await bad({ date: '2026-07-24', days: 2 }, /Only 1 bundled trading day/);

      const replay = await create(ctx, user, { date: '2023-08-22' });
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 30 });
      const back = await call(ctx, user, 'POST', `/api/replays/${replay.id}/seek`, {
        time: '2023-08-22T09:30:00+05:30',
      });
      expect(back.statusCode, back.body).toBe(400);
      expect(back.json().message).toMatch(/only moves forward/);
      const step0 = await call(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 0 });
      expect(step0.statusCode).toBe(400);
      expect((await call(ctx, user, 'GET', '/api/replays/not-a-uuid')).statusCode).toBe(400);

      for (const [method, url] of [
        ['GET', `/api/replays/${replay.id}`],
        ['POST', `/api/replays/${replay.id}/play`],
        ['POST', `/api/replays/${replay.id}/finish`],
        ['GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`],
        ['GET', `/api/stocks/indices?replayId=${replay.id}`],
        ['GET', `/api/live-charts/historical/TCS?period=5D&replayId=${replay.id}`],
      ] as const) {
        const res = await call(ctx, other, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(
        (await call(ctx, null, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`)).statusCode,
      ).toBe(401);
      // Without a replay the market routes stay public and live.
      expect((await call(ctx, null, 'GET', '/api/stocks/quote/RELIANCE')).statusCode).toBe(200);
    });

    it('blind mode hides names and dates until finish', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await create(ctx, user, { date: '2024-06-04', blind: true });
      expect(replay.dates).toBeNull();
      expect(replay.calendar).toBe('stand-in');
      expect(replay.clock.startsWith('2024')).toBe(false);
      expect(new Date(replay.clock).getUTCDay()).toBe(new Date('2024-06-04T04:00:00Z').getUTCDay());
      const movers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=losers&limit=5&replayId=${replay.id}`,
      );
      expect(movers).toHaveLength(5);
      for (const q of movers) {
        // A loser fell on the day (the list never pads itself with stocks that rose).
        expect(q.changePercent).toBeLessThan(0);
        expect(q.name).toMatch(/^Stock [A-Z]+$/);
        expect(q.symbol).toMatch(/^STOCK-[A-Z]+$/);
        expect(q.lastUpdated.startsWith('2024')).toBe(false);
      }
      const same = await quote(ctx, user, replay.id, movers[0]!.symbol);
      expect(same.price).toBe(movers[0]!.price);
      expect(
        (await call(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`)).statusCode,
      ).toBe(404);
      const found = await ok<{ name: string; sector: string | null }[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/search?query=stock&limit=3&replayId=${replay.id}`,
      );
      expect(found.every((r) => /^Stock /.test(r.name))).toBe(true);
      const finished = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      expect(finished.status).toBe('finished');
      expect(finished.dates).toEqual(['2024-06-04']);
      expect(finished.calendar).toBe('real');
      expect((await call(ctx, user, 'POST', `/api/replays/${replay.id}/play`)).statusCode).toBe(400);
      expect((await quote(ctx, user, replay.id, 'RELIANCE')).name).not.toMatch(/^Stock /);
    });

    it('lists the drills with briefings whose figures are the bundle’s', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const drills = await ok<Drill[]>(ctx, user, 'GET', '/api/replays/drills');
      expect(drills.map((d) => d.date)).toEqual(
        expect.arrayContaining(['2020-03-13', '2020-03-23', '2020-02-01', '2024-06-04']),
      );
      expect(drills.filter((d) => d.kind === 'calm').length).toBeGreaterThanOrEqual(2);
      const crash = drills.find((d) => d.date === '2020-03-13')!;
      expect(crash.nifty).toEqual({
        previousClose: 9590.15,
        open: 9107.6,
        high: 10159.4,
        low: 8555.15,
        close: 9955.2,
      });
      expect(crash.briefing).toContain('9,590.15');
      for (const d of drills) {
        expect(d.replayDate, d.id).not.toBeNull();
        const res = await call(ctx, user, 'POST', '/api/replays', { date: d.replayDate, days: d.days });
        expect(res.statusCode, `${d.id}: ${res.body}`).toBe(201);
      }
    });
  },
  { now: () => wall.now },
);
