import type { FastifyBaseLogger } from 'fastify';
import { advisoryLockFor, type MatcherLock } from '../../db/advisory-lock.js';
import type { Database } from '../../db/database.js';
import type { MatchRound, MatcherService } from './matcher.service.js';

/** The advisory-lock key that elects the one matching instance (any constant all instances share). */
export const MATCHER_LOCK_KEY = 5_417_001;

/** The lock that elects the one matching instance (advisory on PostgreSQL, none needed on PGlite). */
export function matcherLockFor(
  database: Database,
  log: FastifyBaseLogger,
  key = MATCHER_LOCK_KEY,
  role = 'order matcher',
): MatcherLock {
  return advisoryLockFor(database, log, key, role);
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
