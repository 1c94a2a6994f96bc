import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MAX_ALERTS_PER_USER, type Alert } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { alertsOf, clock, create, created, HOUR, one, START } from './alerts.fixtures.js';

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
