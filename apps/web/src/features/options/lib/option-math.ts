/**
 * The one door from this feature to the pricing and charges rules in packages/shared. The F&O
 * charges below are a local stand-in until h-opt-core's `foCharges` lands on this branch.
 */
export { black76, riskFreeRateOn, yearFraction } from '@nivesh/shared';

/** Paise, round trip not included: one side of one order. */
export function foChargesTotalPaise(side: 'BUY' | 'SELL', valuePaise: number, _isoDay: string): number {
  const brokerage = 2000;
  const exchange = Math.round(valuePaise * 0.0003553);
  const sebi = Math.round(valuePaise * 1e-6);
  const stt = side === 'SELL' ? Math.round(valuePaise * 0.0015) : 0;
  const stamp = side === 'BUY' ? Math.round(valuePaise * 0.00003) : 0;
  const gst = Math.round((brokerage + exchange + sebi) * 0.18);
  return brokerage + exchange + sebi + stt + stamp + gst;
}
