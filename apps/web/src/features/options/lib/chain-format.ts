import { MINUS } from '../../../lib/money-format';

const price2 = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const points = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A premium in a dense table cell: paise kept, Indian grouping, no ₹ (the column says rupees). */
export function cellPrice(value: number): string {
  return value < 0 ? `${MINUS}${price2.format(-value)}` : price2.format(value);
}

/** Index levels and strikes: Indian grouping, no currency. */
export function indexLevel(value: number): string {
  return points.format(value);
}

export function greek(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  return value < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

/** Spot and future levels keep two decimals (24,026.00), like an index quote. */
export function indexQuote(value: number): string {
  return price2.format(value);
}
