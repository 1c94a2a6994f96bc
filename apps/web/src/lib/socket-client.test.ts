import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { RealtimeClient, reconnectDelay } from './socket-client';

function setup(checkSessionDead = async () => false) {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    factory: (token) => {
      const s = new FakeSocket(token);
      sockets.push(s);
      return s;
    },
    checkSessionDead,
  });
  return { client, sockets };
}

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries after 1, 2, 4, then every 5 seconds, and resets after a connect', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    const { client, sockets } = setup();
    client.start('t1');
    const socket = sockets[0]!;
    expect(client.status).toBe('connecting');
    expect(socket.connectCalls).toBe(1);

    const expectRetryAfter = (ms: number) => {
      const before = socket.connectCalls;
      socket.refuse('xhr poll error');
      expect(client.status).toBe('error');
      vi.advanceTimersByTime(ms - 1);
      expect(socket.connectCalls).toBe(before);
      vi.advanceTimersByTime(1);
      expect(socket.connectCalls).toBe(before + 1);
      expect(client.status).toBe('connecting');
    };
    expectRetryAfter(1000);
    expectRetryAfter(2000);
    expectRetryAfter(4000);
    expectRetryAfter(5000);
    expectRetryAfter(5000);

    socket.acceptConnection();
    expect(client.status).toBe('connected');
    socket.drop();
    expect(client.status).toBe('disconnected');
    vi.advanceTimersByTime(1000);
    expect(client.status).toBe('connecting');
  });

  it('announces a resync after a reconnect, not after the first connect', () => {
    const { client, sockets } = setup();
    const resync = vi.fn();
    client.onResync(resync);
    client.start('t1');
    sockets[0]!.acceptConnection();
    expect(resync).not.toHaveBeenCalled();
    sockets[0]!.drop('ping timeout');
    vi.advanceTimersByTime(1000);
    sockets[0]!.acceptConnection();
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('stops retrying when the handshake is refused and the session is dead', async () => {
    const { client, sockets } = setup(async () => true);
    client.start('revoked');
    sockets[0]!.refuse('unauthorized');
    await vi.runAllTimersAsync();
    expect(client.status).toBe('error');
    expect(sockets[0]!.connectCalls).toBe(1);
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('keeps retrying when the handshake is refused but the API still accepts the token', async () => {
    const { client, sockets } = setup(async () => false);
    client.start('good');
    sockets[0]!.refuse('unauthorized');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[0]!.connectCalls).toBe(2);
  });

  it('validates payloads and replaces the socket when the token changes', () => {
    const { client, sockets } = setup();
    const handler = vi.fn();
    client.on('notifications-read-all', handler);
    client.start('t1');
    sockets[0]!.emitRaw('notifications-read-all', { count: 'lots' });
    expect(handler).not.toHaveBeenCalled();
    sockets[0]!.emit('notifications-read-all', { count: 2, readAt: '2025-11-03T10:00:00.000Z' });
    expect(handler).toHaveBeenCalledWith({ count: 2, readAt: '2025-11-03T10:00:00.000Z' });

    client.start('t1');
    expect(sockets).toHaveLength(1);
    client.start('t2');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
    sockets[0]!.emit('notifications-read-all', { count: 1, readAt: '2025-11-03T10:00:00.000Z' });
    expect(handler).toHaveBeenCalledTimes(1);
    client.stop();
    expect(client.status).toBe('disconnected');
    vi.advanceTimersByTime(10_000);
    expect(sockets[1]!.connectCalls).toBe(1);
  });
});
