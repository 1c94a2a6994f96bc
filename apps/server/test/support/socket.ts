import { io, type Socket } from 'socket.io-client';
import type { ServerEventName, ServerToClientEvents } from '@nivesh/shared';

export type ClientSocket = Socket<ServerToClientEvents, Record<string, never>>;

/** Connects like the SPA does (token in the handshake's auth) and resolves once connected. */
export function connect(
  url: string,
  token: string | undefined,
  extra: { origin?: string; transports?: ('websocket' | 'polling')[] } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    auth: token ? { token } : {},
    transports: extra.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: extra.origin ? { origin: extra.origin } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Collects every event of one name a socket receives. */
export function record<E extends ServerEventName>(socket: ClientSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, fn: (p: never) => void) => void)(event, (payload: never) =>
    received.push(payload),
  );
  return received;
}

export async function eventually(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
