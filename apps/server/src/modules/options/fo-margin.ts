import type { Underlying } from '@nivesh/shared';
import { spanMargin, type MarketInputs } from './core.js';

/** A signed leg of a portfolio (units; shorts negative). */
export interface SignedLeg {
  tradingsymbol: string;
  quantity: number;
  price?: number;
}

/**
 * The margin blocked by a set of open positions: SPAN + exposure in paise, premium excluded (a
 * bought option's premium is paid in cash, not blocked). Empty → 0.
 */
export function blockedMargin(
  legs: SignedLeg[],
  market: Record<Underlying, MarketInputs>,
  today: string,
): bigint {
  const open = legs.filter((l) => l.quantity !== 0);
  if (!open.length) return 0n;
  const m = spanMargin({ legs: open, market, todayIsoDay: today });
  return BigInt(Math.round(m.span + m.exposure));
}
