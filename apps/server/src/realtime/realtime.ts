import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  serverEvents,
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
