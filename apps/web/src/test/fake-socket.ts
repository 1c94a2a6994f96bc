import type { ServerEventName, ServerEventPayload } from '@nivesh/shared';
import type { SocketFactory, SocketLike } from '../lib/socket-client';

type Listener = (...args: never[]) => void;

/** Stands in for the socket.io server at the wire: tests drive connects, drops and events. */
export class FakeSocket implements SocketLike {
  connected = false;
  connectCalls = 0;
  /** Client→server messages, in order. */
  readonly sent: { event: string; payload: unknown }[] = [];
  disconnected = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(readonly token: string) {}

  connect() {
    this.connectCalls += 1;
    return this;
  }

  send(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }

  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  /** The server accepted the handshake. */
  acceptConnection() {
    this.connected = true;
    this.fire('connect');
  }

  refuse(message: string) {
    this.connected = false;
    this.fire('connect_error', new Error(message));
  }

  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** Typed server → client event; `raw` sends a payload the schema may reject. */
  emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) {
    this.fire(event, payload);
  }

  emitRaw(event: string, payload: unknown) {
    this.fire(event, payload);
  }
}

/** A factory that records every socket the app opens; `latest` is the live one. */
export function fakeSocketServer() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (token) => {
    const socket = new FakeSocket(token);
    sockets.push(socket);
    return socket;
  };
  const latest = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  };
  return {
    factory,
    sockets,
    get latest(): FakeSocket {
      return latest();
    },
    /**
     * Accepts the tab's connection once the tab has opened it. The app opens its socket in an
     * effect after sign-in, which may run after the first screen content is already visible, so
     * the wait is for the socket itself rather than for anything on screen.
     */
    async accept(): Promise<FakeSocket> {
      const { waitFor } = await import('@testing-library/react');
      const socket = await waitFor(latest);
      await push(() => socket.acceptConnection());
      return socket;
    },
  };
}

/**
 * Runs a server push inside act and lets TanStack Query deliver the cache change: it notifies
 * subscribers on a zero-delay timer, which a synchronous act does not wait for.
 */
export async function push(fn: () => void): Promise<void> {
  const { act } = await import('@testing-library/react');
  await act(async () => {
    fn();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
