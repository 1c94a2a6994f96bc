import { sign, type StrategyLeg } from './strategy';
import type { StrategyCosts } from './costs';

/** Thresholds for the nudges: shown, never enforced. */
export const FAR_OTM_DELTA = 0.1;
export const NEAR_EXPIRY_DAYS = 2;
export const COSTS_SHARE_LIMIT = 0.01;

export interface Nudge {
  id: 'naked-short' | 'far-otm-expiry' | 'costs';
  text: string;
}

function lotsOf(legs: readonly StrategyLeg[], type: StrategyLeg['type']): number {
  return legs.filter((l) => l.type === type).reduce((s, l) => s + sign(l.side) * l.lots, 0);
}

/**
 * A short option is naked when the strategy sells more lots of that type than it buys: nothing
 * caps the loss if the index runs through the strike (a call's is unbounded).
 */
function nakedShort(legs: readonly StrategyLeg[]): Nudge | undefined {
  const calls = lotsOf(legs, 'CE');
  const puts = lotsOf(legs, 'PE');
  if (calls >= 0 && puts >= 0) return undefined;
  const which = calls < 0 && puts < 0 ? 'calls and puts' : calls < 0 ? 'calls' : 'puts';
  return {
    id: 'naked-short',
    text: `Naked short: you sell more ${which} than you buy. Nothing caps the loss if the index runs past the strike${
      calls < 0 ? ' (a short call’s loss has no limit)' : ''
    }; buying a further-out option of the same type turns it into a spread with a known worst case.`,
  };
}

function farOtmNearExpiry(legs: readonly StrategyLeg[], daysToExpiry: number): Nudge | undefined {
  if (daysToExpiry > NEAR_EXPIRY_DAYS) return undefined;
  const far = legs.filter((l) => l.side === 'BUY' && Math.abs(l.delta) < FAR_OTM_DELTA);
  if (far.length === 0) return undefined;
  return {
    id: 'far-otm-expiry',
    text: `Far out of the money, ${daysToExpiry === 0 ? 'expiring today' : `${daysToExpiry} day(s) to expiry`}: ${far
      .map((l) => l.tradingsymbol)
      .join(
        ', ',
      )} ${far.length === 1 ? 'has' : 'have'} a delta under ${FAR_OTM_DELTA}, roughly a ${Math.round(
      FAR_OTM_DELTA * 100,
    )}% or smaller chance of ending in the money. Cheap premiums like these most often expire worthless.`,
  };
}

function costsAboveLimit(costs: StrategyCosts): Nudge | undefined {
  if (costs.share === null || costs.share <= COSTS_SHARE_LIMIT) return undefined;
  return {
    id: 'costs',
    text: `Costs are ${(costs.share * 100).toFixed(2)}% of the premium for a round trip: the price must move that much in your favour before you make anything.`,
  };
}

export function strategyNudges(
  legs: readonly StrategyLeg[],
  daysToExpiry: number,
  costs: StrategyCosts,
): Nudge[] {
  return [nakedShort(legs), farOtmNearExpiry(legs, daysToExpiry), costsAboveLimit(costs)].filter(
    (n): n is Nudge => n !== undefined,
  );
}
