import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { STARTING_BALANCE_PAISE } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, position, type User } from '../support/orders.js';

const EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Placement is the busiest authenticated route, so the place where a faster session check would
 * be tempting: these are the per-request rules it has to keep, and the money it must not touch.
 */
describeEachDb('order placement: every request checks its session', (ctx) => {
  const market = (side: 'BUY' | 'SELL' = 'BUY') => ({
    symbol: 'ITC',
    type: side,
    orderType: 'MARKET',
    quantity: 1,
    clientOrderId: key(),
  });

  /** Nothing of the user's changed: no order, the opening balance and its one ledger line. */
  async function untouched(user: User) {
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE);
    expect(m.entries).toBe(1);
    const orders = await ctx().rows(sql`select id from orders where user_id = ${user.user.id}`);
    expect(orders).toEqual([]);
  }

  async function sessionOf(user: User) {
    const [row] = await ctx().rows<{ revoked: boolean; seenSecondsAgo: number }>(
      sql`select revoked_at is not null as revoked,
                 extract(epoch from now() - last_seen_at)::int as "seenSecondsAgo"
          from sessions where user_id = ${user.user.id}`,
    );
    return row!;
  }

  it('refuses a request without a bearer token, or with one that names no session, and writes nothing', async () => {
    const user = await signUp(ctx());
    const none = await ctx().request({ method: 'POST', url: '/api/orders/place', payload: market() });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Authentication required');
    for (const token of ['short', 'x'.repeat(43), 'y'.repeat(101)]) {
      const res = await place(ctx(), { ...user, token }, market());
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe(EXPIRED);
    }
    await untouched(user);
  });

  it('refuses a signed-out session, and writes nothing', async () => {
    const user = await signUp(ctx());
    const out = await ctx().request({ method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(out.statusCode).toBe(200);
    const res = await place(ctx(), user, market());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(EXPIRED);
    await untouched(user);
  });

  it('refuses an expired session, and writes nothing', async () => {
    const user = await signUp(ctx());
    await ctx().database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.user.id}`,
    );
    const res = await place(ctx(), user, market());
    expect(res.statusCode).toBe(401);
    await untouched(user);
  });

  it('refuses a session idle past the timeout, revokes it, and writes nothing', async () => {
    const user = await signUp(ctx());
    // sessionTimeout defaults to 30 minutes; the last request was 31 minutes ago.
    await ctx().database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${user.user.id}`,
    );
    const res = await place(ctx(), user, market());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(EXPIRED);
    expect((await sessionOf(user)).revoked).toBe(true);
    await untouched(user);
    // Revoked, it stays refused even though the idle clock would no longer matter.
    expect(
      (await ctx().request({ method: 'GET', url: '/api/auth/verify', token: user.token })).statusCode,
    ).toBe(401);
  });

  it('a session used a while ago places the order and records the request on the session', async () => {
    const user = await signUp(ctx());
    await ctx().database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '5 minutes' where user_id = ${user.user.id}`,
    );
    await filled(ctx(), user, market());
    const session = await sessionOf(user);
    expect(session.revoked).toBe(false);
    expect(session.seenSecondsAgo).toBeLessThan(60);
  });

  it("one user's token buys and sells on that user's account and position only", async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    await filled(ctx(), b, { ...market(), quantity: 3 });
    const before = await money(ctx(), b.user.id);
    await filled(ctx(), a, { ...market(), quantity: 2 });
    await filled(ctx(), a, market('SELL'));
    expect((await position(ctx(), a.user.id, 'ITC')).quantity).toBe(1);
    expect((await position(ctx(), b.user.id, 'ITC')).quantity).toBe(3);
    expect(await money(ctx(), b.user.id)).toEqual(before);
    // A sells more than A holds: refused for A's shares, whatever B holds.
    const tooMany = await place(ctx(), a, { ...market('SELL'), quantity: 2 });
    expect(tooMany.statusCode).toBe(422);
    expect((await position(ctx(), b.user.id, 'ITC')).quantity).toBe(3);
  });
});
