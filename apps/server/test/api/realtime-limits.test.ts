import { expect, it } from 'vitest';
import type { ClientSocket } from '../support/socket.js';
import { describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually } from '../support/socket.js';

type Ack = { ok: boolean; error?: string };
const subscribe = (socket: ClientSocket) =>
  new Promise<Ack>((resolve) => {
    (socket.emit as unknown as (e: string, p: unknown, ack: (r: Ack) => void) => void)(
      'quotes:subscribe',
      { symbols: ['TCS'] },
      resolve,
    );
  });

const SOCKETS = 3;
const RATE = 5;

describeEachDb(
  'realtime limits',
  (ctx) => {
    it(`one session holds at most ${SOCKETS} sockets, however many handshakes race`, async () => {
      const user = await signUp(ctx());
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, () => connect(ctx().url, user.token)),
      );
      const open = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
      const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason as Error] : []));
      try {
        expect(open).toHaveLength(SOCKETS);
        expect(refused.map((e) => e.message)).toEqual(Array(12 - SOCKETS).fill('too many connections'));
        // A closed one frees its place; another session of the same user has its own places.
        open.pop()!.close();
        await new Promise((r) => setTimeout(r, 100));
        open.push(await connect(ctx().url, user.token));
        const login = await ctx().request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
        });
        open.push(await connect(ctx().url, login.json().token as string));
      } finally {
        for (const socket of open) socket.close();
      }
    });

    it(`a socket flooding events is answered "slow down" past its budget and then disconnected`, async () => {
      const user = await signUp(ctx());
      const socket = await connect(ctx().url, user.token);
      try {
        let disconnected = false;
        socket.on('disconnect', () => {
          disconnected = true;
        });
        const acks: Ack[] = [];
        for (let i = 0; i < 2000 && !disconnected; i++) {
          void subscribe(socket).then((a) => acks.push(a));
        }
        await eventually(() => disconnected, 5000);
        // At most the burst (two seconds' worth) got through; the rest never reached a handler.
        expect(acks.filter((a) => a.ok).length).toBeLessThanOrEqual(RATE * 2 + 1);
        expect(acks.filter((a) => !a.ok).every((a) => a.error === 'Too many events; slow down')).toBe(true);
      } finally {
        socket.close();
      }
    });

    it('a socket within its budget is served', async () => {
      const user = await signUp(ctx());
      const socket = await connect(ctx().url, user.token);
      try {
        for (let i = 0; i < RATE; i++) expect(await subscribe(socket)).toEqual({ ok: true });
        expect(socket.connected).toBe(true);
      } finally {
        socket.close();
      }
    });
  },
  { listen: true, config: { realtimeEventsPerSecond: RATE, realtimeMaxSocketsPerSession: SOCKETS } },
);
