import type { FastifyBaseLogger } from 'fastify';
import { LeaseLost, type Fence, type JobLease } from './lease.js';

/** What a round reports: at least the market time it checked up to. */
export interface Round {
  at: number;
}

/**
 * A check that runs every `intervalMs` on the one instance holding its lease, each round covering
 * the path since the previous one: the previous round is stored with the lease, so after a
 * take-over the first round covers the gap. A round never overlaps the previous one. The price
 * alerts and the GTT triggers each run one, under their own lease.
 */
export class LeasedRounds<R extends Round> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<R | undefined> | undefined;
  private lastCheckMs: number | undefined;

  constructor(
    private readonly r: {
      check: (sinceMs: number | undefined, fence?: Fence) => Promise<R>;
      lock: JobLease;
      intervalMs: number;
      log: FastifyBaseLogger;
      /** What the rounds do, for the log ("alert check"). */
      role: string;
    },
  ) {}

  get holdsLock(): boolean {
    return this.r.lock.held;
  }

  /**
   * One round now, from `sinceMs` (default: this instance's previous round), lease or not: tests
   * drive the rounds with it (on an injected market clock).
   */
  async runOnce(sinceMs = this.lastCheckMs, fence?: Fence): Promise<R> {
    const round = await this.r.check(sinceMs, fence);
    this.lastCheckMs = round.at;
    return round;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.r.intervalMs);
    this.timer.unref();
  }

  /** One timed round: only the lease holder runs it, and writes only while its lease is live. */
  tick(): Promise<R | undefined> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const lease = this.r.lock;
        if (!(await lease.acquire())) return undefined;
        // From the round stored with the lease (another instance's after a take-over); with none
        // stored yet, this instance's own last round, else the checked rows' own floors.
        const round = await this.runOnce(lease.previousRound?.atMs ?? this.lastCheckMs, lease.fence);
        await lease.roundDone(round.at);
        return round;
      } catch (err) {
        if (err instanceof LeaseLost) this.r.log.warn(`${this.r.role} stopped: the lease was lost`);
        else this.r.log.error({ err }, `${this.r.role} failed`);
        return undefined;
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
    await this.r.lock.release();
  }
}
