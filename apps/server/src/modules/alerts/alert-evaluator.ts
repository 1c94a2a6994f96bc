import type { LeasedRounds } from '../../db/leased-rounds.js';
import type { AlertRound } from './alerts.service.js';

/**
 * Checks every active alert each beat on the one instance holding the alerts' lease (built in
 * services.ts on `AlertsService.evaluate`); see LeasedRounds for the rounds and the lease.
 */
export type AlertEvaluator = LeasedRounds<AlertRound>;
