export const TOO_MANY_EVENTS = 'Too many events; slow down';
export const TOO_MANY_CONNECTIONS = 'too many connections';

export interface SocketLimits {
  /** Client events a socket may send per second on average; it may save up two seconds' worth. */
  eventsPerSecond: number;
  /** Open sockets one session may hold on this instance. */
  socketsPerSession: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { eventsPerSecond: 20, socketsPerSession: 20 };

interface Bucket {
  tokens: number;
  at: number;
  /** Events refused in a row; a socket that keeps sending into an empty bucket is dropped. */
  refused: number;
}

/**
 * A token bucket per socket for client events. A handler may do real work (a subscribe joins rooms
 * and sends snapshots), so one socket sending thousands of events would hold the event loop; past
 * its budget an event is answered without reaching its handler, and a socket that refuses to slow
 * down (another burst's worth refused in a row) is disconnected.
 */
export class EventBudget {
  private readonly buckets = new WeakMap<object, Bucket>();
  private readonly burst: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.burst = perSecond * 2;
  }

  take(socket: object): 'ok' | 'refused' | 'exhausted' {
    const now = this.now();
    let bucket = this.buckets.get(socket);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now, refused: 0 };
      this.buckets.set(socket, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.refused = 0;
      return 'ok';
    }
    bucket.refused += 1;
    return bucket.refused > this.burst ? 'exhausted' : 'refused';
  }
}
