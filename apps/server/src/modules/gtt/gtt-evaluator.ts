import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../db/lease.js';
import { LeasedRounds } from '../../db/leased-rounds.js';
import type { GttRound, GttService } from './gtt.service.js';

/**
 * Checks every active GTT each `intervalMs` on the one instance holding the GTT lease. Its own
 * lease, not the alerts' loop: a round places orders (a transaction each), so a slow round or a
 * failure delays no alert, and its stored round lets a take-over cover exactly the GTTs' gap.
 */
export class GttEvaluator extends LeasedRounds<GttRound> {
  constructor(o: { service: GttService; lock: JobLease; intervalMs: number; log: FastifyBaseLogger }) {
    super({
      check: (sinceMs, fence) => o.service.evaluate(sinceMs, fence),
      lock: o.lock,
      intervalMs: o.intervalMs,
      log: o.log,
      role: 'GTT check',
    });
  }
}
