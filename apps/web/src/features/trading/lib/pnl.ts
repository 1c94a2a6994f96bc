import { computeFees, paiseToRupees, rupeesToPaise, type FeeSchedule } from '@nivesh/shared';

/**
 * Profit or loss of a round trip at `exitPrice`, both legs' fees included under the product's
 * `schedule`: a buy now at `entryPrice`, or (for a sell) shares bought at `avgPrice` — the
 * holding's average cost, which already includes its buy fees. The exit counts the DP charge a
 * delivery sell pays (the day's first sell of the scrip, the usual case).
 */
export function roundTripPnL(args: {
  side: 'BUY' | 'SELL';
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  avgPrice?: number | undefined;
  schedule: FeeSchedule;
}): number {
  const { side, quantity, entryPrice, exitPrice, avgPrice, schedule } = args;
  const q = BigInt(quantity);
  const exitValue = rupeesToPaise(exitPrice) * q;
  const proceeds = exitValue - computeFees('SELL', exitValue, schedule, { firstSellOfDay: true }).total;
  if (side === 'SELL') return paiseToRupees(proceeds - rupeesToPaise(avgPrice ?? entryPrice) * q);
  const entryValue = rupeesToPaise(entryPrice) * q;
  const cost = entryValue + computeFees('BUY', entryValue, schedule).total;
  return paiseToRupees(proceeds - cost);
}
