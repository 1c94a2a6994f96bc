import { foChargesTotalPaise } from './option-math';
import { units, type StrategyLeg } from './strategy';

export interface StrategyCosts {
  /** Rupees: every leg bought and sold (or sold and bought back) once at its premium. */
  roundTrip: number;
  /** Rupees: Σ premium × units, the money that changes hands on opening. */
  premium: number;
  /** roundTrip / premium, a fraction (0.0096 is 0.96%); null with no premium. */
  share: number | null;
}

/**
 * What the round trip costs before the market moves at all: charges for opening and closing each
 * leg at the price it was added at (the exit's price is unknown, so the entry's stands in).
 */
export function strategyCosts(legs: readonly StrategyLeg[], lotSize: number, isoDay: string): StrategyCosts {
  let roundTripPaise = 0;
  let premiumPaise = 0;
  for (const leg of legs) {
    const valuePaise = Math.round(leg.price * 100) * units(leg, lotSize);
    premiumPaise += valuePaise;
    roundTripPaise +=
      foChargesTotalPaise('BUY', valuePaise, isoDay) + foChargesTotalPaise('SELL', valuePaise, isoDay);
  }
  return {
    roundTrip: roundTripPaise / 100,
    premium: premiumPaise / 100,
    share: premiumPaise > 0 ? roundTripPaise / premiumPaise : null,
  };
}
