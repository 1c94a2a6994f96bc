import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { NOTIFICATION_RETENTION } from '@nivesh/shared';
import { PRUNE_EVERY } from '../../src/modules/notifications/notifications.service.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/** `count` notifications older than any the API writes, straight into the table. */
async function addOld(ctx: TestContext, userId: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into notifications (user_id, type, title, message, created_at)
    select ${userId}, 'info', 'old ' || g, 'm', now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g`);
}

async function create(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  const res = await ctx.request({ method: 'POST', url: '/api/notifications', token, payload });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; type: string; read: boolean };
}

describeEachDb('notifications API', (ctx) => {
  it('welcomes a new user and counts it unread', async () => {
    const user = await signUp(ctx());
    const list = await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        type: 'success',
        title: 'Welcome to Nivesh!',
        read: false,
        readAt: null,
        link: '/dashboard',
      }),
    ]);
    expect(
      (
        await ctx().request({ method: 'GET', url: '/api/notifications/unread-count', token: user.token })
      ).json(),
    ).toEqual({ success: true, count: 1 });
  });

  it('creates, stores unknown types as info, and validates input', async () => {
    const user = await signUp(ctx());
    const made = await create(ctx(), user.token, {
      type: 'celebration',
      title: 'Hi',
      message: 'There',
      link: '/orders',
      data: { a: 1 },
    });
    expect(made).toMatchObject({ type: 'info', read: false });
    const bad = await ctx().request({
      method: 'POST',
      url: '/api/notifications',
      token: user.token,
      payload: { title: '', message: 'x'.repeat(1001), link: 'https://evil.example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      title: 'Title is required',
      message: 'Message must be at most 1000 characters',
      link: 'Link must be a path inside the app, like /orders',
    });
  });

  it('refuses a link that a browser would resolve to another site', async () => {
    const user = await signUp(ctx());
    for (const link of ['/\\evil.example/x', '/\\/evil.example', '//evil.example', '/\t/evil.example']) {
      const res = await ctx().request({
        method: 'POST',
        url: '/api/notifications',
        token: user.token,
        payload: { title: 'Hi', message: 'There', link },
      });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().errors).toEqual({ link: 'Link must be a path inside the app, like /orders' });
    }
    const list = await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token });
    expect((list.json().data as { link: string | null }[]).filter((n) => n.link?.includes('evil'))).toEqual(
      [],
    );
  });

  it('pages newest first with totals, filters by type, read state and text', async () => {
    const user = await signUp(ctx());
    for (let i = 1; i <= 12; i++) {
      await create(ctx(), user.token, {
        type: i % 3 === 0 ? 'warning' : 'info',
        title: `Title ${i}`,
        message: i === 7 ? 'RELIANCE hit your price' : `Body ${i}`,
      });
    }
    const page1 = (
      await ctx().request({ method: 'GET', url: '/api/notifications?limit=5', token: user.token })
    ).json();
    expect(page1.pagination).toEqual({ page: 1, limit: 5, total: 13, totalPages: 3, hasMore: true });
    expect(page1.data.map((n: { title: string }) => n.title)).toEqual([
      'Title 12',
      'Title 11',
      'Title 10',
      'Title 9',
      'Title 8',
    ]);
    const page3 = (
      await ctx().request({ method: 'GET', url: '/api/notifications?limit=5&page=3', token: user.token })
    ).json();
    expect(page3.pagination.hasMore).toBe(false);
    expect(page3.data).toHaveLength(3);
    const oldest = (
      await ctx().request({
        method: 'GET',
        url: '/api/notifications?limit=1&sort=createdAt',
        token: user.token,
      })
    ).json();
    expect(oldest.data[0].title).toBe('Welcome to Nivesh!');

    const warnings = (
      await ctx().request({ method: 'GET', url: '/api/notifications?type=warning', token: user.token })
    ).json();
    expect(warnings.pagination.total).toBe(4);
    const search = (
      await ctx().request({ method: 'GET', url: '/api/notifications?search=reliance', token: user.token })
    ).json();
    expect(search.data.map((n: { title: string }) => n.title)).toEqual(['Title 7']);
    const wildcard = (
      await ctx().request({ method: 'GET', url: '/api/notifications?search=%25', token: user.token })
    ).json();
    expect(wildcard.pagination.total).toBe(0);

    const first = page1.data[0].id as string;
    await ctx().request({ method: 'PUT', url: `/api/notifications/${first}/read`, token: user.token });
    const read = (
      await ctx().request({ method: 'GET', url: '/api/notifications?read=true', token: user.token })
    ).json();
    expect(read.data.map((n: { id: string }) => n.id)).toEqual([first]);
    const unread = (
      await ctx().request({ method: 'GET', url: '/api/notifications?read=false', token: user.token })
    ).json();
    expect(unread.pagination.total).toBe(12);
  });

  it.each([
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['sort=title', 'sort'],
    ['type=loud', 'type'],
    ['read=maybe', 'read'],
    ['page=abc', 'page'],
  ])('rejects ?%s', async (query, field) => {
    const user = await signUp(ctx());
    const res = await ctx().request({ method: 'GET', url: `/api/notifications?${query}`, token: user.token });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('marks read once, marks all read, deletes, and never counts below zero', async () => {
    const user = await signUp(ctx());
    const a = await create(ctx(), user.token, { title: 'A', message: 'a' });
    const count = async () =>
      (
        await ctx().request({ method: 'GET', url: '/api/notifications/unread-count', token: user.token })
      ).json().count;
    expect(await count()).toBe(2);
    const first = await ctx().request({
      method: 'PUT',
      url: `/api/notifications/${a.id}/read`,
      token: user.token,
    });
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Notification marked as read',
      data: { id: a.id, read: true },
    });
    const readAt = first.json().data.readAt;
    const again = await ctx().request({
      method: 'PUT',
      url: `/api/notifications/${a.id}/read`,
      token: user.token,
    });
    expect(again.json().data.readAt).toBe(readAt);
    expect(await count()).toBe(1);
    const del = await ctx().request({
      method: 'DELETE',
      url: `/api/notifications/${a.id}`,
      token: user.token,
    });
    expect(del.json()).toEqual({ success: true, message: 'Notification deleted' });
    expect(await count()).toBe(1);
    const all = await ctx().request({ method: 'PUT', url: '/api/notifications/read-all', token: user.token });
    expect(all.json()).toEqual({ success: true, message: '1 notification marked as read', count: 1 });
    expect(await count()).toBe(0);
    const none = await ctx().request({
      method: 'PUT',
      url: '/api/notifications/read-all',
      token: user.token,
    });
    expect(none.json().count).toBe(0);
    expect(await count()).toBe(0);
    expect(
      (await ctx().request({ method: 'DELETE', url: `/api/notifications/${a.id}`, token: user.token }))
        .statusCode,
    ).toBe(404);
  });

  it('answers another user’s notification ids with 404 and changes nothing', async () => {
    const a = await signUp(ctx());
    const b = await signUp(ctx());
    const mine = await create(ctx(), a.token, { title: 'Private', message: 'for A' });
    for (const [method, url] of [
      ['GET', `/api/notifications/${mine.id}`],
      ['PUT', `/api/notifications/${mine.id}/read`],
      ['DELETE', `/api/notifications/${mine.id}`],
    ] as const) {
      const res = await ctx().request({ method, url, token: b.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Notification not found' });
    }
    await ctx().request({ method: 'PUT', url: '/api/notifications/read-all', token: b.token });
    const still = await ctx().request({
      method: 'GET',
      url: `/api/notifications/${mine.id}`,
      token: a.token,
    });
    expect(still.json().data).toMatchObject({ id: mine.id, read: false });
    const bList = (
      await ctx().request({ method: 'GET', url: '/api/notifications?search=Private', token: b.token })
    ).json();
    expect(bList.pagination.total).toBe(0);
    expect(
      (await ctx().request({ method: 'GET', url: '/api/notifications/not-a-uuid', token: a.token }))
        .statusCode,
    ).toBe(400);
    expect((await ctx().request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it(`keeps only the newest ${NOTIFICATION_RETENTION} per user`, async () => {
    const user = await signUp(ctx());
    await addOld(ctx(), user.user.id, NOTIFICATION_RETENTION + 20);
    // Pruning is throttled to once per PRUNE_EVERY inserts (sign-up's welcome was the last one), so
    // the list runs over the retention until the next prune.
    for (let i = 1; i < PRUNE_EVERY; i++)
      await create(ctx(), user.token, { title: `New ${i}`, message: 'n' });
    const over = (
      await ctx().request({ method: 'GET', url: '/api/notifications?limit=1', token: user.token })
    ).json();
    expect(over.pagination.total).toBeGreaterThan(NOTIFICATION_RETENTION);
    await create(ctx(), user.token, { title: 'Newest', message: 'n' });
    const list = (
      await ctx().request({ method: 'GET', url: '/api/notifications?limit=1', token: user.token })
    ).json();
    expect(list.pagination.total).toBe(NOTIFICATION_RETENTION);
    expect(list.data[0].title).toBe('Newest');
  });

  it('prunes a user over the retention again once a minute has passed, however few inserts', async () => {
    const user = await signUp(ctx());
    await addOld(ctx(), user.user.id, NOTIFICATION_RETENTION);
    await create(ctx(), user.token, { title: 'Soon', message: 'n' });
    const total = async () =>
      (await ctx().request({ method: 'GET', url: '/api/notifications?limit=1', token: user.token })).json()
        .pagination.total;
    expect(await total()).toBeGreaterThan(NOTIFICATION_RETENTION);
    const later = Date.now() + 61_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await create(ctx(), user.token, { title: 'A minute later', message: 'n' });
    } finally {
      clock.mockRestore();
    }
    expect(await total()).toBe(NOTIFICATION_RETENTION);
  });

  it('raises a security notice (in-app and mailed) for a password change, and a login alert for a new browser only when on', async () => {
    const user = await signUp(ctx());
    const titles = async () =>
      (
        (await ctx().request({ method: 'GET', url: '/api/notifications?limit=50', token: user.token })).json()
          .data as { title: string }[]
      ).map((n) => n.title);
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Firefox/140' },
    });
    expect((await titles())[0]).toBe('New sign-in to your account');
    // The same browser again is not new.
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Firefox/140' },
    });
    expect((await titles()).filter((t) => t === 'New sign-in to your account')).toHaveLength(1);
    await ctx().request({
      method: 'PUT',
      url: '/api/user/settings',
      token: user.token,
      payload: { securitySettings: { loginAlerts: false } },
    });
    await ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Safari/19' },
    });
    expect((await titles()).filter((t) => t === 'New sign-in to your account')).toHaveLength(1);
    await ctx().request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword: 'Changed-passw0rd' },
    });
    expect((await titles())[0]).toBe('Password changed');
    expect(ctx().sent.some((m) => m.to === user.email && m.subject === 'Nivesh: Password changed')).toBe(
      true,
    );
  });
});
