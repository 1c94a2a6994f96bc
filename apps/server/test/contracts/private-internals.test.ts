import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type ClientSocket } from '../support/socket.js';

/**
 * One test per private internal of a library that the app's fast paths use. Those libraries are
 * pinned to exact versions; when an upgrade changes one of these shapes, its test fails naming the
 * file to revisit (the fast path may then be fixed, or deleted for the public API).
 */
const PIPELINED = 'apps/server/src/db/fast-path/pipelined-transaction.ts';
const REUSED = 'apps/server/src/db/fast-path/reused-statement.ts';
const DIRECT_WRITE = 'apps/server/src/realtime/direct-write.ts';
const revisit = (what: string, file: string) => `${what} changed shape: revisit ${file}`;

const items = pgTable('contract_items', {
  id: integer('id').primaryKey(),
  itemName: text('item_name').notNull(),
});

describe('drizzle-orm and pg internals (db/fast-path)', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzlePglite>;

  beforeAll(async () => {
    client = new PGlite();
    db = drizzlePglite(client);
    await db.execute(sql`create table contract_items (id integer primary key, item_name text not null)`);
    await db.execute(sql`insert into contract_items values (1, 'one')`);
  });
  afterAll(() => client.close());

  it('db._.session.prepareQuery runs a rendered query by name and maps its rows by the fields given', async () => {
    const built = db
      .select()
      .from(items)
      .where(sql`${items.id} = ${sql.placeholder('id')}`)
      .prepare('contract_select');
    const fields = (built as unknown as { fields: unknown }).fields;
    const prepared = db._.session.prepareQuery(built.getQuery(), fields as never, 'contract_select', true);
    const rows = await prepared.execute({ id: 1 });
    expect(rows, revisit('drizzle session.prepareQuery', REUSED)).toEqual([{ id: 1, itemName: 'one' }]);
  });

  it('a prepared select keeps its selection in `fields` and `joinsNotNullableMap`', () => {
    const built = db.select().from(items).prepare('contract_fields') as unknown as Record<string, unknown>;
    expect(Array.isArray(built.fields), revisit('drizzle PgPreparedQuery.fields', REUSED)).toBe(true);
    expect(
      'joinsNotNullableMap' in built,
      revisit('drizzle PgPreparedQuery.joinsNotNullableMap', REUSED),
    ).toBe(true);
  });

  it('a node-postgres session is built from client, dialect, schema and options, as its transaction is', () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const pgDb = drizzlePg(pool);
    const session = pgDb._.session as unknown as Record<string, unknown>;
    const message = revisit('drizzle NodePgSession/NodePgTransaction', PIPELINED);
    expect(session instanceof NodePgSession, message).toBe(true);
    expect(session.client, message).toBe(pool);
    for (const field of ['dialect', 'schema', 'options']) expect(field in session, message).toBe(true);
    const txSession = new NodePgSession(
      pool,
      session.dialect as never,
      session.schema as never,
      session.options as never,
    );
    const tx = new NodePgTransaction(session.dialect as never, txSession, session.schema as never);
    expect(tx._.session, message).toBe(txSession);
    expect(typeof tx.select, message).toBe('function');
    return pool.end();
  });

  it("pg's Pool keeps its `pipeline` option where the fast path reads it", () => {
    const pool = new pg.Pool({ pipeline: true } as pg.PoolConfig);
    const options = (pool as unknown as { options: { pipeline?: boolean } }).options;
    expect(options.pipeline, revisit('pg Pool.options.pipeline', PIPELINED)).toBe(true);
    return pool.end();
  });

  it("pg's Client writes through `connection.stream`, which can be corked", () => {
    const pgClient = new pg.Client() as unknown as {
      connection?: { stream?: { cork?: unknown; uncork?: unknown } };
    };
    const stream = pgClient.connection?.stream;
    const message = revisit('pg Client.connection.stream', PIPELINED);
    expect(typeof stream?.cork, message).toBe('function');
    expect(typeof stream?.uncork, message).toBe('function');
  });
});

describe('socket.io and engine.io internals (realtime/direct-write)', () => {
  let http: HttpServer;
  let io: Server;
  let client: ClientSocket;
  let socket: Socket;

  beforeAll(async () => {
    http = createServer();
    io = new Server(http);
    const connected = new Promise<Socket>((resolve) => io.once('connection', resolve));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    client = await connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, undefined);
    socket = await connected;
  });
  afterAll(async () => {
    client.close();
    await io.close();
  });

  it('Socket#notifyOutgoingListeners calls the onAnyOutgoing listeners with the event and payload', () => {
    const seen: unknown[][] = [];
    socket.onAnyOutgoing((...args: unknown[]) => seen.push(args));
    const internal = socket as unknown as { notifyOutgoingListeners?: (packet: object) => void };
    const message = revisit('socket.io Socket#notifyOutgoingListeners', DIRECT_WRITE);
    expect(typeof internal.notifyOutgoingListeners, message).toBe('function');
    internal.notifyOutgoingListeners!({ type: 2, data: ['contract', { n: 1 }], nsp: '/' });
    expect(seen, message).toEqual([['contract', { n: 1 }]]);
  });

  it('Client#writeToEngine delivers a packet encoded once by io.encoder', async () => {
    const received = new Promise<unknown>((resolve) =>
      (client.once as (e: string, fn: (p: unknown) => void) => void)('contract', resolve),
    );
    const internal = socket.client as unknown as {
      writeToEngine?: (encoded: unknown[], options: { preEncoded: true }) => void;
    };
    const message = revisit('socket.io Client#writeToEngine', DIRECT_WRITE);
    expect(typeof internal.writeToEngine, message).toBe('function');
    internal.writeToEngine!(io.encoder.encode({ type: 2, data: ['contract', { n: 2 }], nsp: '/' }), {
      preEncoded: true,
    });
    expect(await received, message).toEqual({ n: 2 });
  });

  it("engine.io's connection holds the packets it has not written yet in `writeBuffer`", () => {
    const conn = socket.client.conn as unknown as { writeBuffer?: unknown };
    const message = revisit('engine.io Socket#writeBuffer', DIRECT_WRITE);
    expect(Array.isArray(conn.writeBuffer), message).toBe(true);
    expect((conn.writeBuffer as unknown[]).length, message).toBe(0);
  });

  it("engine.io's websocket transport keeps its ws WebSocket in `socket`, which delivers an engine.io message", async () => {
    const transport = socket.client.conn.transport as unknown as {
      name: string;
      socket?: { readyState?: number; send?: (data: string) => void };
    };
    const message = revisit('engine.io WebSocket transport.socket', DIRECT_WRITE);
    expect(transport.name).toBe('websocket');
    expect(transport.socket?.readyState, message).toBe(1);
    expect(typeof transport.socket?.send, message).toBe('function');
    const received = new Promise<unknown>((resolve) =>
      (client.once as (e: string, fn: (p: unknown) => void) => void)('contract', resolve),
    );
    const [encoded] = io.encoder.encode({ type: 2, data: ['contract', { n: 3 }], nsp: '/' });
    transport.socket!.send!(`4${String(encoded)}`);
    expect(await received, message).toEqual({ n: 3 });
  });
});
