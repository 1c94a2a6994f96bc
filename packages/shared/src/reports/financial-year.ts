/**
 * India's financial year runs 1 April to 31 March and is written `2026-27` (the year it starts,
 * a hyphen, the last two digits of the year it ends). Dates here are IST calendar dates
 * ('YYYY-MM-DD'), the day a trade is booked on.
 */
export const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

export const FINANCIAL_YEAR_MESSAGE = 'Financial year must look like 2026-27 (April 2026 to March 2027)';

/** The starting calendar year of a well-formed `YYYY-YY` label, or null (2026-28 and 2026-7 are not). */
export function financialYearStart(label: string): number | null {
  const match = FINANCIAL_YEAR_PATTERN.exec(label);
  if (!match) return null;
  const start = Number(match[1]);
  if (start < 2000 || start > 2098) return null;
  return Number(match[2]) === (start + 1) % 100 ? start : null;
}

export function financialYearLabel(start: number): string {
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The financial year an IST date ('YYYY-MM-DD') falls in: January–March belong to the year before. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return financialYearLabel(month >= 4 ? year : year - 1);
}

/** First and last IST date of a financial year label (assumed valid). */
export function financialYearRange(label: string): { from: string; to: string } {
  const start = financialYearStart(label);
  if (start === null) throw new RangeError(FINANCIAL_YEAR_MESSAGE);
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}
