import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Alert, Candle, Gtt, Quote, Replay, ReplayPortfolio } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);
const iso = (ms: number) => new Date(ms).toISOString();
let keys = 0;

function call(ctx: TestContext, user: User, method: Method, url: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token: user.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function ok<T>(ctx: TestContext, user: User, method: Method, url: string, payload?: unknown) {
  const res = await call(ctx, user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}
const alertsOf = async (ctx: TestContext, user: User, portfolioId: string) =>
  ok<Alert[]>(ctx, user, 'GET', `/api/alerts?portfolioId=${portfolioId}`);
const gttsOf = async (ctx: TestContext, user: User, portfolioId: string) =>
  ok<Gtt[]>(ctx, user, 'GET', `/api/gtt?status=all&portfolioId=${portfolioId}`);
const seek = (ctx: TestContext, user: User, id: string, ms: number) =>
  ok<Replay>(ctx, user, 'POST', `/api/replays/${id}/seek`, { time: iso(ms) });
const tick = (rupees: number) => Math.round(rupees * 20) / 20;

/** RELIANCE's minute bars of 2020-03-13, read from a replay already at the close. */
async function dayBars(ctx: TestContext, user: User): Promise<Candle[]> {
  const peek = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
  await seek(ctx, user, peek.id, ist('2020-03-13', '15:30'));
  const res = await call(
    ctx,
    user,
    'GET',
    `/api/live-charts/historical/RELIANCE?period=1D&replayId=${peek.id}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  await ok(ctx, user, 'POST', `/api/replays/${peek.id}/finish`);
  return (res.json() as { data: Candle[] }).data;
}

describeEachDb(
  'price alerts and GTTs inside a replay',
  (context) => {
    it('an alert and a GTT set at the open fire on the replay path when the clock passes the level, not before', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const bars = await dayBars(ctx, user);
      const open = bars[0]!.open;
      const low = Math.min(...bars.map((c) => c.low));
      // A level between the open and the day's low, and the first minute whose low reaches it.
      const level = tick((open + low) / 2);
      expect(level).toBeLessThan(open);
      expect(level).toBeGreaterThan(low);
      const firstAt = bars.find((c) => c.low <= level)!.time * 1000;

      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      const portfolioId = replay.portfolioId!;
      const alert = await ok<Alert>(ctx, user, 'POST', '/api/alerts', {
        symbol: 'RELIANCE',
        condition: 'below',
        value: level,
        note: 'the crash',
        portfolioId,
      });
      // Set on the replay's clock: its open, not the wall time.
      expect(alert).toMatchObject({ status: 'ACTIVE', symbol: 'RELIANCE', lastTriggeredAt: null });
      expect(alert.createdAt).toBe(iso(ist('2020-03-13', '09:15')));
      expect(alert.expiresAt.startsWith('2021-03-13')).toBe(true);
      const gtt = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: 'RELIANCE',
        kind: 'single',
        side: 'BUY',
        quantity: 2,
        legs: [{ triggerPrice: level, limitPrice: tick(level + 2) }],
        portfolioId,
      });
      expect(gtt.status).toBe('ACTIVE');
      expect(gtt.referencePrice).toBeGreaterThan(level);
      expect(gtt.legs[0]!.direction).toBe('down');
      expect(gtt.createdAt).toBe(iso(ist('2020-03-13', '09:15')));
      // Main portfolio lists neither.
      expect((await ok<Alert[]>(ctx, user, 'GET', '/api/alerts')).map((a) => a.id)).not.toContain(alert.id);

      // The minute before the path first reaches the level: nothing has fired.
      await seek(ctx, user, replay.id, firstAt - 60_000);
      expect((await alertsOf(ctx, user, portfolioId))[0]).toMatchObject({
        status: 'ACTIVE',
        triggerCount: 0,
      });
      expect((await gttsOf(ctx, user, portfolioId))[0]).toMatchObject({ status: 'ACTIVE', orderId: null });

      // Two minutes on, both fired inside that minute, at replay times.
      await seek(ctx, user, replay.id, firstAt + 120_000);
      const [fired] = await alertsOf(ctx, user, portfolioId);
      expect(fired).toMatchObject({ status: 'TRIGGERED', triggerCount: 1 });
      const firedMs = Date.parse(fired!.lastTriggeredAt!);
      expect(firedMs).toBeGreaterThanOrEqual(firstAt);
      expect(firedMs).toBeLessThanOrEqual(firstAt + 60_000);
      expect(fired!.history[0]!.price).toBeLessThanOrEqual(level);

      const [placed] = await gttsOf(ctx, user, portfolioId);
      expect(placed).toMatchObject({ status: 'TRIGGERED', triggeredLeg: 0 });
      expect(Date.parse(placed!.triggeredAt!)).toBe(firedMs);
      expect(placed!.triggeredPrice).toBeLessThanOrEqual(level);
      // Its LIMIT order went to the replay's desk, under the GTT's client order id, and filled there.
      const book = await ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${replay.id}/portfolio`);
      const order = book.orders.find((o) => o.id === placed!.orderId)!;
      expect(order).toMatchObject({ status: 'FILLED', side: 'BUY', orderType: 'LIMIT', quantity: 2 });
      expect(order.executionPrice!).toBeLessThanOrEqual(tick(level + 2));
      expect(Date.parse(order.executedAt!)).toBeGreaterThanOrEqual(firedMs);
      expect(book.positions).toEqual([expect.objectContaining({ symbol: 'RELIANCE', quantity: 2 })]);
      const rows = await ctx.rows<{ client_order_id: string }>(
        sql`select client_order_id from orders where id = ${placed!.orderId}`,
      );
      expect(rows[0]!.client_order_id).toBe(`gtt-${gtt.id}-1`);

      // Not a live push: the notifications list has nothing of the replay.
      const notes = await call(ctx, user, 'GET', '/api/notifications');
      expect(JSON.stringify(notes.json().data)).not.toMatch(/RELIANCE|alert|GTT/i);
    });

    it('an OCO ends its other leg; a repeat alert that has not fired and an active GTT end at the finish, with the reason', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const bars = await dayBars(ctx, user);
      const open = bars[0]!.open;
      const low = Math.min(...bars.map((c) => c.low));
      const level = tick((open + low) / 2);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      const portfolioId = replay.portfolioId!;
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      const bought = await call(ctx, user, 'POST', '/api/orders/place', {
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 5,
        validity: 'DAY',
        product: 'CNC',
        clientOrderId: `replay-watch-${++keys}`,
        portfolioId,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const quote = await ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`);
      const target = tick(quote.price * 1.5);
      const oco = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: 'RELIANCE',
        kind: 'oco',
        side: 'SELL',
        quantity: 5,
        legs: [
          { triggerPrice: level, limitPrice: tick(level - 2) },
          { triggerPrice: target, limitPrice: target },
        ],
        portfolioId,
      });
      // A buy far above: it never fires today.
      const idle = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: 9000, limitPrice: 9000 }],
        portfolioId,
      });
      const never = await ok<Alert>(ctx, user, 'POST', '/api/alerts', {
        symbol: 'RELIANCE',
        condition: 'above',
        value: tick(open * 2),
        portfolioId,
      });
      const volume = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: 'RELIANCE',
        condition: 'above',
        watch: 'volume',
        value: 1000,
        portfolioId,
      });
      expect(volume.statusCode, volume.body).toBe(400);
      expect(volume.json().message).toMatch(/inside a replay an alert watches the last price/i);

      await seek(ctx, user, replay.id, ist('2020-03-13', '15:00'));
      const after = await gttsOf(ctx, user, portfolioId);
      expect(after.find((g) => g.id === oco.id)).toMatchObject({ status: 'TRIGGERED', triggeredLeg: 0 });
      const book = await ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${replay.id}/portfolio`);
      const sold = book.orders.find((o) => o.id === after.find((g) => g.id === oco.id)!.orderId)!;
      expect(sold).toMatchObject({ side: 'SELL', status: 'FILLED', quantity: 5 });
      expect(book.positions).toEqual([]);

      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      expect((await gttsOf(ctx, user, portfolioId)).find((g) => g.id === idle.id)).toMatchObject({
        status: 'CANCELLED',
        statusReason: 'Cancelled when the replay finished',
      });
      expect((await alertsOf(ctx, user, portfolioId)).find((a) => a.id === never.id)).toMatchObject({
        status: 'EXPIRED',
        statusReason: 'Ended when the replay finished',
      });
      // A finished replay's portfolio takes no new alert or GTT.
      const late = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: 'RELIANCE',
        condition: 'above',
        value: 500,
        portfolioId,
      });
      expect(late.statusCode, late.body).toBe(422);
    });

    it('a GTT whose limit is not yet reached rests on the replay desk and fills later in the same stretch of the clock', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const bars = await dayBars(ctx, user);
      const open = bars[0]!.open;
      const low = Math.min(...bars.map((c) => c.low));
      const trigger = tick((open + low) / 2);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13' });
      const portfolioId = replay.portfolioId!;
      const seen = await ok<Quote>(ctx, user, 'GET', `/api/stocks/quote/RELIANCE?replayId=${replay.id}`);
      // A buy limit under the trigger (the path has to fall further after the GTT fires), inside
      // the day's operating range (a limit outside it is refused, and the GTT ends REJECTED).
      const limit = Math.ceil(Math.max((trigger + low) / 2, seen.lowerCircuit!) * 20 - 1e-6) / 20;
      expect(limit).toBeLessThan(trigger);
      expect(limit).toBeGreaterThan(low);
      const gtt = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: 'RELIANCE',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: trigger, limitPrice: limit }],
        portfolioId,
      });
      // One jump to the close: the GTT fires, its order rests, then fills at its limit, in that order.
      await seek(ctx, user, replay.id, ist('2020-03-13', '15:29'));
      const fired = (await gttsOf(ctx, user, portfolioId)).find((g) => g.id === gtt.id)!;
      expect(fired.status, fired.statusReason ?? '').toBe('TRIGGERED');
      const book = await ok<ReplayPortfolio>(ctx, user, 'GET', `/api/replays/${replay.id}/portfolio`);
      const order = book.orders.find((o) => o.id === fired.orderId)!;
      expect(order).toMatchObject({
        status: 'FILLED',
        orderType: 'LIMIT',
        limitPrice: limit,
        executionPrice: limit,
      });
      expect(Date.parse(order.executedAt!)).toBeGreaterThan(Date.parse(fired.triggeredAt!));
      expect(Date.parse(order.executedAt!)).toBeLessThanOrEqual(ist('2020-03-13', '15:29'));
    });

    it('the live evaluators leave a replay’s alerts and GTTs alone, even ones dated years back', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2024-06-04' });
      const portfolioId = replay.portfolioId!;
      const alert = await ok<Alert>(ctx, user, 'POST', '/api/alerts', {
        symbol: 'TCS',
        condition: 'above',
        value: 1,
        portfolioId,
        expiresAt: iso(ist('2024-06-04', '12:00')),
      });
      const gtt = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: 9000, limitPrice: 9000 }],
        portfolioId,
      });
      // Live "now" is 2026: past both expiries and the alert's level holds; still nothing moves.
      await ctx.app.alertEvaluator.runOnce();
      await ctx.app.gttEvaluator.runOnce();
      const rows = await ctx.rows<{ status: string }>(
        sql`select status from price_alerts where id = ${alert.id} union all select status from gtt_triggers where id = ${gtt.id}`,
      );
      expect(rows.map((r) => r.status)).toEqual(['ACTIVE', 'ACTIVE']);
      // On its own clock the alert fires at the first tick after the open.
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 1 });
      const [fired] = await alertsOf(ctx, user, portfolioId);
      expect(fired).toMatchObject({ status: 'TRIGGERED' });
      expect(Date.parse(fired!.lastTriggeredAt!)).toBeGreaterThan(ist('2024-06-04', '09:15'));
      expect(Date.parse(fired!.lastTriggeredAt!)).toBeLessThanOrEqual(ist('2024-06-04', '09:16'));
    });

    it('blind: alerts and GTTs name the stand-in and show stand-in dates; the real symbol is not found', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const replay = await ok<Replay>(ctx, user, 'POST', '/api/replays', { date: '2020-03-13', blind: true });
      const portfolioId = replay.portfolioId!;
      const movers = await ok<Quote[]>(
        ctx,
        user,
        'GET',
        `/api/stocks/movers?type=active&limit=1&replayId=${replay.id}`,
      );
      const alias = movers[0]!.symbol;
      expect(alias).toMatch(/^STOCK-/);
      const real = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: 'RELIANCE',
        condition: 'below',
        value: 100,
        portfolioId,
      });
      expect(real.statusCode, real.body).toBe(404);
      const alert = await call(ctx, user, 'POST', '/api/alerts', {
        symbol: alias,
        condition: 'below',
        value: tick(movers[0]!.price * 0.97),
        portfolioId,
      });
      expect(alert.statusCode, alert.body).toBe(201);
      expect(alert.json().message).toContain(alias);
      const gtt = await ok<Gtt>(ctx, user, 'POST', '/api/gtt', {
        symbol: alias,
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: tick(movers[0]!.price * 0.97), limitPrice: tick(movers[0]!.price * 0.975) }],
        portfolioId,
      });
      expect(gtt).toMatchObject({ symbol: alias, name: expect.stringMatching(/^Stock /) });
      await ok(ctx, user, 'POST', `/api/replays/${replay.id}/step`, { minutes: 375 });
      const lists = JSON.stringify([
        await alertsOf(ctx, user, portfolioId),
        await gttsOf(ctx, user, portfolioId),
      ]);
      expect(lists).toContain(alias);
      expect(lists).not.toMatch(/2020-|2021-/);
      const [shown] = await alertsOf(ctx, user, portfolioId);
      expect(shown!.createdAt).toBe(new Date(Date.parse(replay.clock)).toISOString());
      const done = await ok<Replay>(ctx, user, 'POST', `/api/replays/${replay.id}/finish`);
      expect(done.dates).toEqual(['2020-03-13']);
      // Revealed at the finish: the real symbol and date.
      const [revealed] = await alertsOf(ctx, user, portfolioId);
      expect(revealed!.symbol).not.toMatch(/^STOCK-/);
      expect(revealed!.createdAt.startsWith('2020-03-13')).toBe(true);
    });

    it('another user’s replay portfolio id is a 404 on every alert and GTT route', async () => {
      const ctx = context();
      const owner = await signUp(ctx);
      const other = await signUp(ctx);
      const replay = await ok<Replay>(ctx, owner, 'POST', '/api/replays', { date: '2024-06-04' });
      const portfolioId = replay.portfolioId!;
      const alert = await ok<Alert>(ctx, owner, 'POST', '/api/alerts', {
        symbol: 'TCS',
        condition: 'above',
        value: 9000,
        portfolioId,
      });
      const gtt = await ok<Gtt>(ctx, owner, 'POST', '/api/gtt', {
        symbol: 'TCS',
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: 9000, limitPrice: 9000 }],
        portfolioId,
      });
      const tries: [Method, string, unknown?][] = [
        ['GET', `/api/alerts?portfolioId=${portfolioId}`],
        ['POST', '/api/alerts', { symbol: 'TCS', condition: 'above', value: 9000, portfolioId }],
        ['PATCH', `/api/alerts/${alert.id}`, { value: 9100, portfolioId }],
        ['DELETE', `/api/alerts/${alert.id}`, { portfolioId }],
        ['GET', `/api/gtt?portfolioId=${portfolioId}`],
        ['GET', `/api/gtt/${gtt.id}?portfolioId=${portfolioId}`],
        [
          'POST',
          '/api/gtt',
          {
            symbol: 'TCS',
            kind: 'single',
            side: 'BUY',
            quantity: 1,
            legs: [{ triggerPrice: 9000, limitPrice: 9000 }],
            portfolioId,
          },
        ],
        ['PATCH', `/api/gtt/${gtt.id}`, { quantity: 2, portfolioId }],
        ['DELETE', `/api/gtt/${gtt.id}`, { portfolioId }],
      ];
      for (const [method, url, body] of tries) {
        const res = await call(ctx, other, method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
      // Their own main portfolio does not reach the owner's replay rows either.
      expect((await call(ctx, other, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(404);
      expect((await call(ctx, other, 'DELETE', `/api/gtt/${gtt.id}`)).statusCode).toBe(404);
      // The owner changes and cancels them on the replay's clock.
      const changed = await ok<Alert>(ctx, owner, 'PATCH', `/api/alerts/${alert.id}`, {
        value: 9100,
        portfolioId,
      });
      expect(changed.value).toBe(9100);
      const cancelled = await ok<Gtt>(ctx, owner, 'DELETE', `/api/gtt/${gtt.id}`, { portfolioId });
      expect(cancelled.status).toBe('CANCELLED');
      await ok(ctx, owner, 'DELETE', `/api/alerts/${alert.id}`, { portfolioId });
      expect(await alertsOf(ctx, owner, portfolioId)).toEqual([]);
    });
  },
  { now: () => wall.now },
);
