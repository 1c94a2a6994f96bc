import type { FastifyBaseLogger } from 'fastify';
import { LeaseLost, type Fence, type JobLease } from '../../db/lease.js';
import type { AlertRound, AlertsService } from './alerts.service.js';

/**
 * Checks every active alert each `intervalMs` on the one instance holding the lease, each check
 * covering the ticks since the previous one: the previous check stored with the lease, so after a
 * take-over the first check covers the gap. A check never overlaps the previous one.
 */
export class AlertEvaluator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<AlertRound | undefined> | undefined;
  private lastCheckMs: number | undefined;

  constructor(
    private readonly o: {
      service: AlertsService;
      lock: JobLease;
      intervalMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  get holdsLock(): boolean {
    return this.o.lock.held;
  }

  /**
   * One check now, from `sinceMs` (default: this instance's previous check), lease or not: tests
   * drive the evaluator with it (on an injected market clock).
   */
  async runOnce(sinceMs = this.lastCheckMs, fence?: Fence): Promise<AlertRound> {
    const round = await this.o.service.evaluate(sinceMs, fence);
    this.lastCheckMs = round.at;
    return round;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  /** One timed check: only the lease holder evaluates, and fires only while its lease is live. */
  tick(): Promise<AlertRound | undefined> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const lease = this.o.lock;
        if (!(await lease.acquire())) return undefined;
        // From the check stored with the lease (another instance's after a take-over); with none
        // stored yet, this instance's own last check, else the alerts' own floors (armed, last fired).
        const round = await this.runOnce(lease.previousRound?.atMs ?? this.lastCheckMs, lease.fence);
        await lease.roundDone(round.at);
        return round;
      } catch (err) {
        if (err instanceof LeaseLost) this.o.log.warn('alert check stopped: the lease was lost');
        else this.o.log.error({ err }, 'alert check failed');
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
    await this.o.lock.release();
  }
}
