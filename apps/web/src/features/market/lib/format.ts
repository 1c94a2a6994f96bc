import type { Currency } from '@nivesh/shared';

const price = {
  INR: new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  USD: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};
const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A fundamental no source provides is shown as a dash, never invented (DESIGN §1). */
export const MISSING = '—';

export function formatPrice(value: number, currency: Currency = 'INR'): string {
  return price[currency].format(value);
}

/** Index levels are points, not money. */
export function formatLevel(value: number): string {
  return plain.format(value);
}

export function formatSigned(value: number, digits = 2): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(digits)}`;
}

export function formatPercent(value: number): string {
  return `${formatSigned(value)}%`;
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

/** Spec §9: K, L (lakh) and Cr (crore) at 1e3, 1e5 and 1e7. */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e7) return `${(value / 1e7).toFixed(2)} Cr`;
  if (abs >= 1e5) return `${(value / 1e5).toFixed(2)} L`;
  if (abs >= 1e3) return `${(value / 1e3).toFixed(2)} K`;
  return integer.format(value);
}

export function formatMarketCap(value: number | null, currency: Currency = 'INR', missing = MISSING): string {
  if (value === null) return missing;
  return `${currency === 'INR' ? '₹' : '$'}${formatCompact(value)}`;
}

export function orMissing(
  value: number | null | undefined,
  format: (v: number) => string = (v) => plain.format(v),
): string {
  return value === null || value === undefined ? MISSING : format(value);
}

export function changeTone(value: number): string {
  if (value > 0) return 'text-emerald-700 dark:text-emerald-400';
  if (value < 0) return 'text-red-700 dark:text-red-400';
  return 'text-slate-600 dark:text-slate-300';
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return date.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
