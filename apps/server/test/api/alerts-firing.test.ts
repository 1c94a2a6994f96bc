import { expect, it, vi } from 'vitest';
import {
  ALERT_BREAKER_REASON,
  ALERT_EXPIRED_REASON,
  roundToTick,
  tickSize,
  type Alert,
} from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { accepted } from '../support/orders.js';
import {
  clock,
  created,
  crossAndBack,
  HOUR,
  notificationsOf,
  one,
  priceAt,
  run,
  sim,
  START,
} from './alerts.fixtures.js';

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
