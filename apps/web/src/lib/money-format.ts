import { formatInr } from '@nivesh/shared';

const wholeInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** The history page shows rupees without paise (spec §9). */
export function formatInrWhole(rupees: number): string {
  return wholeInr.format(rupees);
}

/** Spec §9: K, L (lakh) and Cr (crore) at 1e3, 1e5 and 1e7, for cards where space is tight. */
export function formatInrCompact(rupees: number): string {
  const abs = Math.abs(rupees);
  const sign = rupees < 0 ? '-' : '';
  if (abs >= 1e7) return `${sign}₹${(abs / 1e7).toFixed(2)} Cr`;
  if (abs >= 1e5) return `${sign}₹${(abs / 1e5).toFixed(2)} L`;
  if (abs >= 1e3) return `${sign}₹${(abs / 1e3).toFixed(2)} K`;
  return formatInr(rupees);
}

/** P&L reads with its direction: +₹12.50 / −₹3.00. */
export function formatSignedInr(rupees: number, format: (v: number) => string = formatInr): string {
  const sign = rupees > 0 ? '+' : rupees < 0 ? '−' : '';
  return `${sign}${format(Math.abs(rupees))}`;
}

/** Stat cards: exact to the paisa until the figure reaches a crore, then abbreviated to fit a phone-width card. */
export function formatInrFit(rupees: number): string {
  return Math.abs(rupees) >= 1e7 ? formatInrCompact(rupees) : formatInr(rupees);
}
