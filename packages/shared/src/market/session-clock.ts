/**
 * The market's clock, in India Standard Time (UTC+05:30 all year, no daylight saving), as pure
 * functions of a UNIX time in milliseconds so the server, the simulator and the SPA agree.
 *
 * Two sessions exist:
 * - `nse`: IST weekdays 09:15–15:30 (375 one-minute bars). Exchange holidays are ignored: every
 *   weekday is a trading day.
 * - `always-open` (the simulator's default): every IST calendar day is a trading day and its
 *   session runs the full 24 hours, 00:00–24:00 IST (1,440 one-minute bars). A "day" (its open,
 *   close, daily candle and change) is the IST calendar day. The simulator plays the NSE session's
 *   rhythm stretched over the 24 hours, restarting at 09:15 IST, and gives each calendar day 5/7
 *   of a trading day's variance so weeks and months are as volatile as real ones.
 */
export type SessionMode = 'always-open' | 'nse';

/** What the simulated clock is, in a sentence a user can read next to the market status. */
export function clockDescription(mode: SessionMode): string {
  return mode === 'always-open'
    ? 'Simulated clock, open around the clock: each day replays the NSE session’s rhythm stretched over 24 hours (busiest from 09:15 IST), with 5/7 of a trading day’s volatility so weeks and months move like real ones; no overnight gaps.'
    : 'Simulated clock on NSE hours: weekdays 09:15–15:30 IST (exchange holidays not modelled); prices gap at the open after nights and weekends.';
}

export const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;
export const NSE_OPEN_MINUTE = 9 * 60 + 15;
export const NSE_CLOSE_MINUTE = 15 * 60 + 30;

export function sessionMinutes(mode: SessionMode): number {
  return mode === 'nse' ? NSE_CLOSE_MINUTE - NSE_OPEN_MINUTE : 1440;
}

/** Days since 1970-01-01 of the IST calendar date containing `ms`. */
export function istDayNumber(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
export function dayNumberToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day number of a 'YYYY-MM-DD' date. */
export function dateToDayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of an IST day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekend(day: number): boolean {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
}

export function isTradingDay(mode: SessionMode, day: number): boolean {
  return mode === 'always-open' || !isWeekend(day);
}

/** UNIX ms at which the session of an IST day opens and closes. */
export function sessionBounds(mode: SessionMode, day: number): { openMs: number; closeMs: number } {
  const midnight = day * DAY_MS - IST_OFFSET_MS;
  if (mode === 'always-open') return { openMs: midnight, closeMs: midnight + DAY_MS };
  return { openMs: midnight + NSE_OPEN_MINUTE * 60_000, closeMs: midnight + NSE_CLOSE_MINUTE * 60_000 };
}

export function isMarketOpen(mode: SessionMode, ms: number): boolean {
  const day = istDayNumber(ms);
  if (!isTradingDay(mode, day)) return false;
  const { openMs, closeMs } = sessionBounds(mode, day);
  return ms >= openMs && ms < closeMs;
}

/** The next trading day strictly after `day`. */
export function nextTradingDay(mode: SessionMode, day: number): number {
  let d = day + 1;
  while (!isTradingDay(mode, d)) d += 1;
  return d;
}

/** The last trading day strictly before `day`. */
export function previousTradingDay(mode: SessionMode, day: number): number {
  let d = day - 1;
  while (!isTradingDay(mode, d)) d -= 1;
  return d;
}

/**
 * The session a chart or quote shows at `ms`: today's while it is open or has closed today, else
 * the last one that has opened (before 09:15 on a weekday, or at the weekend, that is the previous
 * trading day). `elapsedSeconds` is how far into it `ms` is, capped at its length.
 */
export function currentSession(
  mode: SessionMode,
  ms: number,
): { day: number; elapsedSeconds: number; open: boolean } {
  let day = istDayNumber(ms);
  if (!isTradingDay(mode, day) || ms < sessionBounds(mode, day).openMs) day = previousTradingDay(mode, day);
  const { openMs, closeMs } = sessionBounds(mode, day);
  const elapsedSeconds = Math.floor((Math.min(ms, closeMs) - openMs) / 1000);
  return { day, elapsedSeconds, open: ms >= openMs && ms < closeMs };
}

/** When the market next opens and closes after `ms` (null when it never closes). */
export function nextOpenClose(
  mode: SessionMode,
  ms: number,
): { nextOpen: number | null; nextClose: number | null } {
  if (mode === 'always-open') return { nextOpen: null, nextClose: null };
  const today = istDayNumber(ms);
  if (isMarketOpen(mode, ms)) {
    return {
      nextOpen: sessionBounds(mode, nextTradingDay(mode, today)).openMs,
      nextClose: sessionBounds(mode, today).closeMs,
    };
  }
  const openDay =
    isTradingDay(mode, today) && ms < sessionBounds(mode, today).openMs ? today : nextTradingDay(mode, today);
  const { openMs, closeMs } = sessionBounds(mode, openDay);
  return { nextOpen: openMs, nextClose: closeMs };
}
