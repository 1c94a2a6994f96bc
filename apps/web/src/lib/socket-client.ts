import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  RECONNECT_DELAYS_MS,
  serverEvents,
  type allClientEvents,
  type PageServerEventName,
  type ClientEventName,
  verifyResponseSchema,
  type ConnectionStatus,
  type ServerEventName,
  type ServerToClientEvents,
} from '@nivesh/shared';
import { ApiError, apiRequest } from './api-client';

/** The realtime client gives up on one connection attempt after 15 s. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * The part of a socket.io client socket this module uses. Tests hand the client a fake with the
 * same shape, so everything above the wire runs for real.
 */
export interface SocketLike {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(): unknown;
  /** Client→server message (socket.io's `emit`; named apart so fakes can play the server). */
  send(event: ClientEventName, payload: unknown): unknown;
}

export type SocketFactory = (token: string) => SocketLike;

/**
 * Same origin, default path. socket.io's own reconnection is off: its exponential back-off cannot
 * follow the 1, 2, 4, 5 s sequence (RECONNECT_DELAYS_MS), so `RealtimeClient` schedules every retry itself.
 * `tryAllTransports` makes a failed WebSocket fall back to long-polling instead of giving up.
 *
 * The socket.io client is fetched on the first `connect()`, so pages that never open a
 * connection (the landing page, sign-in) do not download it. Listeners registered before it
 * arrives are attached when it does; a failed download is reported as a `connect_error`, which
 * the retry schedule already handles.
 */
class LazySocket implements SocketLike {
  private socket: Socket | null = null;
  private loading = false;
  private wanted = false;
  private listeners: Array<[string, (...args: never[]) => void]> = [];

  constructor(private readonly token: string) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  connect(): void {
    this.wanted = true;
    if (this.socket) {
      this.socket.connect();
      return;
    }
    if (this.loading) return;
    this.loading = true;
    import('socket.io-client')
      .then(({ io }) => {
        const socket = io({
          auth: { token: this.token },
          transports: ['websocket', 'polling'],
          tryAllTransports: true,
          reconnection: false,
          autoConnect: false,
          timeout: CONNECT_TIMEOUT_MS,
        });
        for (const [event, listener] of this.listeners)
          socket.on(event, listener as (...args: unknown[]) => void);
        this.socket = socket;
        if (this.wanted) socket.connect();
      })
      .catch((error: unknown) => {
        this.loading = false;
        for (const [event, listener] of this.listeners) {
          if (event === 'connect_error') (listener as (e: unknown) => void)(error);
        }
      });
  }

  disconnect(): void {
    this.wanted = false;
    this.socket?.disconnect();
  }

  on(event: string, listener: (...args: never[]) => void): void {
    this.listeners.push([event, listener]);
    this.socket?.on(event, listener as (...args: unknown[]) => void);
  }

  removeAllListeners(): void {
    this.listeners = [];
    this.socket?.removeAllListeners();
  }

  send(event: ClientEventName, payload: unknown): void {
    this.socket?.emit(event, payload);
  }
}

export const createSocket: SocketFactory = (token) => new LazySocket(token);

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s, then 5 s for every later one. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
}

type Handler<E extends ServerEventName> = ServerToClientEvents[E];

/** Asks the API whether the token is still good; a 401 there runs the app's session-expiry path. */
async function sessionIsDead(): Promise<boolean> {
  try {
    await apiRequest('/auth/verify', { schema: verifyResponseSchema });
    return false;
  } catch (error) {
    return error instanceof ApiError && error.status === 401;
  }
}

interface ClientOptions {
  factory?: SocketFactory;
  /** Overridable so a refused handshake can be tested without the HTTP layer. */
  checkSessionDead?: () => Promise<boolean>;
}

/**
 * One realtime connection per tab for the signed-in user. Owns retrying, exposes the connection
 * status, validates every payload against the shared event map before handlers see it, and
 * announces a "resync" whenever the tab may have missed events (after a reconnect, or when it
 * becomes visible again) so features can refetch.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private state: ConnectionStatus = 'disconnected';
  private readonly statusListeners = new Set<() => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly handlers = new Map<ServerEventName, Set<(payload: never) => void>>();
  private readonly factory: SocketFactory;
  private readonly checkSessionDead: () => Promise<boolean>;

  constructor(options: ClientOptions = {}) {
    this.factory = options.factory ?? createSocket;
    this.checkSessionDead = options.checkSessionDead ?? sessionIsDead;
  }

  get status(): ConnectionStatus {
    return this.state;
  }

  /** Connects with `token`; a different token replaces the old connection, the same one is a no-op. */
  start(token: string): void {
    if (this.token === token && this.socket) return;
    this.stop();
    this.token = token;
    this.attempt = 0;
    this.everConnected = false;
    const socket = this.factory(token);
    this.socket = socket;

    socket.on('connect', () => {
      if (socket !== this.socket) return;
      this.clearRetry();
      this.attempt = 0;
      this.setStatus('connected');
      // The first connect follows a fresh page load that fetched everything; later ones may have missed events.
      if (this.everConnected) this.emitResync();
      this.everConnected = true;
    });

    socket.on('connect_error', (error: Error) => {
      if (socket !== this.socket) return;
      this.setStatus('error');
      if (error?.message === 'unauthorized') {
        // The server refuses a bad or revoked token, but also answers 'unauthorized' when it could not
        // check it; only the API can tell which, and its 401 path signs the user out.
        void this.checkSessionDead().then((dead) => {
          if (socket !== this.socket) return;
          if (dead) this.stop('error');
          else this.scheduleRetry();
        });
        return;
      }
      this.scheduleRetry();
    });

    socket.on('disconnect', (reason: string) => {
      if (socket !== this.socket) return;
      if (reason === 'io client disconnect') return;
      this.setStatus('disconnected');
      // Includes 'io server disconnect' (e.g. a revoked session): the retry's handshake then decides.
      this.scheduleRetry();
    });

    for (const event of Object.keys(serverEvents) as PageServerEventName[]) {
      socket.on(event, (payload: unknown) => {
        if (socket !== this.socket) return;
        this.dispatch(event, payload);
      });
    }

    this.setStatus('connecting');
    socket.connect();
  }

  /** Ends the connection (sign-out, token change) and stops retrying. */
  stop(finalStatus: ConnectionStatus = 'disconnected'): void {
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    this.token = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.setStatus(finalStatus);
  }

  /** Retry now rather than wait out the back-off (the browser reports it is back online). */
  retryNow(): void {
    if (!this.socket || this.socket.connected || this.state === 'connecting') return;
    this.clearRetry();
    this.setStatus('connecting');
    this.socket.connect();
  }

  on<E extends ServerEventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const stored = handler as (payload: never) => void;
    set.add(stored);
    return () => set.delete(stored);
  }

  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Called when the tab comes back into view: events may have been throttled or missed. */
  resync(): void {
    if (!this.socket) return;
    this.emitResync();
    if (!this.socket.connected) this.retryNow();
  }

  private dispatch(event: PageServerEventName, payload: unknown): void {
    const parsed = serverEvents[event].safeParse(payload);
    // A payload that breaks the shared contract is dropped rather than half-applied to the cache.
    if (!parsed.success) return;
    for (const handler of this.handlers.get(event) ?? []) {
      (handler as (p: typeof parsed.data) => void)(parsed.data);
    }
  }

  private scheduleRetry(): void {
    if (!this.socket || this.retryTimer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.socket || this.socket.connected) return;
      this.setStatus('connecting');
      this.socket.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Sends a client event when connected. Nothing is queued while offline: subscribers re-send
   * their state on the resync that follows every reconnect.
   */
  emit<E extends ClientEventName>(event: E, payload: z.input<(typeof allClientEvents)[E]>): void {
    if (this.socket?.connected) this.socket.send(event, payload);
  }

  private setStatus(next: ConnectionStatus): void {
    if (this.state === next) return;
    this.state = next;
    for (const listener of this.statusListeners) listener();
  }

  private emitResync(): void {
    for (const listener of this.resyncListeners) listener();
  }
}
