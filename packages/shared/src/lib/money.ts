/** Money crosses the API as rupees with 2 decimals; everywhere on the server it is integer paise. */
export type Paise = bigint;

export function paiseToRupees(paise: bigint): number {
  return Number(paise) / 100;
}

/** Exact for any rupee amount given with at most 2 decimals. */
export function rupeesToPaise(rupees: number): bigint {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be finite');
  return BigInt(Math.round(rupees * 100));
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
export function formatInr(rupees: number): string {
  return inr.format(rupees);
}

export const STARTING_BALANCE_PAISE = 1_000_000n;
