import {
  DAY_MS,
  IST_OFFSET_MS,
  NSE_CLOSE_MINUTE,
  dateToDayNumber,
  dayNumberToDate,
  weekdayOf,
} from '../market/session-clock.js';
import { contractOn } from './contracts.js';
import type { ExpiryKind, Underlying } from './options.schema.js';

export interface ListedExpiry {
  date: string;
  kind: ExpiryKind;
}

/** The ISO day of the last `weekday` (0 = Sunday) of the month. */
export function lastWeekdayOfMonth(year: number, month1to12: number, weekday: number): string {
  // Day 0 of the next month is the last day of this one.
  const lastDay = Math.floor(Date.UTC(year, month1to12, 0) / DAY_MS);
  const back = (weekdayOf(lastDay) - weekday + 7) % 7;
  return dayNumberToDate(lastDay - back);
}

/** The next `count` monthly expiries on or after `today` (this month's, if not yet past). */
function nextMonthlies(weekday: number, today: string, count: number): string[] {
  const out: string[] = [];
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  while (out.length < count) {
    const day = lastWeekdayOfMonth(year, month, weekday);
    if (day >= today) out.push(day);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** Whether `isoDay` is the last `weekday` of its month. */
export function isMonthlyExpiryDay(isoDay: string, weekday: number): boolean {
  return lastWeekdayOfMonth(Number(isoDay.slice(0, 4)), Number(isoDay.slice(5, 7)), weekday) === isoDay;
}

/**
 * The listed expiries of `underlying` as of the IST day `todayIsoDay`, sorted: for a weekly
 * underlying the next `weeks` expiry weekdays (today counts if it is one) plus the next `months`
 * monthlies; a weekly date that is its month's last expiry weekday is listed once, as monthly.
 */
export function listExpiries(
  underlying: Underlying,
  todayIsoDay: string,
  opts: { weeks?: number; months?: number } = {},
): ListedExpiry[] {
  const row = contractOn(underlying, todayIsoDay);
  const monthlies = nextMonthlies(row.expiryWeekday, todayIsoDay, opts.months ?? 3);
  const byDate = new Map<string, ExpiryKind>();
  if (row.weekly) {
    const today = dateToDayNumber(todayIsoDay);
    const first = today + ((row.expiryWeekday - weekdayOf(today) + 7) % 7);
    for (let i = 0; i < (opts.weeks ?? 6); i += 1) {
      const day = dayNumberToDate(first + 7 * i);
      byDate.set(day, isMonthlyExpiryDay(day, row.expiryWeekday) ? 'monthly' : 'weekly');
    }
  }
  for (const day of monthlies) byDate.set(day, 'monthly');
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, kind]) => ({ date, kind }));
}

/** The next three monthly futures expiries (futures are monthly only). */
export function futureExpiries(underlying: Underlying, todayIsoDay: string): string[] {
  return nextMonthlies(contractOn(underlying, todayIsoDay).expiryWeekday, todayIsoDay, 3);
}

/** Calendar days from ISO day `a` to ISO day `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return dateToDayNumber(b) - dateToDayNumber(a);
}

/** The UTC epoch ms of 15:30 IST on `expiryIsoDay`: when the contract stops trading and settles. */
export function expiryCloseMs(expiryIsoDay: string): number {
  return dateToDayNumber(expiryIsoDay) * DAY_MS + NSE_CLOSE_MINUTE * 60_000 - IST_OFFSET_MS;
}

/** About one minute in years: the floor so a price at the close is intrinsic, never NaN. */
export const MIN_YEAR_FRACTION = 60_000 / (365 * DAY_MS);

/** Years (365-day) from `nowMs` to the expiry day's 15:30 IST close, never below MIN_YEAR_FRACTION. */
export function yearFraction(nowMs: number, expiryIsoDay: string): number {
  const years = (expiryCloseMs(expiryIsoDay) - nowMs) / (365 * DAY_MS);
  return Math.max(years, MIN_YEAR_FRACTION);
}
