// The bench's users: signed up through the balancer, each with several sockets subscribed to
// quotes, placing orders the way a browser does (a clientOrderId per order, retried with the same
// id when the connection or the instance behind it fails).
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export interface User {
  index: number;
  email: string;
  token: string;
  symbols: [string, string];
}

export interface SocketStats {
  user: number;
  counts: Record<string, number>;
  disconnects: number;
  /** Why the socket dropped each time ("transport close" when its instance died). */
  reasons: string[];
  connected: boolean;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `items` with at most `limit` at once. */
export async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export async function api<T>(
  base: string,
  method: string,
  url: string,
  o: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: T; upstream: string }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: res.status, json: json as T, upstream: res.headers.get('x-upstream') ?? '' };
}

export async function signUp(
  base: string,
  run: string,
  index: number,
  symbols: [string, string],
): Promise<User> {
  const email = `scale-${run}-${index}@bench.local`;
  const password = 'Scale!bench-2026';
  const res = await api<{ token?: string; message?: string }>(base, 'POST', '/api/auth/signup', {
    body: { fullName: `Scale User ${index}`, email, password, confirmPassword: password, acceptTerms: true },
  });
  if (res.status !== 201 || !res.json.token)
    throw new Error(`signup ${index}: ${res.status} ${res.json.message}`);
  return { index, email, token: res.json.token, symbols };
}

export function connectSocket(
  base: string,
  user: User,
  quoteSymbols: string[],
): Promise<{ socket: Socket; stats: SocketStats }> {
  const stats: SocketStats = { user: user.index, counts: {}, disconnects: 0, reasons: [], connected: false };
  const socket = io(base, {
    auth: { token: user.token },
    transports: ['websocket'],
    reconnectionDelay: 200,
    reconnectionDelayMax: 2000,
  });
  socket.onAny((event: string) => {
    stats.counts[event] = (stats.counts[event] ?? 0) + 1;
  });
  // A socket re-subscribes on every (re)connection, as the web app does.
  socket.on('connect', () => {
    stats.connected = true;
    socket.emit('quotes:subscribe', { symbols: quoteSymbols });
  });
  socket.on('disconnect', (reason) => {
    stats.connected = false;
    stats.disconnects++;
    stats.reasons.push(reason);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket of user ${user.index} did not connect`)), 60_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, stats });
    });
  });
}

export interface PlacedOrder {
  user: number;
  clientOrderId: string;
  status: number;
  attempts: number;
  latencyMs: number;
  upstream: string;
  orderStatus?: string;
  /** The refusal's code, for an answer that is not 2xx. */
  code?: string;
}

/**
 * One order as a browser places it: on a dropped connection or a 502/503/504 (the instance behind
 * the balancer died) the same request goes again with the same clientOrderId, until an answer.
 */
export async function placeOrder(
  base: string,
  user: User,
  body: Record<string, unknown>,
): Promise<PlacedOrder> {
  const clientOrderId = randomUUID();
  const started = performance.now();
  for (let attempts = 1; ; attempts++) {
    try {
      const res = await api<{ data?: { order?: { status: string } }; code?: string }>(
        base,
        'POST',
        '/api/orders/place',
        {
          token: user.token,
          body: { ...body, clientOrderId },
        },
      );
      if (![502, 503, 504].includes(res.status) || attempts >= 20)
        return {
          user: user.index,
          clientOrderId,
          status: res.status,
          attempts,
          latencyMs: performance.now() - started,
          upstream: res.upstream,
          orderStatus: res.json.data?.order?.status,
          code: res.json.code,
        };
    } catch {
      if (attempts >= 20) throw new Error(`order of user ${user.index} failed 20 times`);
    }
    await sleep(100 * attempts);
  }
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
