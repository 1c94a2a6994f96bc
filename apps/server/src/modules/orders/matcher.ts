import type { FastifyBaseLogger } from 'fastify';
import { LeaseLost, type JobLease } from '../../db/lease.js';
import type { MatchRound, MatcherService } from './matcher.service.js';

/**
 * Runs matching rounds every `intervalMs` while this instance holds the lease (renewed before each
 * round, retried every interval while another instance holds it). A round never overlaps the
 * previous one. Each round continues from the last round stored with the lease, so after a
 * take-over the first round covers the crossings of the gap.
 */
export class Matcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly o: {
      service: MatcherService;
      lock: JobLease;
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

  /** One timed round: only the lease holder matches, and writes only while its lease is live. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const lease = this.o.lock;
        if (!(await lease.acquire())) return;
        await this.o.service.runOnce({ since: lease.previousRound, fence: lease.fence });
        await lease.roundDone(this.o.service.lastRoundMs!);
      } catch (err) {
        if (err instanceof LeaseLost) this.o.log.warn('matching round stopped: the lease was lost');
        else this.o.log.error({ err }, 'matching round failed');
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
