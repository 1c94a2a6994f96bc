import type { LeasedRounds } from '../../db/leased-rounds.js';
import type { SquareOffRound } from './square-off.service.js';

/**
 * The intraday square-off runs as leased rounds on the matcher's beat: one instance at a time, and
 * every round is idempotent (it squares off what is still open past the cut-off), so a take-over
 * simply runs the next one. `runOnce()` drives a round by hand in tests.
 */
export type SquareOffJob = LeasedRounds<SquareOffRound>;
