import { formatInr, type Quote } from '@nivesh/shared';

/** The app's money format: en-IN grouping with the rupee sign (₹1,23,456.78). */
export const inr = (rupees: number) => formatInr(rupees);

const number2 = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Index levels are points, not rupees. */
export const points = (value: number) => number2.format(value);
export const count = (value: number) => integer.format(value);

export const signedInr = (rupees: number) =>
  `${rupees > 0 ? '+' : rupees < 0 ? '−' : ''}${inr(Math.abs(rupees))}`;
export const signedPct = (pct: number) =>
  `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${number2.format(Math.abs(pct))}%`;
export const pct = (value: number) => `${number2.format(value)}%`;

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const istDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const istDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const hhmmIst = (iso: string | Date) => istTime.format(typeof iso === 'string' ? new Date(iso) : iso);
export const dateIst = (iso: string | Date) => istDate.format(typeof iso === 'string' ? new Date(iso) : iso);
export const dateTimeIst = (iso: string | Date) =>
  istDateTime.format(typeof iso === 'string' ? new Date(iso) : iso);

/** "as of 14:32 IST, simulated market" — every figure says when and where it is from. */
export const asOf = (when: string | Date, source: string) => `_As of ${hhmmIst(when)} IST, ${source}._`;

/** A quote's price in its own currency (US stocks in dollars). */
export const money = (q: Pick<Quote, 'currency'>, value: number) =>
  q.currency === 'USD' ? `$${number2.format(value)}` : inr(value);
export const signedMoney = (q: Pick<Quote, 'currency'>, value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${money(q, Math.abs(value))}`;
