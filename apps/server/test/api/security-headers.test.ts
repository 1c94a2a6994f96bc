import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roundToTick, type Quote } from '@nivesh/shared';
import { isBadInputDataError, isUniqueViolation, pgErrorCode } from '../../src/lib/db-errors.js';
import { describeEachDb, signUp } from '../support/test-app.js';

type Operation = { security?: unknown[] };

describeEachDb('security headers, OpenAPI security and the probes that used to 500', (ctx) => {
  it('marks authenticated API answers no-store and sends the Permissions-Policy everywhere', async () => {
    const user = await signUp(ctx());
    const me = await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['permissions-policy']).toBe('microphone=(self), camera=(), geolocation=()');
    const login = await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const health = await ctx().request({ method: 'GET', url: '/api/health' });
    expect(health.headers['permissions-policy']).toBe('microphone=(self), camera=(), geolocation=()');
  });

  it('marks exactly the routes that answer 401 without a token as bearer-secured in the OpenAPI document', async () => {
    const doc = ctx().app.swagger() as unknown as {
      security?: unknown[];
      paths: Record<string, Record<string, Operation>>;
    };
    const mismatches: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const secured = (op.security ?? doc.security ?? []).length > 0;
        // A path parameter gets a well-formed value so only authentication can refuse it first.
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'symbol' ? 'TCS' : name === 'exchange' ? 'NSE' : '00000000-0000-4000-8000-000000000000',
        );
        const res = await ctx().request({ method: method.toUpperCase() as 'GET', url });
        // Body validation runs before the authentication hook, so a 400 says nothing either way;
        // the public routes with a body are checked by name below.
        if (res.statusCode === 400) continue;
        const needsToken = res.statusCode === 401;
        if (needsToken !== secured)
          mismatches.push(`${method.toUpperCase()} ${path}: ${res.statusCode}, secured=${secured}`);
      }
    }
    expect(mismatches).toEqual([]);
    const publicPaths = [
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/forgot-password',
      '/api/auth/verify-2fa',
      '/api/contact',
      '/api/health',
    ];
    for (const path of publicPaths) {
      const op = Object.values(doc.paths[path] ?? doc.paths[`${path}/`] ?? {})[0];
      expect(op?.security, path).toEqual([]);
    }
  });

  it('answers 400 to the probes of the security review', async () => {
    const user = await signUp(ctx());
    const probes = [
      { method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'pass\u0000word' } },
      {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'x@b.co', password: 'Str0ng!pass', fullName: 'A\uD800 B' },
      },
      { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a\u0000@b.co' } },
      { method: 'POST', url: '/api/auth/verify-2fa', payload: { email: 'a@b.co', code: '12345\u0000' } },
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ravi', email: 'ravi@example.com', message: 'hi \uDC00' },
      },
      {
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: { symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1, price: 1e17 },
      },
      {
        method: 'POST',
        url: '/api/virtual-money/buy',
        token: user.token,
        payload: { stockSymbol: 'TCS', quantity: 1, price: 1e308 },
      },
      { method: 'GET', url: '/api/transactions?from=0000-01-01T00:00:00Z', token: user.token },
      { method: 'GET', url: '/api/orders/all?page=1e308', token: user.token },
    ] as const;
    for (const probe of probes) {
      const res = await ctx().request({
        ...probe,
        payload: 'payload' in probe ? probe.payload : undefined,
      } as Parameters<ReturnType<typeof ctx>['request']>[0]);
      expect(res.statusCode, `${probe.method} ${probe.url}`).toBe(400);
    }
    // Written out by hand: JSON.stringify itself overflows the stack on a value this deep.
    const deep = `${'{"d":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const nested = await ctx().request({
      method: 'POST',
      url: '/api/notifications',
      token: user.token,
      payload: `{"title":"Deep","message":"Deep","data":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
  });

  it("refuses a limit or trigger price outside the stock's circuit, naming the limits", async () => {
    const user = await signUp(ctx());
    const {
      price,
      lowerCircuit: lower,
      upperCircuit: upper,
    } = (await ctx().request({ method: 'GET', url: '/api/stocks/quote/ITC', token: user.token })).json()
      .data as Quote & { lowerCircuit: number; upperCircuit: number };
    // ITC trades below ₹1,000, so the limits print without grouping commas.
    const band = `₹${lower.toFixed(2)} – ₹${upper.toFixed(2)}`;
    const order = (extra: Record<string, unknown>) =>
      ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: { symbol: 'ITC', type: 'BUY', quantity: 1, clientOrderId: `band-${randomUUID()}`, ...extra },
      });
    const low = await order({ orderType: 'LIMIT', price: roundToTick(lower - 1) });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      code: 'PRICE_OUTSIDE_BAND',
      // ITC is in the NIFTY 100, the stand-in for stocks with derivatives: an operating range.
      errors: { price: `Limit price is outside today's operating range (${band})` },
      suggestion: { price: lower },
    });
    const high = await order({ orderType: 'STOP', triggerPrice: roundToTick(upper + 1) });
    expect(high.statusCode).toBe(422);
    expect(high.json().message).toContain(band);
    const preview = await ctx().request({
      method: 'POST',
      url: '/api/orders/preview',
      token: user.token,
      payload: { symbol: 'ITC', type: 'BUY', orderType: 'LIMIT', price: roundToTick(upper + 1), quantity: 1 },
    });
    expect(preview.statusCode).toBe(422);
    expect((await order({ orderType: 'LIMIT', price: lower })).statusCode).toBe(201);
    expect(price).toBeGreaterThan(0);
  });

  it('recognises the database data errors the error handler turns into 4xx', async () => {
    const failing = async (query: ReturnType<typeof sql>) => {
      try {
        await ctx().database.db.execute(query);
      } catch (error) {
        return error;
      }
      throw new Error('query did not fail');
    };
    const nul = await failing(sql`select ${'a\u0000b'}::text`);
    expect(isBadInputDataError(nul)).toBe(true);
    const overflow = await failing(sql`select ${'1e30'}::numeric::bigint`);
    expect(pgErrorCode(overflow)).toBe('22003');
    expect(isBadInputDataError(overflow)).toBe(true);
    const notUuid = await failing(sql`select ${'nope'}::uuid`);
    expect(isBadInputDataError(notUuid)).toBe(true);
    expect(isUniqueViolation(notUuid)).toBe(false);
  });
});
