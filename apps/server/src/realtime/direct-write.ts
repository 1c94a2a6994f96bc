/**
 * The one place the realtime layer reaches past the public APIs of socket.io, engine.io and ws
 * (their versions are pinned exactly; test/contracts/private-internals.test.ts fails naming this
 * file when an upgrade changes a shape used here). realtime.ts itself uses public API only.
 *
 * What it buys: an event for a room this instance alone serves is encoded once and handed to each
 * of the room's sockets without the adapter's broadcast (two sets and a room loop per event, for
 * rooms that hold one user's tabs), and, where engine.io would write it at once anyway, written
 * straight to the socket's WebSocket (DIRECT_WRITE). Measured on 2026-11-27 (docs/performance.md):
 * without the direct write the server spent 41–48 µs of CPU per per-user delivery against 26–30 µs
 * with it, and the per-user ratio to a bare `ws` server fell below 0.7.
 */
import type { Server, Socket } from 'socket.io';

/**
 * The switch: false sends every packet through engine.io (still encoded once), should an upgrade
 * break the direct write before it can be fixed.
 */
export const DIRECT_WRITE = true;

/** socket.io-parser's packet, as socket.io's own emit builds it. */
export type EventPacket = Parameters<Server['encoder']['encode']>[0];

/** socket.io's per-socket internals that the adapter's own broadcast uses (private in its types). */
interface InternalSocket {
  notifyOutgoingListeners(packet: EventPacket): void;
  client: {
    writeToEngine(encoded: (string | Buffer)[], options: { preEncoded: true }): void;
    conn: EngineConnection;
  };
}

/** engine.io's connection, as far as the direct write needs it (`writeBuffer`, `socket`: private). */
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    /** The transport's `ws` WebSocket (websocket transport only). */
    socket?: { readyState: number; send(data: string): void };
  };
}

const PRE_ENCODED = { preEncoded: true } as const;

/** ws's `WebSocket.OPEN`. */
const WS_OPEN = 1;

/**
 * True when engine.io would write a packet at once itself: open on the websocket transport, not
 * mid-upgrade, nothing held in its write buffer, no write in flight, no compression. Every packet
 * engine.io wrote before is then already queued in `ws` ahead of this one and any later one goes
 * behind it, so order is kept; engine.io's per-packet bookkeeping (its packet object, four events,
 * a write callback) is what is skipped.
 */
function writesAtOnce(conn: EngineConnection): boolean {
  const transport = conn.transport;
  return (
    conn.readyState === 'open' &&
    !conn.upgrading &&
    conn.writeBuffer.length === 0 &&
    transport.name === 'websocket' &&
    transport.writable &&
    !transport.perMessageDeflate &&
    transport.socket?.readyState === WS_OPEN
  );
}

/** True when a socket has the internals `writeEncoded` uses (all sockets share a class). */
export function takesEncoded(socket: Socket): boolean {
  const s = socket as unknown as Partial<InternalSocket>;
  return typeof s.notifyOutgoingListeners === 'function' && typeof s.client?.writeToEngine === 'function';
}

/**
 * Writes `packet` to each socket of `ids`, encoded once: straight to its WebSocket as an engine.io
 * "message" ('4' + the packet) when engine.io would write at once, otherwise through engine.io,
 * which queues it behind anything it holds for that socket.
 */
export function writeEncoded(io: Server, ids: Iterable<string>, packet: EventPacket): void {
  const encoded = io.encoder.encode(packet) as (string | Buffer)[];
  // Binary payloads encode to several parts; those always go through engine.io.
  const message =
    DIRECT_WRITE && encoded.length === 1 && typeof encoded[0] === 'string' ? `4${encoded[0]}` : undefined;
  const sockets = io.sockets.sockets;
  for (const id of ids) {
    const socket = sockets.get(id) as unknown as InternalSocket | undefined;
    if (!socket) continue;
    socket.notifyOutgoingListeners(packet);
    const conn = socket.client.conn;
    if (message !== undefined && writesAtOnce(conn)) conn.transport.socket!.send(message);
    else socket.client.writeToEngine(encoded, PRE_ENCODED);
  }
}
