import { sql } from 'drizzle-orm';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  ALERT_BREAKER_REASON,
  ALERT_EXPIRED_REASON,
  MAX_ALERTS_PER_USER,
  roundToTick,
  tickSize,
  type Alert,
} from '@nivesh/shared';
import { describeEachDb, newSignup, signUp, type TestContext } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { testMarket } from '../support/market-path.js';
import { accepted, type User } from '../support/orders.js';

const clock = { now: 0 };
// A Thursday, 10:30 IST.
const START = Date.parse('2026-11-26T05:00:00Z');
const HOUR = 3_600_000;
const { sim, priceAt, crossAndBack } = testMarket();

async function create(ctx: TestContext, user: User, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/alerts', token: user.token, payload });
}
async function created(ctx: TestContext, user: User, payload: Record<string, unknown>): Promise<Alert> {
  const res = await create(ctx, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Alert;
}
async function alertsOf(ctx: TestContext, user: User): Promise<Alert[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/alerts', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Alert[];
}
async function one(ctx: TestContext, user: User, id: string): Promise<Alert> {
  return (await alertsOf(ctx, user)).find((a) => a.id === id)!;
}
async function notificationsOf(ctx: TestContext, user: User) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token });
  return res.json().data as {
    type: string;
    title: string;
    message: string;
    data: Record<string, unknown> | null;
  }[];
}
const run = (ctx: TestContext) => ctx.app.alertEvaluator.runOnce();

describeEachDb(
  'price alerts API',
  (ctx) => {
    it('creates an alert with the defaults, lists it, and answers 201 with its id and status', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const res = await create(ctx(), user, { symbol: 'reliance', condition: 'above', value: 3000 });
      expect(res.statusCode, res.body).toBe(201);
      const alert = res.json().data as Alert;
      expect(alert).toMatchObject({
        symbol: 'RELIANCE',
        watch: 'price',
        condition: 'above',
        value: 3000,
        frequency: 'once',
        cooldownSeconds: 60,
        note: null,
        status: 'ACTIVE',
        statusReason: null,
        triggerCount: 0,
        history: [],
        expiresAt: new Date(START + 365 * 24 * HOUR).toISOString(),
      });
      expect(res.json().message).toBe('Alert set: RELIANCE last price at or above ₹3,000.00');
      const list = await ctx().request({ method: 'GET', url: '/api/alerts', token: user.token });
      expect(list.json()).toMatchObject({
        success: true,
        count: 1,
        limit: MAX_ALERTS_PER_USER,
        data: [{ id: alert.id }],
      });
      // A date picker's "end of that day a year from now" is accepted; a later one is not.
      const yearEnd = new Date(START + 366 * 24 * HOUR - 1000).toISOString();
      expect(
        (await create(ctx(), user, { symbol: 'ITC', condition: 'above', value: 1, expiresAt: yearEnd }))
          .statusCode,
      ).toBe(201);
      const late = await create(ctx(), user, {
        symbol: 'ITC',
        condition: 'above',
        value: 1,
        expiresAt: new Date(START + 367 * 24 * HOUR).toISOString(),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().errors.expiresAt).toBe('Expiry must be within 366 days');
    });

    it('refuses bad bodies with 400 and a message per field', async () => {
      const user = await signUp(ctx());
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ condition: 'above', value: 10 }, 'symbol', /./],
        [
          { symbol: 'ITC', condition: 'sideways', value: 10 },
          'condition',
          /Condition must be above, below, crosses_up or crosses_down/,
        ],
        [{ symbol: 'ITC', condition: 'above', value: -5 }, 'value', /Price must be more than 0/],
        [{ symbol: 'ITC', condition: 'above', value: 'ten' }, 'value', /valid alert value/],
        [{ symbol: 'ITC', condition: 'above', value: 1.5, watch: 'volume' }, 'value', /whole number/],
        [
          { symbol: 'ITC', condition: 'above', value: -150, watch: 'dayChangePct' },
          'value',
          /between -100% and 1000%/,
        ],
        [
          { symbol: 'ITC', condition: 'above', value: 10, frequency: 'hourly' },
          'frequency',
          /once, daily or every/,
        ],
        [
          { symbol: 'ITC', condition: 'above', value: 10, note: 'x'.repeat(129) },
          'note',
          /at most 128 characters/,
        ],
        [{ symbol: 'ITC', condition: 'above', value: 10, note: 'bad\u0000note' }, 'note', /not allowed/],
        [{ symbol: 'ITC', condition: 'above', value: 10, note: 'half \uD83D pair' }, 'note', /not allowed/],
        [{ symbol: 'ITC', condition: 'above', value: 10, expiresAt: 'tomorrow' }, 'expiresAt', /ISO 8601/],
        [
          { symbol: 'ITC', condition: 'above', value: 10, expiresAt: new Date(START - HOUR).toISOString() },
          'expiresAt',
          /in the future/,
        ],
        [
          { symbol: 'ITC', condition: 'above', value: 10, cooldownSeconds: 0 },
          'cooldownSeconds',
          /at least 1 second/,
        ],
      ];
      for (const [payload, field, message] of cases) {
        clock.now = START;
        const res = await create(ctx(), user, payload);
        expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
        expect(res.json().errors?.[field], res.body).toMatch(message);
      }
      // A volume level is a whole number of shares.
      expect(
        (await create(ctx(), user, { symbol: 'ITC', condition: 'above', value: 10, watch: 'volume' }))
          .statusCode,
      ).toBe(201);
      expect((await create(ctx(), user, { symbol: 'NOPE', condition: 'above', value: 10 })).statusCode).toBe(
        404,
      );
      const [first] = await alertsOf(ctx(), user);
      const empty = await ctx().request({
        method: 'PATCH',
        url: `/api/alerts/${first!.id}`,
        token: user.token,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Nothing to change');
    });

    it("another user's alert is 404 to read, edit or delete", async () => {
      clock.now = START;
      const owner = await signUp(ctx());
      const other = await signUp(ctx());
      const alert = await created(ctx(), owner, { symbol: 'TCS', condition: 'below', value: 1000 });
      expect(await alertsOf(ctx(), other)).toEqual([]);
      const patch = await ctx().request({
        method: 'PATCH',
        url: `/api/alerts/${alert.id}`,
        token: other.token,
        payload: { value: 900 },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe('Alert not found');
      const del = await ctx().request({
        method: 'DELETE',
        url: `/api/alerts/${alert.id}`,
        token: other.token,
      });
      expect(del.statusCode).toBe(404);
      expect(await one(ctx(), owner, alert.id)).toMatchObject({ value: 1000, status: 'ACTIVE' });
      expect((await ctx().request({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    });

    it('edits, pauses, resumes and deletes an alert', async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const alert = await created(ctx(), user, {
        symbol: 'INFY',
        condition: 'below',
        value: 1000,
        note: 'buy more here',
      });
      const url = `/api/alerts/${alert.id}`;
      const edited = await ctx().request({
        method: 'PATCH',
        url,
        token: user.token,
        payload: { value: 950.5, condition: 'crosses_down', frequency: 'daily', note: 'plan: add 5' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        value: 950.5,
        condition: 'crosses_down',
        frequency: 'daily',
        note: 'plan: add 5',
        status: 'ACTIVE',
      });
      const paused = await ctx().request({
        method: 'PATCH',
        url,
        token: user.token,
        payload: { status: 'DISABLED' },
      });
      expect(paused.json().data).toMatchObject({ status: 'DISABLED', statusReason: 'Paused by you' });
      const resumed = await ctx().request({
        method: 'PATCH',
        url,
        token: user.token,
        payload: { status: 'ACTIVE' },
      });
      expect(resumed.json().data).toMatchObject({ status: 'ACTIVE', statusReason: null });
      const badValue = await ctx().request({
        method: 'PATCH',
        url,
        token: user.token,
        payload: { value: -1 },
      });
      expect(badValue.statusCode).toBe(400);
      expect(badValue.json().errors.value).toMatch(/Price must be more than 0/);
      expect((await ctx().request({ method: 'DELETE', url, token: user.token })).statusCode).toBe(200);
      expect(await alertsOf(ctx(), user)).toEqual([]);
      expect((await ctx().request({ method: 'DELETE', url, token: user.token })).statusCode).toBe(404);
    });

    it(`keeps at most ${MAX_ALERTS_PER_USER} alerts per user, whatever their status`, async () => {
      clock.now = START;
      const user = await signUp(ctx());
      const expires = new Date(START + HOUR).toISOString();
      await ctx().rows(sql`
        insert into price_alerts (user_id, account_id, symbol, name, watch, condition, level_hundredths, frequency, cooldown_seconds, status, expires_at, armed_at)
        select ${user.user.id}, (select id from cash_accounts where user_id = ${user.user.id}), 'ITC', 'ITC', 'price', 'above', 100000, 'once', 60, case when g % 2 = 0 then 'TRIGGERED' else 'ACTIVE' end, ${expires}, ${expires}
        from generate_series(1, ${MAX_ALERTS_PER_USER - 1}) g`);
      expect((await create(ctx(), user, { symbol: 'ITC', condition: 'above', value: 10 })).statusCode).toBe(
        201,
      );
      const over = await create(ctx(), user, { symbol: 'ITC', condition: 'above', value: 10 });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(
        `You can keep at most ${MAX_ALERTS_PER_USER} alerts; delete some first`,
      );
      // Another user is not affected.
      const other = await signUp(ctx());
      expect((await create(ctx(), other, { symbol: 'ITC', condition: 'above', value: 10 })).statusCode).toBe(
        201,
      );
    });
  },
  { now: () => clock.now },
);

describeEachDb(
  'price alerts under an injected clock',
  (ctx) => {
    it("'above' fires at once when it holds, once, with the user's position, P&L and note, a realtime event and an e-mail", async () => {
      clock.now = START + HOUR;
      const user = await signUp(ctx());
      await accepted(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 5 });
      await run(ctx());
      const p0 = priceAt('ITC', clock.now);
      const level = roundToTick(p0 * 0.99);
      const alert = await created(ctx(), user, {
        symbol: 'ITC',
        condition: 'above',
        value: level,
        note: 'trim if it runs',
      });
      const spy = vi.spyOn(ctx().app.realtime, 'toUser');
      const mails = ctx().sent.length;
      try {
        clock.now += 1000;
        expect((await run(ctx())).fired).toBe(1);
        const events = spy.mock.calls.filter((c) => c[0] === user.user.id && c[1] === 'alert-triggered');
        expect(events).toHaveLength(1);
        const payload = events[0]![2] as { alert: Alert; firing: { price: number }; message: string };
        expect(payload.alert).toMatchObject({ id: alert.id, status: 'TRIGGERED', triggerCount: 1 });
        expect(payload.firing.price).toBe(priceAt('ITC', clock.now));
      } finally {
        spy.mockRestore();
      }
      const fired = await one(ctx(), user, alert.id);
      expect(fired).toMatchObject({
        status: 'TRIGGERED',
        triggerCount: 1,
        lastTriggeredAt: new Date(Math.floor(clock.now / 1000) * 1000).toISOString(),
      });
      expect(fired.history).toEqual([
        {
          firedAt: fired.lastTriggeredAt,
          value: priceAt('ITC', clock.now),
          price: priceAt('ITC', clock.now),
        },
      ]);
      const [note] = await notificationsOf(ctx(), user);
      expect(note).toMatchObject({
        type: 'alert',
        title: 'Price alert: ITC',
        data: expect.objectContaining({ alertId: alert.id }),
      });
      expect(note!.message).toMatch(/^ITC last price at or above ₹[\d,]+\.\d\d: now ₹[\d,]+\.\d\d/);
      expect(note!.message).toMatch(
        /You hold 5 at an average ₹[\d,.]+: P&L [+−]₹[\d,.]+ \([+−][\d.]+%\) at this price\./,
      );
      expect(note!.message).toContain('Your note: trim if it runs');
      expect(ctx().sent.slice(mails)).toEqual([
        expect.objectContaining({ to: user.email, subject: 'Nivesh: Price alert: ITC' }),
      ]);
      // Once: it does not fire again.
      clock.now += 5000;
      expect((await run(ctx())).fired).toBe(0);
      expect((await one(ctx(), user, alert.id)).triggerCount).toBe(1);
    });

    it("'below' fires when the path reaches it; 'crosses_up' needs a fresh cross from below", async () => {
      clock.now = START + 2 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('TCS', clock.now);
      const tick = tickSize(p0);
      const below = await created(ctx(), user, {
        symbol: 'TCS',
        condition: 'below',
        value: roundToTick(p0 - tick),
      });
      // Already above this level: 'crosses_up' must see the price below it first.
      const up = await created(ctx(), user, {
        symbol: 'TCS',
        condition: 'crosses_up',
        value: roundToTick(p0 - 3 * tick),
      });
      const { crossed } = crossAndBack('TCS', clock.now + 1000, (p) => p <= below.value);
      clock.now = crossed;
      await run(ctx());
      expect(await one(ctx(), user, below.id)).toMatchObject({
        status: 'TRIGGERED',
        history: [{ firedAt: new Date(crossed).toISOString(), price: priceAt('TCS', crossed) }],
      });
      // The up-cross fires only after the price went under its level and came back through it.
      const under = crossAndBack('TCS', clock.now, (p) => p < up.value);
      clock.now = under.crossed;
      await run(ctx());
      expect((await one(ctx(), user, up.id)).status).toBe('ACTIVE');
      clock.now = under.back;
      await run(ctx());
      expect(await one(ctx(), user, up.id)).toMatchObject({
        status: 'TRIGGERED',
        history: [{ firedAt: new Date(under.back).toISOString() }],
      });
    });

    it('a price that crosses down and comes back inside one check interval fires exactly once', async () => {
      clock.now = START + 3 * HOUR;
      const user = await signUp(ctx());
      const p0 = priceAt('HDFCBANK', clock.now);
      const level = roundToTick(p0 - tickSize(p0));
      const alert = await created(ctx(), user, {
        symbol: 'HDFCBANK',
        condition: 'crosses_down',
        value: level,
        frequency: 'every',
        cooldownSeconds: 3600,
      });
      await run(ctx());
      const { crossed, back } = crossAndBack('HDFCBANK', clock.now + 1000, (p) => p <= level);
      // The next check comes after the price is back above the level.
      clock.now = back;
      expect(priceAt('HDFCBANK', clock.now)).toBeGreaterThan(level);
      expect((await run(ctx())).fired).toBe(1);
      clock.now += 1000;
      await run(ctx());
      const fired = await one(ctx(), user, alert.id);
      expect(fired).toMatchObject({ status: 'ACTIVE', triggerCount: 1 });
      expect(fired.history).toEqual([
        {
          firedAt: new Date(crossed).toISOString(),
          value: priceAt('HDFCBANK', crossed),
          price: priceAt('HDFCBANK', crossed),
        },
      ]);
    });

    it("'daily' fires at most once per IST day; 'every' waits out its cooldown", async () => {
      clock.now = START + 4 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('SBIN', clock.now);
      const daily = await created(ctx(), user, {
        symbol: 'SBIN',
        condition: 'above',
        value: roundToTick(p0 * 0.5),
        frequency: 'daily',
      });
      const every = await created(ctx(), user, {
        symbol: 'SBIN',
        condition: 'above',
        value: roundToTick(p0 * 0.5),
        frequency: 'every',
        cooldownSeconds: 60,
      });
      clock.now += 1000;
      await run(ctx());
      clock.now += 30_000;
      await run(ctx());
      expect(await one(ctx(), user, daily.id)).toMatchObject({ status: 'ACTIVE', triggerCount: 1 });
      expect(await one(ctx(), user, every.id)).toMatchObject({ status: 'ACTIVE', triggerCount: 1 });
      clock.now += 31_000;
      await run(ctx());
      expect((await one(ctx(), user, every.id)).triggerCount).toBe(2);
      expect((await one(ctx(), user, daily.id)).triggerCount).toBe(1);
      // The next IST day.
      clock.now = START + 24 * HOUR;
      await run(ctx());
      expect((await one(ctx(), user, daily.id)).triggerCount).toBe(2);
    });

    it('an alert firing 15 times in 3 minutes disables itself with that reason', async () => {
      clock.now = START + 5 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const p0 = priceAt('ITC', clock.now);
      const alert = await created(ctx(), user, {
        symbol: 'ITC',
        condition: 'above',
        value: roundToTick(p0 * 0.5),
        frequency: 'every',
        cooldownSeconds: 5,
      });
      for (let i = 0; i < 20; i += 1) {
        clock.now += 6000;
        await run(ctx());
      }
      const done = await one(ctx(), user, alert.id);
      expect(done).toMatchObject({
        status: 'DISABLED',
        statusReason: ALERT_BREAKER_REASON,
        triggerCount: 15,
      });
      const messages = (await notificationsOf(ctx(), user)).map((n) => n.message);
      expect(messages.filter((m) => m.includes(ALERT_BREAKER_REASON))).toHaveLength(1);
    });

    it('expires at its expiry without firing', async () => {
      clock.now = START + 6 * HOUR;
      const user = await signUp(ctx());
      const p0 = priceAt('INFY', clock.now);
      const alert = await created(ctx(), user, {
        symbol: 'INFY',
        condition: 'above',
        value: roundToTick(p0 * 2),
        expiresAt: new Date(clock.now + HOUR).toISOString(),
      });
      clock.now += 2 * HOUR;
      expect((await run(ctx())).expired).toBeGreaterThanOrEqual(1);
      expect(await one(ctx(), user, alert.id)).toMatchObject({
        status: 'EXPIRED',
        statusReason: ALERT_EXPIRED_REASON,
        triggerCount: 0,
      });
      const resume = await ctx().request({
        method: 'PATCH',
        url: `/api/alerts/${alert.id}`,
        token: user.token,
        payload: { status: 'ACTIVE' },
      });
      expect(resume.statusCode).toBe(400);
    });

    it('watches the day change and the day volume; Price Alerts off stores no notification and sends no mail', async () => {
      clock.now = START + 7 * HOUR;
      const user = await signUp(ctx());
      await run(ctx());
      const settings = await ctx().request({
        method: 'PUT',
        url: '/api/user/settings',
        token: user.token,
        payload: { notificationSettings: { priceAlerts: false } },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const quote = sim.snapshot('RELIANCE', clock.now)!;
      const pct = ((quote.price - quote.previousClose) / quote.previousClose) * 100;
      const change = await created(ctx(), user, {
        symbol: 'RELIANCE',
        watch: 'dayChangePct',
        condition: 'above',
        value: Math.floor(pct) - 1,
      });
      const volume = await created(ctx(), user, {
        symbol: 'RELIANCE',
        watch: 'volume',
        condition: 'above',
        value: 1,
      });
      const mails = ctx().sent.length;
      clock.now += 1000;
      expect((await run(ctx())).fired).toBe(2);
      expect((await one(ctx(), user, change.id)).status).toBe('TRIGGERED');
      const v = await one(ctx(), user, volume.id);
      expect(v.status).toBe('TRIGGERED');
      expect(v.history[0]!.value).toBe(sim.snapshot('RELIANCE', clock.now)!.volume);
      expect((await notificationsOf(ctx(), user)).filter((n) => n.type === 'alert')).toEqual([]);
      expect(ctx().sent.length).toBe(mails);
    });
  },
  { now: () => clock.now },
);

describe.skipIf(inject('postgresAdminUrl') === null)(
  'price alerts with two instances on one PostgreSQL',
  () => {
    const start = twoInstancesOnPostgres(() => clock.now);

    it('exactly one instance evaluates, and an alert fires once even when both check at the same moment', async () => {
      const { a, b, database } = await start();
      clock.now = START + 8 * HOUR;
      const signup = await a.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
      const token = (signup.json() as { token: string }).token;
      const p0 = priceAt('ITC', clock.now);
      const post = (value: number) =>
        a.inject({
          method: 'POST',
          url: '/api/alerts',
          headers: { authorization: `Bearer ${token}` },
          payload: { symbol: 'ITC', condition: 'above', value },
        });
      expect((await post(roundToTick(p0 * 0.5))).statusCode).toBe(201);

      // The timed path: both try, one holds the advisory lock and checks.
      clock.now += 1000;
      const rounds = await Promise.all([a.alertEvaluator.tick(), b.alertEvaluator.tick()]);
      expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
      expect([a.alertEvaluator.holdsLock, b.alertEvaluator.holdsLock].filter(Boolean)).toHaveLength(1);
      expect(rounds.reduce((n, r) => n + (r?.fired ?? 0), 0)).toBe(1);

      // Even two checks at once (bypassing the lock) fire a crossing once: the alert's row decides.
      expect((await post(roundToTick(p0 * 0.5))).statusCode).toBe(201);
      clock.now += 1000;
      const both = await Promise.all([a.alertEvaluator.runOnce(), b.alertEvaluator.runOnce()]);
      expect(both[0].fired + both[1].fired).toBe(1);
      const list = (
        await a.inject({ method: 'GET', url: '/api/alerts', headers: { authorization: `Bearer ${token}` } })
      ).json().data as Alert[];
      expect(list.map((x) => x.triggerCount)).toEqual([1, 1]);
      const firings = await database.db.execute(sql`select count(*)::int as n from price_alert_firings`);
      expect((firings as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });
  },
);
