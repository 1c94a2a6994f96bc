import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { MatchRound, MatcherService } from './matcher.service.js';

/** The advisory-lock key that elects the one matching instance (any constant all instances share). */
export const MATCHER_LOCK_KEY = 5_417_001;

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
    private readonly key = MATCHER_LOCK_KEY,
    /** What the lock elects the instance to run, for the log. */
    private readonly role = 'order matcher',
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
export function matcherLockFor(
  database: Database,
  log: FastifyBaseLogger,
  key = MATCHER_LOCK_KEY,
  role = 'order matcher',
): MatcherLock {
  if (database.driver !== 'postgres') return soleInstanceLock;
  // The node-postgres drizzle instance keeps its pool as $client; its options name the server.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  if (!connectionString) throw new Error('PostgreSQL pool has no connection string for the matcher lock');
  return new AdvisoryLock(connectionString, log, key, role);
}

/**
 * Runs matching rounds every `intervalMs` while this instance holds the lock (retrying the lock
 * every interval). A round never overlaps the previous one.
 */
export class Matcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly o: {
      service: MatcherService;
      lock: MatcherLock;
      intervalMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Whether this instance is the one that matches (as of its last attempt). */
  get holdsLock(): boolean {
    return this.o.lock.held;
  }

  /** One round now, lock or not: tests drive the matcher with it. */
  runOnce(): Promise<MatchRound> {
    return this.o.service.runOnce();
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  /** One timed round: only the lock holder matches. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (await this.o.lock.acquire()) await this.o.service.runOnce();
      } catch (err) {
        this.o.log.error({ err }, 'matching round failed');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.o.lock.release();
  }
}
