import { formatDate } from './date-time.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', then the app's date (`MMM DD, YYYY`, IST). */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  const diff = now.getTime() - at.getTime();
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)}d ago`;
  return formatDate(at);
}

/** 'Joined November 2026' line on the profile (en-IN month and year). */
export function formatMonthYear(date: Date | string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  return at.toLocaleDateString('en-IN', { month: 'long', year: 'numeric' });
}
