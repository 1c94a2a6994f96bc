import { MINUS, MISSING } from '../../../lib/money-format';
import { formatClock } from '../../../lib/date-format';

export { MISSING };

const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Index levels are points, not money. */
export function formatLevel(value: number): string {
  return plain.format(value);
}

export function formatSigned(value: number, digits = 2): string {
  const text = Math.abs(value).toFixed(digits);
  // What rounds to zero (−0.004 → "0.00") is shown unsigned, so 0.00% never reads as a gain or a loss.
  const zero = Number(text) === 0;
  const sign = zero ? '' : value > 0 ? '+' : MINUS;
  return `${sign}${text}`;
}

export function formatPercent(value: number): string {
  return `${formatSigned(value)}%`;
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

export function orMissing(
  value: number | null | undefined,
  format: (v: number) => string = (v) => plain.format(v),
): string {
  return value === null || value === undefined ? MISSING : format(value);
}

/** Green up, red down, neutral for what rounds to 0.00 (no green on 0.00%). */
export function changeTone(value: number): string {
  if (Math.abs(value) < 0.005) return 'text-slate-600 dark:text-slate-300';
  if (value > 0) return 'text-emerald-700 dark:text-emerald-400';
  if (value < 0) return 'text-red-700 dark:text-red-400';
  return 'text-slate-600 dark:text-slate-300';
}

/** A quote's last tick, `HH:mm:ss` IST (the app's clock format, to the second). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return formatClock(date, { seconds: true });
}
