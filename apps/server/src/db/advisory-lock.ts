import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.js';

/** Whether this instance may match right now. */
export interface MatcherLock {
  readonly held: boolean;
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite is one process's own database: nobody else can match against it. */
export const soleInstanceLock: MatcherLock = {
  held: true,
  acquire: async () => true,
  release: async () => undefined,
};

/**
 * A session-level `pg_try_advisory_lock` held on a dedicated connection, outside the pool. The
 * server frees it when the holder's connection ends (crash, kill -9, network loss), and the next
 * instance to try takes over. While held, each attempt pings the connection, so a holder whose
 * connection died stops matching instead of running beside the new holder.
 */
export class AdvisoryLock implements MatcherLock {
  private client: pg.Client | undefined;
  private holding = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly key: number,
    /** What the lock elects the instance to run, for the log. */
    private readonly role = 'sole-instance work',
  ) {}

  get held(): boolean {
    return this.holding;
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    this.holding = false;
    client.end().catch(() => undefined);
  }

  async acquire(): Promise<boolean> {
    let client = this.client;
    try {
      if (!client) {
        client = new pg.Client({
          connectionString: this.connectionString,
          application_name: 'nivesh-matcher',
        });
        const connecting = client;
        connecting.on('error', (err) => {
          this.log.warn({ err }, `${this.role} lock connection lost`);
          this.drop(connecting);
        });
        this.client = client;
        await client.connect();
      }
      if (this.holding) {
        await client.query('select 1');
        return true;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        this.key,
      ]);
      this.holding = rows[0]?.locked === true;
      if (this.holding) this.log.info(`this instance now runs the ${this.role}`);
      return this.holding;
    } catch (err) {
      this.log.warn({ err }, `${this.role} lock unavailable`);
      if (client) this.drop(client);
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      if (this.holding) await client.query('select pg_advisory_unlock($1)', [this.key]);
    } catch {
      // Ending the session below frees the lock anyway.
    }
    this.client = undefined;
    this.holding = false;
    await client.end().catch(() => undefined);
  }
}

/** The lock that fits the database: the advisory lock on PostgreSQL, none needed on PGlite. */
export function advisoryLockFor(
  database: Database,
  log: FastifyBaseLogger,
  key: number,
  role: string,
): MatcherLock {
  if (database.driver !== 'postgres') return soleInstanceLock;
  // The node-postgres drizzle instance keeps its pool as $client; its options name the server.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  if (!connectionString) throw new Error(`PostgreSQL pool has no connection string for the ${role} lock`);
  return new AdvisoryLock(connectionString, log, key, role);
}
