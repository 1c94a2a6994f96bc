import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  clientEvents,
  serverEvents,
  type ClientEventName,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@nivesh/shared';
import type { SessionsService } from '../modules/auth/sessions.service.js';

interface SocketData {
  userId: string;
  sessionId: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type ClientEventHandler<E extends ClientEventName> = (socket: RealtimeSocket, payload: z.infer<(typeof clientEvents)[E]>) => Promise<void> | void;

/** What services use to reach connected users; works across instances when Redis is on. */
export interface RealtimePublisher {
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  disconnectSessions(sessionIds: string[]): void;
}

/**
 * socket.io on the API's own HTTP server. The handshake carries the session token as
 * `auth: { token }`; each socket joins its user's room and its session's room, so revoking a
 * session can drop exactly its sockets on whichever instance holds them.
 */
export class Realtime implements RealtimePublisher {
  readonly io: RealtimeServer;
  private redis: Redis[] = [];
  private readonly handlers = new Map<ClientEventName, ClientEventHandler<ClientEventName>>();

  constructor(
    private readonly o: {
      allowedOrigins: string[];
      redisUrl: string | undefined;
      log: FastifyBaseLogger;
    },
  ) {
    this.io = new Server({
      cors: { origin: o.allowedOrigins },
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        // Browsers always send Origin; a foreign one is refused before any upgrade.
        callback(null, origin === undefined || o.allowedOrigins.includes(origin));
      },
      serveClient: false,
    });
    if (o.redisUrl) {
      const pub = new Redis(o.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      for (const client of [pub, sub]) client.on('error', (err) => o.log.warn({ err }, 'redis error'));
      this.redis = [pub, sub];
      this.io.adapter(createAdapter(pub, sub));
    }
    this.io.on('connection', (socket) => {
      for (const [event, handler] of this.handlers) {
        // socket.io's typed `on` cannot follow a generic event name through its overloads.
        (socket.on as (e: string, fn: (payload: unknown, ack?: unknown) => void) => void)(event, (payload, ack) => {
          const reply = typeof ack === 'function' ? (ack as (r: { ok: boolean; error?: string }) => void) : () => {};
          const parsed = clientEvents[event].safeParse(payload);
          if (!parsed.success) return reply({ ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid payload' });
          Promise.resolve()
            .then(() => handler(socket, parsed.data))
            .then(() => reply({ ok: true }))
            .catch((err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : 'Request failed' }));
        });
      }
    });
  }

  /** Handles a client→server event on every socket: the payload is validated by its shared schema and acked {ok, error?}. */
  onClientEvent<E extends ClientEventName>(event: E, handler: ClientEventHandler<E>) {
    this.handlers.set(event, handler as ClientEventHandler<ClientEventName>);
  }

  /**
   * Emits to a room. `local` reaches only this instance's sockets: the market feed runs on every
   * instance for its own subscribers (prices are a pure function of seed, symbol and time, so all
   * instances send the same numbers).
   */
  toRoom<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>, options: { local?: boolean } = {}) {
    const parsed = serverEvents[event].parse(payload) as ServerEventPayload<E>;
    const target = options.local ? this.io.local.to(room) : this.io.to(room);
    (target.emit as (e: string, p: unknown) => void)(event, parsed);
  }

  /** Rooms with at least one socket on this instance whose name starts with `prefix`. */
  localRooms(prefix: string): string[] {
    const rooms: string[] = [];
    for (const [room, sockets] of this.io.of('/').adapter.rooms) if (room.startsWith(prefix) && sockets.size > 0) rooms.push(room);
    return rooms;
  }

  authenticateWith(sessions: SessionsService) {
    this.io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      const context = typeof token === 'string' ? await sessions.authenticate(token).catch(() => undefined) : undefined;
      if (!context) return next(new Error('unauthorized'));
      socket.data = { userId: context.user.id, sessionId: context.session.id };
      await socket.join([userRoom(context.user.id), sessionRoom(context.session.id)]);
      next();
    });
  }

  attach(server: HttpServer) {
    this.io.attach(server);
  }

  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>) {
    const parsed = serverEvents[event].parse(payload) as ServerEventPayload<E>;
    // socket.io's typed emit cannot follow a generic event name through its overloads.
    (this.io.to(userRoom(userId)).emit as (e: string, p: unknown) => void)(event, parsed);
  }

  disconnectSessions(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** Drops this instance's sockets so the HTTP server can close; it does not close that server. */
  async close() {
    this.io.local.disconnectSockets(true);
    this.io.engine?.close();
    await Promise.all(this.redis.map((client) => client.quit().catch(() => undefined)));
  }
}
