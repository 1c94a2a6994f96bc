import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../db/lease.js';
import { LeasedRounds } from '../../db/leased-rounds.js';
import type { AlertRound, AlertsService } from './alerts.service.js';

/** Checks every active alert each `intervalMs` on the one instance holding the alerts' lease. */
export class AlertEvaluator extends LeasedRounds<AlertRound> {
  constructor(o: { service: AlertsService; lock: JobLease; intervalMs: number; log: FastifyBaseLogger }) {
    super({
      check: (sinceMs, fence) => o.service.evaluate(sinceMs, fence),
      lock: o.lock,
      intervalMs: o.intervalMs,
      log: o.log,
      role: 'alert check',
    });
  }
}
