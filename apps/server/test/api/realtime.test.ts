import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually, record } from '../support/socket.js';

describeEachDb(
  'realtime channel',
  (ctx) => {
    it('refuses a handshake without a valid token', async () => {
      await expect(connect(ctx().url, undefined)).rejects.toThrow('unauthorized');
      await expect(connect(ctx().url, 'x'.repeat(43))).rejects.toThrow('unauthorized');
      const user = await signUp(ctx());
      await ctx().request({ method: 'POST', url: '/api/auth/logout', token: user.token });
      await expect(connect(ctx().url, user.token)).rejects.toThrow('unauthorized');
    });

    it('refuses a foreign Origin', async () => {
      const user = await signUp(ctx());
      await expect(connect(ctx().url, user.token, { origin: 'https://evil.example' })).rejects.toThrow();
      const ok = await connect(ctx().url, user.token, { origin: 'http://localhost:3000' });
      ok.close();
    });

    it('delivers a user’s events to each of their tabs and to no one else', async () => {
      const a = await signUp(ctx());
      const b = await signUp(ctx());
      const [tab1, tab2, other] = await Promise.all([
        connect(ctx().url, a.token),
        connect(ctx().url, a.token),
        connect(ctx().url, b.token),
      ]);
      const got1 = record(tab1, 'notification');
      const got2 = record(tab2, 'notification');
      const gotOther = record(other, 'notification');
      const updates = record(tab2, 'notification-update');
      const readAll = record(tab1, 'notifications-read-all');

      const created = await ctx().request({
        method: 'POST',
        url: '/api/notifications',
        token: a.token,
        payload: { type: 'alert', title: 'Live', message: 'now' },
      });
      const id = created.json().data.id as string;
      await eventually(() => got1.length === 1 && got2.length === 1);
      expect(got1[0]).toMatchObject({ id, type: 'alert', title: 'Live', read: false });

      await ctx().request({ method: 'PUT', url: `/api/notifications/${id}/read`, token: a.token });
      await eventually(() => updates.length === 1);
      expect(updates[0]).toMatchObject({ id, change: 'read', notification: { read: true } });

      await ctx().request({ method: 'PUT', url: '/api/notifications/read-all', token: a.token });
      await eventually(() => readAll.length === 1);
      expect(readAll[0]!.count).toBe(1);

      await ctx().request({ method: 'DELETE', url: `/api/notifications/${id}`, token: a.token });
      await eventually(() => updates.length === 2);
      expect(updates[1]).toEqual({ id, change: 'deleted', notification: null });

      // Give any stray delivery time to arrive before asserting there was none.
      await new Promise((r) => setTimeout(r, 200));
      expect(gotOther).toEqual([]);
      for (const s of [tab1, tab2, other]) s.close();
    });

    it('drops the sockets of a session the moment it is revoked', async () => {
      const user = await signUp(ctx());
      const second = await ctx().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      const kept = await connect(ctx().url, user.token);
      const dropped = await connect(ctx().url, second.json().token);
      const disconnected = new Promise<string>((resolve) =>
        dropped.on('disconnect', (reason) => resolve(reason)),
      );
      await ctx().request({ method: 'POST', url: '/api/auth/sessions/revoke-others', token: user.token });
      expect(await disconnected).toBe('io server disconnect');
      expect(kept.connected).toBe(true);
      kept.close();
    });
  },
  { listen: true },
);
