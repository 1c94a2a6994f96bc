import type { LeasedRounds } from '../../db/leased-rounds.js';
import type { GttRound } from './gtt-triggers.service.js';

/**
 * Checks every active GTT each beat on the one instance holding the GTT lease (built in
 * services.ts on `GttTriggersService.evaluate`). Its own lease, not the alerts' loop: a round places
 * orders (a transaction each), so a slow round or a failure delays no alert, and its stored round
 * lets a take-over cover exactly the GTTs' gap.
 */
export type GttEvaluator = LeasedRounds<GttRound>;
