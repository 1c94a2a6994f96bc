import { computeFees, paiseToRupees, rupeesToPaise } from '@nivesh/shared';

/**
 * Profit or loss of a round trip at `exitPrice`, both legs' fees included: a buy now at
 * `entryPrice`, or (for a sell) shares bought at `avgPrice` — the holding's average cost, which
 * already includes its buy fees.
 */
export function roundTripPnL(args: {
  side: 'BUY' | 'SELL';
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  avgPrice?: number;
}): number {
  const { side, quantity, entryPrice, exitPrice, avgPrice } = args;
  const q = BigInt(quantity);
  const exitValue = rupeesToPaise(exitPrice) * q;
  const proceeds = exitValue - computeFees('SELL', exitValue).total;
  if (side === 'SELL') return paiseToRupees(proceeds - rupeesToPaise(avgPrice ?? entryPrice) * q);
  const entryValue = rupeesToPaise(entryPrice) * q;
  const cost = entryValue + computeFees('BUY', entryValue).total;
  return paiseToRupees(proceeds - cost);
}
