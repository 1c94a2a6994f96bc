import { rupeesToPaise } from '@nivesh/shared';
import type { MarketService } from './market.service.js';
import type { PathTick } from './price-path.js';

/** Up: the price at or above the level; down: at or below it. */
export type PathDirection = 'up' | 'down';

/** What the checks read of the market: its path between two instants, and a past quote. */
export type PathMarket = Pick<MarketService, 'firstTickPast' | 'quoteAt' | 'knowsPath'>;

/**
 * The first tick in (fromMs, toMs] at or past `levelPaise` in `direction`: the one path-aware
 * check the price alerts and the GTT triggers share. A touch between two checks counts (the path
 * is walked, minute highs and lows first), and so does a gap through the level: the first tick
 * after the gap is already past it. A provider without a path answers from its current quote.
 */
export function firstTouch(
  market: PathMarket,
  symbol: string,
  fromMs: number,
  toMs: number,
  direction: PathDirection,
  levelPaise: bigint,
): Promise<PathTick | undefined> {
  return market.firstTickPast(symbol, fromMs, toMs, direction === 'up' ? 'gte' : 'lte', levelPaise);
}

/**
 * The first fresh crossing in (fromMs, toMs]: a touch that needs the price on the other side of
 * the level first, at `fromMs` itself or at some tick after it.
 */
export async function firstCrossing(
  market: PathMarket,
  symbol: string,
  fromMs: number,
  toMs: number,
  direction: PathDirection,
  levelPaise: bigint,
): Promise<PathTick | undefined> {
  const up = direction === 'up';
  const before = await market.quoteAt(symbol, fromMs);
  const startsOutside =
    before !== undefined &&
    (up ? rupeesToPaise(before.price) < levelPaise : rupeesToPaise(before.price) > levelPaise);
  let start = fromMs;
  if (!startsOutside) {
    // Without a path there is no "before": the current quote alone decides.
    if (before === undefined && !market.knowsPath)
      return firstTouch(market, symbol, fromMs, toMs, direction, levelPaise);
    const away = await market.firstTickPast(symbol, fromMs, toMs, up ? 'lt' : 'gt', levelPaise);
    if (!away) return undefined;
    start = away.ms;
  }
  return firstTouch(market, symbol, start, toMs, direction, levelPaise);
}
