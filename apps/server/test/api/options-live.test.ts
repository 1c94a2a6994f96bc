import { expect, it } from 'vitest';
import { optionChainSchema } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { connect, eventually, record, type ClientSocket } from '../support/socket.js';

type Ack = { ok: boolean; error?: string };
const emitAck = (socket: ClientSocket, event: string, payload: unknown) =>
  new Promise<Ack>((resolve) =>
    (socket.emit as unknown as (e: string, p: unknown, ack: (r: Ack) => void) => void)(
      event,
      payload,
      resolve,
    ),
  );

describeEachDb(
  'live option chain',
  (ctx) => {
    it('sends the subscribed chain at once and then each second on the quotes socket', async () => {
      const user = await signUp(ctx());
      const socket = await connect(ctx().url, user.token);
      const got = record(socket, 'option-chain');
      expect(await emitAck(socket, 'options:subscribe', { underlying: 'NIFTY', strikes: 2 })).toEqual({
        ok: true,
      });
      await eventually(() => got.length >= 2, 5000);
      const first = optionChainSchema.parse(got[0]);
      expect(first.underlying).toBe('NIFTY');
      expect(first.strikes).toHaveLength(5);
      expect(new Date(got[1]!.asOf).getTime()).toBeGreaterThan(new Date(first.asOf).getTime());
      const bad = await emitAck(socket, 'options:subscribe', { underlying: 'NIFTY', expiry: '2020-01-07' });
      expect(bad.ok).toBe(false);
      expect(bad.error).toMatch(/listed expiries/);
      expect((await emitAck(socket, 'options:subscribe', { underlying: 'SENSEX' })).ok).toBe(false);
      expect(await emitAck(socket, 'options:unsubscribe', {})).toEqual({ ok: true });
      const seen = got.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(got.length).toBe(seen);
      socket.close();
    });
  },
  { listen: true },
);
