import { foCharges } from '@nivesh/shared';

/** The one door from this feature to the pricing and charges rules in packages/shared. */
export { black76, riskFreeRateOn, yearFraction } from '@nivesh/shared';

/** Paise: one side of one option order (the shared schedule of that day, per-line rounding). */
export function foChargesTotalPaise(side: 'BUY' | 'SELL', valuePaise: number, isoDay: string): number {
  return Number(foCharges({ kind: 'option', side, valuePaise: BigInt(valuePaise), isoDay }).total);
}
