import type { FastifyBaseLogger } from 'fastify';
import type { MatcherLock } from '../../db/advisory-lock.js';
import type { AlertRound, AlertsService } from './alerts.service.js';

/** The advisory-lock key that elects the one instance evaluating alerts (distinct from the matcher's). */
export const ALERTS_LOCK_KEY = 5_417_003;

/**
 * Checks every active alert each `intervalMs` on the one instance holding the lock, each check
 * covering the ticks since the previous one. A check never overlaps the previous one.
 */
export class AlertEvaluator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<AlertRound | undefined> | undefined;
  private lastCheckMs: number | undefined;

  constructor(
    private readonly o: {
      service: AlertsService;
      lock: MatcherLock;
      intervalMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  get holdsLock(): boolean {
    return this.o.lock.held;
  }

  /** One check now, lock or not: tests drive the evaluator with it (on an injected market clock). */
  async runOnce(): Promise<AlertRound> {
    const round = await this.o.service.evaluate(this.lastCheckMs);
    this.lastCheckMs = round.at;
    return round;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  /** One timed check: only the lock holder evaluates. */
  tick(): Promise<AlertRound | undefined> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (await this.o.lock.acquire()) return await this.runOnce();
        // Another instance checks; when this one takes over it starts from the alerts' own floors.
        this.lastCheckMs = undefined;
        return undefined;
      } catch (err) {
        this.o.log.error({ err }, 'alert check failed');
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
