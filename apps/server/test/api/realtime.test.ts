import { expect, it } from 'vitest';
import type { ServerEventPayload } from '@nivesh/shared';
import { userRoom } from '../../src/realtime/realtime.js';
import { describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually, record } from '../support/socket.js';

/** A notification whose message is `text` and whose data says where it came in the burst. */
function numbered(
  seq: number,
  text: string,
  extra: Record<string, unknown> = {},
): ServerEventPayload<'notification'> {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    type: 'info',
    title: 'Burst',
    message: text,
    link: null,
    read: false,
    readAt: null,
    createdAt: new Date(0).toISOString(),
    data: { seq, ...extra },
  };
}

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

    it('delivers a burst of a user’s events whole and in order to each tab, whatever their size or transport', async () => {
      const user = await signUp(ctx());
      const [ws, polling] = await Promise.all([
        connect(ctx().url, user.token),
        connect(ctx().url, user.token, { transports: ['polling'] }),
      ]);
      const gotWs = record(ws, 'notification');
      const gotPolling = record(polling, 'notification');
      // Frame lengths of each WebSocket length encoding (7-bit, 16-bit, 64-bit), text whose UTF-8
      // is longer than its UTF-16, and binary data (which socket.io sends as attachments).
      const texts = ['short', 'x'.repeat(200), '₹ नमस्ते 😀'.repeat(20), 'y'.repeat(70_000)];
      const sent: ServerEventPayload<'notification'>[] = [];
      for (let seq = 0; seq < 200; seq++)
        sent.push(
          seq % 50 === 49
            ? numbered(seq, 'with bytes', { bytes: Buffer.from([0, 1, 2, 255]) })
            : numbered(seq, texts[seq % texts.length]!),
        );
      // In chunks of 40, each sent in one tick, and every tenth through socket.io's own emit: that
      // one goes through engine.io, which then holds the packets after it until its write is done,
      // so the burst mixes packets written at once with packets that wait behind others.
      const realtime = ctx().app.realtime;
      for (const [seq, payload] of sent.entries()) {
        if (seq % 10 === 5) realtime.io.to(userRoom(user.user.id)).emit('notification', payload);
        else realtime.toUser(user.user.id, 'notification', payload);
        if (seq % 40 === 39) await new Promise((r) => setImmediate(r));
      }

      await eventually(() => gotWs.length >= sent.length && gotPolling.length >= sent.length, 20_000);
      for (const got of [gotWs, gotPolling]) {
        expect(got.map((n) => n.data?.seq)).toEqual(sent.map((n) => n.data?.seq));
        expect(got.map((n) => n.message)).toEqual(sent.map((n) => n.message));
        for (const n of got.filter((g) => g.data?.bytes !== undefined))
          expect([...new Uint8Array(n.data!.bytes as ArrayBuffer)]).toEqual([0, 1, 2, 255]);
      }
      ws.close();
      polling.close();
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
