import type { FastifyBaseLogger } from 'fastify';
import { LeaseLost, type JobLease } from '../../db/lease.js';
import type { SquareOffRound, SquareOffService } from './square-off.service.js';

/**
 * Runs the intraday square-off every `intervalMs` on the one instance holding its lease (the
 * matcher's beat). A round never overlaps the previous one; every round is idempotent, so a
 * take-over simply runs the next one.
 */
export class SquareOffJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SquareOffRound | undefined> | undefined;

  constructor(
    private readonly o: {
      service: SquareOffService;
      lock: JobLease;
      intervalMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** One round now, lease or not: tests drive the square-off with it. */
  runOnce(): Promise<SquareOffRound> {
    return this.o.service.runOnce();
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  tick(): Promise<SquareOffRound | undefined> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const lease = this.o.lock;
        if (!(await lease.acquire())) return undefined;
        const round = await this.o.service.runOnce({ fence: lease.fence });
        await lease.roundDone(round.at);
        return round;
      } catch (err) {
        if (err instanceof LeaseLost) this.o.log.warn('intraday square-off stopped: the lease was lost');
        else this.o.log.error({ err }, 'intraday square-off failed');
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
