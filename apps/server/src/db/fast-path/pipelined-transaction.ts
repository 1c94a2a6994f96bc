import { fillPlaceholders, type Query } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DbOrTx } from '../database.js';

/** A statement rendered once per shape: its text, its name and the values of its placeholders. */
export interface NamedStatement {
  query: Query;
  name: string;
  values: Record<string, unknown>;
}

/** Runs a transaction's last statement, its COMMIT right behind it, and returns the statement's rows. */
export type RunLast = (statement: NamedStatement) => Promise<Record<string, unknown>[]>;

/** Runs a named statement on a handle and returns its rows (what `RunLast` does outside a pipeline). */
export async function runNamed(db: DbOrTx, { query, name, values }: NamedStatement) {
  const result = (await db._.session
    .prepareQuery(query, undefined, name, false)
    .execute(values)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

/** True when the pool sends a connection's queries without waiting for the previous answers. */
function pipelinedPool(client: unknown): client is pg.Pool {
  return (
    client instanceof pg.Pool &&
    (client as unknown as { options: { pipeline?: boolean } }).options.pipeline === true
  );
}

/** True when `db` is a PostgreSQL pool in pipeline mode, where pipelinedTransaction saves its round trips. */
export function isPipelined(db: Db): boolean {
  const session: unknown = db._.session;
  return (
    session instanceof NodePgSession && pipelinedPool((session as unknown as { client: unknown }).client)
  );
}

/**
 * Runs `send` with the connection's socket corked, so the statements it sends synchronously leave
 * in one write (one system call, one wake-up of the server) instead of one each.
 */
function corked<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (
    client as unknown as {
      connection?: { stream?: Partial<NodeJS.WritableStream> & { cork?(): void; uncork?(): void } };
    }
  ).connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

/**
 * A transaction that opens with row locks and ends with one writing statement, in two round trips
 * instead of four. On a PostgreSQL pool in pipeline mode, BEGIN and `lead`'s statements (its row
 * locks) are sent together, and `body`'s last statement is sent with its COMMIT right behind it;
 * PostgreSQL runs them in order, so the locks are taken inside the transaction and the COMMIT
 * follows the write. A last statement that fails leaves the transaction aborted, and PostgreSQL
 * answers a COMMIT of an aborted transaction by rolling it back, so nothing is half written.
 * `lead`'s statements travel with BEGIN when it sends them before it first awaits (a prepared
 * statement's `execute()` does; drizzle's lazy query builders send on `then`, a round trip later,
 * still inside the transaction). Nothing may be sent after `last`.
 * Elsewhere (PGlite, or a pool without pipelining) it is an ordinary transaction.
 */
export async function pipelinedTransaction<L, T>(
  db: Db,
  lead: (tx: DbOrTx) => Promise<L>,
  body: (tx: DbOrTx, led: L, last: RunLast) => Promise<T>,
): Promise<T> {
  // drizzle's own transaction() builds the same session and transaction objects from these fields.
  const parent = db._.session as unknown as {
    client: unknown;
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  if (!isPipelined(db))
    return db.transaction(async (tx) => body(tx, await lead(tx), (statement) => runNamed(tx, statement)));

  const client = await (parent.client as pg.Pool).connect();
  const txSession = new NodePgSession(client, parent.dialect, parent.schema, parent.options);
  const tx = new NodePgTransaction(parent.dialect, txSession, parent.schema) as unknown as DbOrTx;
  let open = true;
  /** A failure that leaves the connection in an unknown state: the pool drops it instead of reusing it. */
  let broken: Error | undefined;
  const commit = () => {
    open = false;
    return client.query('commit').catch((error: Error) => {
      broken = error;
      throw error;
    });
  };
  try {
    // BEGIN is sent before `lead` runs, so its locks are inside the transaction; if BEGIN failed,
    // Promise.all rejects before `body` writes anything.
    const [, led] = await corked(client, () => Promise.all([client.query('begin'), lead(tx)]));
    const result = await body(tx, led, async ({ query, name, values }) => {
      if (!open) throw new Error('the transaction has already sent its last statement');
      const [rows] = await corked(client, () =>
        Promise.all([
          client.query({ name, text: query.sql, values: fillPlaceholders(query.params, values) }),
          commit(),
        ]),
      );
      return rows.rows as Record<string, unknown>[];
    });
    // A body that ended without `last` (an order that rests) commits here.
    if (open) await commit();
    return result;
  } catch (error) {
    if (open)
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    throw error;
  } finally {
    client.release(broken);
  }
}
