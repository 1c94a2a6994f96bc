import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  allClientEvents as clientEvents,
  allServerEvents as serverEvents,
  type ClientEventName,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@nivesh/shared';
import {
  DEFAULT_SOCKET_LIMITS,
  EventBudget,
  TOO_MANY_CONNECTIONS,
  TOO_MANY_EVENTS,
  type SocketLimits,
} from './socket-limits.js';
import { takesEncoded, writeEncoded } from './direct-write.js';

interface SocketData {
  userId: string;
  sessionId: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** socket.io-parser's packet type of an event (socket.io's own emit builds the same packet). */
const EVENT_PACKET = 2;

/** Sessions looked up per query by the sweep. */
const SWEEP_BATCH = 500;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** A client-event listener installed on every socket; socket.io calls it with `this` = the socket. */
type SharedListener = (this: RealtimeSocket, payload: unknown, ack?: unknown) => void;

export type ClientEventHandler<E extends ClientEventName> = (
  socket: RealtimeSocket,
  payload: z.infer<(typeof clientEvents)[E]>,
) => Promise<void> | void;

/**
 * Where instances exchange the events their sockets need: Redis pub/sub, or PostgreSQL
 * LISTEN/NOTIFY for an install that has no Redis (payloads over NOTIFY's 8000 bytes go through the
 * `socket_io_attachments` table, migration 0023).
 */
export interface ClusterAdapter {
  kind: 'redis' | 'postgres';
  url: string;
}

/** What services use to reach connected users; works across instances when an adapter is set. */
export interface RealtimePublisher {
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  disconnectSessions(sessionIds: string[]): void;
}

/**
 * What realtime needs from sign-in, declared here so realtime depends on no module (the sessions
 * service implements it): who a handshake token belongs to, and which sessions are still live.
 */
export interface SessionCheck {
  authenticate(token: string): Promise<{ user: { id: string }; session: { id: string } } | undefined>;
  /** The deadlines of those among `sessionIds` whose sessions have not ended. */
  liveDeadlines(sessionIds: string[]): Promise<Map<string, number>>;
}

/**
 * socket.io on the API's own HTTP server. The handshake carries the session token as
 * `auth: { token }`; each socket joins its user's room and its session's room, so revoking a
 * session can drop exactly its sockets on whichever instance holds them.
 */
export class Realtime implements RealtimePublisher {
  readonly io: RealtimeServer;
  /** The adapter's connections, closed with the sockets; none when this instance runs alone. */
  private readonly closers: Array<() => Promise<unknown>> = [];
  private readonly listeners = new Map<ClientEventName, SharedListener>();
  private sweepTimer: NodeJS.Timeout | undefined;
  /** Whether sockets take pre-encoded packets (checked on the first connection; all share a class). */
  private socketsTakeEncoded: boolean | undefined;
  private readonly limits: SocketLimits;
  private readonly budget: EventBudget;

  constructor(
    private readonly o: {
      allowedOrigins: string[];
      adapter: ClusterAdapter | undefined;
      log: FastifyBaseLogger;
      limits?: SocketLimits | undefined;
    },
  ) {
    this.limits = o.limits ?? DEFAULT_SOCKET_LIMITS;
    this.budget = new EventBudget(this.limits.eventsPerSecond);
    this.io = new Server({
      cors: { origin: o.allowedOrigins },
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        // Browsers always send Origin; a foreign one is refused before any upgrade.
        callback(null, origin === undefined || o.allowedOrigins.includes(origin));
      },
      serveClient: false,
      // Behind a load balancer, long-polling's requests of one session could reach different
      // instances, which do not share engine.io sessions: clustered, sockets are WebSocket only, so
      // no sticky sessions are needed. One instance alone keeps the polling fallback.
      transports: o.adapter ? ['websocket'] : ['polling', 'websocket'],
    });
    if (o.adapter?.kind === 'redis') this.useRedis(o.adapter.url);
    if (o.adapter?.kind === 'postgres') this.usePostgres(o.adapter.url);
    this.io.on('connection', (socket) => {
      this.socketsTakeEncoded ??= takesEncoded(socket);
      // One listener per event shared by every socket (socket.io calls it with `this` = the
      // socket), so a connection costs no closures per client event.
      for (const [event, listener] of this.listeners)
        (socket.on as (e: string, fn: SharedListener) => void)(event, listener);
    });
  }

  private useRedis(url: string) {
    const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => this.o.log.warn({ err }, 'redis error'));
    this.closers.push(...[pub, sub].map((client) => () => client.quit().catch(() => undefined)));
    this.io.adapter(redisAdapter(pub, sub));
  }

  private usePostgres(url: string) {
    // Its own small pool: one connection LISTENs for good, the other sends NOTIFYs, so a busy
    // request pool never delays an event and the app's pool keeps every connection for queries.
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pool.on('error', (err) => this.o.log.warn({ err }, 'realtime postgres error'));
    this.closers.push(() => pool.end().catch(() => undefined));
    this.io.adapter(
      postgresAdapter(pool, {
        errorHandler: (err) => this.o.log.warn({ err }, 'realtime postgres adapter error'),
      }),
    );
  }

  /** Handles a client→server event on every socket: the payload is validated by its shared schema and acked {ok, error?}. */
  onClientEvent<E extends ClientEventName>(event: E, handler: ClientEventHandler<E>) {
    const schema = clientEvents[event];
    const budget = this.budget;
    this.listeners.set(event, function (this: RealtimeSocket, payload: unknown, ack?: unknown) {
      const reply =
        typeof ack === 'function' ? (ack as (r: { ok: boolean; error?: string }) => void) : () => {};
      const verdict = budget.take(this);
      if (verdict !== 'ok') {
        reply({ ok: false, error: TOO_MANY_EVENTS });
        if (verdict === 'exhausted') this.disconnect(true);
        return;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return reply({ ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid payload' });
      Promise.resolve()
        .then(() => handler(this, parsed.data as z.infer<(typeof clientEvents)[E]>))
        .then(() => reply({ ok: true }))
        .catch((err: unknown) =>
          reply({ ok: false, error: err instanceof Error ? err.message : 'Request failed' }),
        );
    });
  }

  /**
   * Emits to a room. `local` reaches only this instance's sockets: the market feed runs on every
   * instance for its own subscribers (prices are a pure function of seed, symbol and time, so all
   * instances send the same numbers).
   */
  toRoom<E extends ServerEventName>(
    room: string,
    event: E,
    payload: ServerEventPayload<E>,
    options: { local?: boolean } = {},
  ) {
    this.emit(room, event, serverEvents[event].parse(payload), options.local === true);
  }

  /**
   * What `io.to(room).emit(event, payload)` (or `io.local.to(…)`) does. With other instances to
   * tell (Redis, not `local`) the packet goes to the adapter, which publishes it. Otherwise only
   * this instance's sockets can be in the room, and `writeEncoded` encodes the packet once for
   * them. A room with no socket here is not even encoded (most order events find their user offline).
   */
  private emit(room: string, event: string, payload: unknown, local: boolean) {
    const adapter = this.io.sockets.adapter;
    // socket.io-parser's EVENT packet: the same packet socket.io's own emit builds.
    const packet = { type: EVENT_PACKET, data: [event, payload], nsp: '/' };
    const toOthers = !local && this.closers.length > 0;
    const ids = adapter.rooms.get(room);
    if (!toOthers && !ids) return;
    if (toOthers || !ids || !this.socketsTakeEncoded) {
      adapter.broadcast(packet, {
        rooms: new Set([room]),
        except: new Set(),
        flags: local ? { local: true } : {},
      });
      return;
    }
    writeEncoded(this.io, ids, packet);
  }

  /** Rooms with at least one socket on this instance whose name starts with `prefix`. */
  localRooms(prefix: string): string[] {
    const rooms: string[] = [];
    for (const [room, sockets] of this.io.of('/').adapter.rooms)
      if (room.startsWith(prefix) && sockets.size > 0) rooms.push(room);
    return rooms;
  }

  authenticateWith(sessions: Pick<SessionCheck, 'authenticate'>) {
    const admit = async (socket: Socket): Promise<Error | undefined> => {
      const token: unknown = socket.handshake.auth?.token;
      const context =
        typeof token === 'string' ? await sessions.authenticate(token).catch(() => undefined) : undefined;
      if (!context) return new Error('unauthorized');
      // Counted and joined with no await between, so racing handshakes cannot all pass the count.
      const room = sessionRoom(context.session.id);
      const held = this.io.of('/').adapter.rooms.get(room)?.size ?? 0;
      if (held >= this.limits.socketsPerSession) return new Error(TOO_MANY_CONNECTIONS);
      socket.data = { userId: context.user.id, sessionId: context.session.id };
      await socket.join([userRoom(context.user.id), room]);
      return undefined;
    };
    // socket.io ignores a middleware's promise, so its outcome (and any failure) goes through `next`.
    this.io.use((socket, next) => {
      admit(socket).then(next, (err: unknown) =>
        next(err instanceof Error ? err : new Error('unauthorized')),
      );
    });
  }

  /**
   * Revocation drops a session's sockets at once; expiry and the idle timeout happen with no call
   * to hook, so every `intervalMs` this sweep asks the database which of this instance's sessions
   * are still live (a request may have moved an idle deadline, a setting may have shortened it) and
   * drops the sockets of those that have ended.
   */
  startSessionSweep(sessions: Pick<SessionCheck, 'liveDeadlines'>, intervalMs: number) {
    this.stopSessionSweep();
    let running = false;
    this.sweepTimer = setInterval(() => {
      if (running) return;
      running = true;
      this.sweepOnce(sessions)
        .catch((err: unknown) => this.o.log.warn({ err }, 'session sweep failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    this.sweepTimer.unref();
  }

  async sweepOnce(sessions: Pick<SessionCheck, 'liveDeadlines'>) {
    const bySession = new Map<string, RealtimeSocket[]>();
    for (const socket of this.io.of('/').sockets.values()) {
      const sessionId = socket.data?.sessionId;
      if (!sessionId) continue;
      const list = bySession.get(sessionId) ?? [];
      list.push(socket);
      bySession.set(sessionId, list);
    }
    const ids = [...bySession.keys()];
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      const batch = ids.slice(i, i + SWEEP_BATCH);
      const live = await sessions.liveDeadlines(batch);
      for (const id of batch) {
        if (live.has(id)) continue;
        for (const socket of bySession.get(id) ?? []) socket.disconnect(true);
      }
    }
  }

  stopSessionSweep() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  attach(server: HttpServer) {
    this.io.attach(server);
  }

  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>) {
    this.emit(userRoom(userId), event, serverEvents[event].parse(payload), false);
  }

  disconnectSessions(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** Drops this instance's sockets so the HTTP server can close; it does not close that server. */
  async close() {
    this.stopSessionSweep();
    this.io.local.disconnectSockets(true);
    this.io.engine?.close();
    // socket.io's close stops the adapter's heartbeat and listener before its connections end.
    await this.io.of('/').adapter.close();
    await Promise.all(this.closers.map((close) => close()));
  }
}
