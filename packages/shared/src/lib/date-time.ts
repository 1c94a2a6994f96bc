/**
 * Every date and time the app shows, in one format and in India's time zone (IST) whatever the
 * viewer's clock says: `MMM DD, YYYY HH:mm` (e.g. "Nov 03, 2026 09:15"), 24-hour. Only a foreign
 * exchange's chart passes its own zone, so its candles read in that exchange's hours.
 */
export const IST_TIME_ZONE = 'Asia/Kolkata';
export const MISSING_DATE = '—';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(value: string | number | Date, timeZone = IST_TIME_ZONE) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const all = formatter(timeZone).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
}

export function formatDateTime(value: string | number | Date, timeZone = IST_TIME_ZONE): string {
  const part = parts(value, timeZone);
  if (!part) return MISSING_DATE;
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The date alone, `MMM DD, YYYY` in IST (e.g. "Nov 21, 2026"). */
export function formatDate(value: string | number | Date, timeZone = IST_TIME_ZONE): string {
  const part = parts(value, timeZone);
  return part ? `${part('month')} ${part('day')}, ${part('year')}` : MISSING_DATE;
}

/** The time alone, `HH:mm` in IST, 24-hour; `HH:mm:ss` with `seconds` (a live quote's last tick). */
export function formatClock(value: string | number | Date, { seconds = false } = {}): string {
  const part = parts(value);
  if (!part) return MISSING_DATE;
  return `${part('hour')}:${part('minute')}${seconds ? `:${part('second')}` : ''}`;
}

/** A calendar day as `MMM DD, YYYY`: a bare `YYYY-MM-DD` (how IST days are sent) is that very day. */
export function formatDay(day: string): string {
  // Noon IST on that day, so no time zone can move it to the day before or after.
  return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00+05:30` : day);
}
