import type { Currency } from './market.schema.js';

/**
 * NSE equity tick sizes by price (the exchange's slabs): ₹0.01 under ₹250, 0.05 to ₹1,000,
 * 0.10 to ₹5,000, 0.50 to ₹10,000, 1 to ₹20,000 and 5 above. US stocks trade in cents and
 * index levels are shown to 2 decimals.
 */
export function tickSize(price: number, currency: Currency = 'INR', isIndex = false): number {
  if (isIndex || currency === 'USD') return 0.01;
  if (price < 250) return 0.01;
  if (price < 1000) return 0.05;
  if (price < 5000) return 0.1;
  if (price < 10000) return 0.5;
  if (price < 20000) return 1;
  return 5;
}

/** Rounds to 2 decimals without the binary drift of `Math.round(x * 100) / 100` on halves. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON * Math.abs(value)) * 100) / 100;
}

/**
 * Rounds a price to the nearest valid tick. Work is done in paise (integers) so the result is an
 * exact multiple of the tick once printed with 2 decimals.
 */
export function roundToTick(price: number, currency: Currency = 'INR', isIndex = false): number {
  const tickPaise = Math.round(tickSize(price, currency, isIndex) * 100);
  const paise = Math.round(price * 100);
  return (Math.round(paise / tickPaise) * tickPaise) / 100;
}

/** True when the price is a whole number of ticks (checked in paise to dodge float noise). */
export function isOnTick(price: number, currency: Currency = 'INR', isIndex = false): boolean {
  const paise = Math.round(price * 100);
  if (Math.abs(paise - price * 100) > 1e-6) return false;
  return paise % Math.round(tickSize(price, currency, isIndex) * 100) === 0;
}

/**
 * The widest fixed band (±20% of the previous close): the cap on a simulated day's move where no
 * tighter circuit applies. An instrument's own limits come from circuit-bands.ts.
 */
export const PRICE_BAND = 0.2;

/**
 * The lowest and highest valid prices for a day, on the tick grid and inside ±`fraction` of the
 * previous close (rounded inward so a band edge is itself a valid price).
 */
export function priceBand(
  previousClose: number,
  currency: Currency = 'INR',
  isIndex = false,
  fraction = PRICE_BAND,
): { lower: number; upper: number } {
  const rawLower = previousClose * (1 - fraction);
  const rawUpper = previousClose * (1 + fraction);
  const up = Math.round(tickSize(rawLower, currency, isIndex) * 100);
  const down = Math.round(tickSize(rawUpper, currency, isIndex) * 100);
  return {
    lower: (Math.ceil(Math.round(rawLower * 1e4) / 1e2 / up - 1e-9) * up) / 100,
    upper: (Math.floor(Math.round(rawUpper * 1e4) / 1e2 / down + 1e-9) * down) / 100,
  };
}

/** Rounds to tick, then keeps the result inside the day's band. */
export function clampToBand(
  price: number,
  previousClose: number,
  currency: Currency = 'INR',
  isIndex = false,
): number {
  const { lower, upper } = priceBand(previousClose, currency, isIndex);
  const rounded = roundToTick(price, currency, isIndex);
  return Math.min(upper, Math.max(lower, rounded));
}
