/** Every date-time the app shows: `MMM DD, YYYY HH:mm` in IST (e.g. "Nov 03, 2026 09:15"). */
const istParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const MISSING_DATE = '—';

function parts(value: string | number | Date) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const all = istParts.formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
}

export function formatDateTime(value: string | number | Date): string {
  const part = parts(value);
  if (!part) return MISSING_DATE;
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The date alone, `MMM DD, YYYY` in IST (e.g. "Nov 21, 2026"). */
export function formatDate(value: string | number | Date): string {
  const part = parts(value);
  return part ? `${part('month')} ${part('day')}, ${part('year')}` : MISSING_DATE;
}

/** The time alone, `HH:mm` in IST, 24-hour. */
export function formatClock(value: string | number | Date): string {
  const part = parts(value);
  return part ? `${part('hour')}:${part('minute')}` : MISSING_DATE;
}
