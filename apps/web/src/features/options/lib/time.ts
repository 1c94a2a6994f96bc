const YEAR_MS = 365 * 24 * 3600 * 1000;
/** Options stop trading at 15:30 IST on expiry day. */
const CLOSE_IST = 'T15:30:00+05:30';
/** A floor so a chain priced after the close still draws a curve (it equals the expiry one). */
const MIN_YEARS = 1e-6;

/** Years from the chain's pricing time to the expiry day's close. */
export function yearsToExpiry(asOfIso: string, expiryIsoDay: string): number {
  const ms = Date.parse(`${expiryIsoDay}${CLOSE_IST}`) - Date.parse(asOfIso);
  return Math.max(MIN_YEARS, ms / YEAR_MS);
}
