import { formatInr, type Currency } from '@nivesh/shared';

/** A figure no source provides is shown as a dash: figures are computed or shown missing, never invented. */
export const MISSING = '—';

/** The one minus sign (U+2212) every negative amount and percent is shown with. */
export const MINUS = '\u2212';

/** Rupees with paise (₹129.51, never ₹130); a negative amount reads −₹3.31. */
export function formatRupees(rupees: number): string {
  return rupees < 0 ? `${MINUS}${formatInr(-rupees)}` : formatInr(Math.abs(rupees));
}

/** K, L (lakh) and Cr (crore) at 1e3, 1e5 and 1e7, for cards where space is tight. */
export function formatInrCompact(rupees: number): string {
  const abs = Math.abs(rupees);
  const sign = rupees < 0 ? MINUS : '';
  if (abs >= 1e7) return `${sign}₹${(abs / 1e7).toFixed(2)} Cr`;
  if (abs >= 1e5) return `${sign}₹${(abs / 1e5).toFixed(2)} L`;
  if (abs >= 1e3) return `${sign}₹${(abs / 1e3).toFixed(2)} K`;
  return formatRupees(rupees);
}

/** P&L reads with its direction: +₹12.50 / −₹3.00. */
export function formatSignedInr(rupees: number, format: (v: number) => string = formatRupees): string {
  const sign = rupees > 0 ? '+' : rupees < 0 ? MINUS : '';
  return `${sign}${format(Math.abs(rupees))}`;
}

/** Stat cards: exact to the paisa until the figure reaches a crore, then abbreviated to fit a phone-width card. */
export function formatInrFit(rupees: number): string {
  return Math.abs(rupees) >= 1e7 ? formatInrCompact(rupees) : formatRupees(rupees);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const integer = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A per-share price keeps its paise (cents): ₹129.51, never ₹130; a negative one reads −₹3.31. */
export function formatPrice(value: number, currency: Currency = 'INR'): string {
  if (currency === 'INR') return formatRupees(value);
  return value < 0 ? `${MINUS}${usd.format(-value)}` : usd.format(Math.abs(value));
}

/** K, L (lakh) and Cr (crore) at 1e3, 1e5 and 1e7, without a currency sign (volumes, counts). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? MINUS : '';
  if (abs >= 1e7) return `${sign}${(abs / 1e7).toFixed(2)} Cr`;
  if (abs >= 1e5) return `${sign}${(abs / 1e5).toFixed(2)} L`;
  if (abs >= 1e3) return `${sign}${(abs / 1e3).toFixed(2)} K`;
  return `${sign}${integer.format(abs)}`;
}

export function formatMarketCap(value: number | null, currency: Currency = 'INR', missing = MISSING): string {
  if (value === null) return missing;
  return `${currency === 'INR' ? '₹' : '$'}${formatCompact(value)}`;
}
