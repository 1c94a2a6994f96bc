import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from './database.js';
import { jobLeasesRepository } from './job-leases.repository.js';

/** The lease names of the jobs exactly one instance runs. */
export const LEASES = {
  matcher: 'order-matcher',
  alerts: 'price-alerts',
  news: 'news-poller',
  gtt: 'gtt-triggers',
  squareOff: 'intraday-square-off',
  classStandings: 'class-standings',
  leaderboardRefresh: 'leaderboard-refresh',
  foExpirySettlement: 'fo-expiry-settlement',
  foOrders: 'fo-orders',
} as const;

/** Below this a lease would run out on ordinary database latency between two renewals. */
export const MIN_LEASE_MS = 1000;

/**
 * A job renewing every `intervalMs` holds its lease two intervals: one missed renewal is tolerated,
 * and after a holder stops another instance takes over at its first attempt past that.
 */
export const leaseTtlMs = (intervalMs: number) => Math.max(2 * intervalMs, MIN_LEASE_MS);

/** The last completed round of a leased job, as stored in its lease row (by whichever instance ran it). */
export interface StoredRound {
  /** The round's own clock: what its checks between two times start from next. */
  atMs: number;
  /** The database's clock when that round began reading: rows changed later were not seen by it. */
  dbAt: Date;
}

/** Checks, inside a transaction about to write a round's result, that the round may still write it. */
export type Fence = (tx: DbOrTx) => Promise<boolean>;

/** A round's writes were refused: this instance lost its lease while the round ran. */
export class LeaseLost extends Error {
  constructor(name: string) {
    super(`lease ${name} lost during the round`);
  }
}

/** Who this process is in a lease row: host and pid to find it, a random part for two apps in one process. */
const processHolder = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * A lease on one background job in the `job_leases` table, valid `ttlMs` by the database's clock
 * and renewed at the start of every round; another instance takes it over once it has expired.
 *
 * Unlike a session advisory lock, a holder that stops without losing its connection (SIGSTOP, a
 * long GC pause, a half-open TCP connection) cannot keep the job: its lease simply runs out. The
 * holder fences itself: `acquire` fails once another instance has the lease, and `fence` refuses a
 * round's writes unless the lease is still live, holding the lease row share-locked until they
 * commit, so a take-over waits for them and never runs beside them.
 *
 * It runs the same on PGlite: one process there, so it is simply always renewed; and the stored
 * round lets a restarted server catch up the crossings of its downtime as a new holder does.
 */
export class JobLease {
  readonly holder: string;
  private holding = false;
  private renewedAt: Date | undefined;
  private stored: StoredRound | undefined;

  constructor(
    private readonly o: {
      db: Db;
      name: string;
      ttlMs: number;
      log: FastifyBaseLogger;
      /** What the lease elects the instance to run, for the log. */
      role: string;
      holder?: string;
    },
  ) {
    this.holder = o.holder ?? processHolder();
  }

  get held(): boolean {
    return this.holding;
  }

  /** The last round any holder completed, as of this instance's last successful `acquire`. */
  get previousRound(): StoredRound | undefined {
    return this.stored;
  }

  /** Takes or renews the lease; false (and no longer the holder) when another instance has it. */
  async acquire(): Promise<boolean> {
    const was = this.holding;
    try {
      const grant = await jobLeasesRepository.acquire(this.o.db, this.o.name, this.holder, this.o.ttlMs);
      this.holding = grant !== undefined;
      this.renewedAt = grant?.renewedAt;
      this.stored =
        grant?.lastRoundAt && grant.lastRoundDbAt
          ? { atMs: grant.lastRoundAt.getTime(), dbAt: grant.lastRoundDbAt }
          : undefined;
    } catch (err) {
      // Not knowing is not holding: a round must not run on a lease it could not renew.
      this.holding = false;
      this.o.log.warn({ err }, `${this.o.role} lease unavailable`);
    }
    if (this.holding && !was) this.o.log.info(`this instance now runs the ${this.o.role}`);
    if (!this.holding && was) this.o.log.warn(`this instance lost the ${this.o.role} lease`);
    return this.holding;
  }

  /** For a round's transaction: whether it may still write (see the class comment). */
  readonly fence: Fence = (tx) =>
    jobLeasesRepository.holdsInTransaction(tx, this.o.name, this.holder, this.o.ttlMs);

  /** Stores the round just completed (its own clock), for whichever instance runs the next one. */
  async roundDone(atMs: number): Promise<void> {
    if (!this.holding || !this.renewedAt) return;
    const kept = await jobLeasesRepository.recordRound(
      this.o.db,
      this.o.name,
      this.holder,
      new Date(atMs),
      this.renewedAt,
    );
    if (!kept) {
      this.holding = false;
      this.o.log.warn(`this instance lost the ${this.o.role} lease`);
    }
  }

  async release(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await jobLeasesRepository.release(this.o.db, this.o.name, this.holder).catch(() => undefined);
  }
}
