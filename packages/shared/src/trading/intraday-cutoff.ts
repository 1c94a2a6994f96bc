import {
  DAY_MS,
  IST_OFFSET_MS,
  dayNumberToDate,
  istDayNumber,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  type SessionMode,
} from '../market/session-clock.js';

/**
 * The equity session and the intraday (MIS) cut-off as dated data: minutes after IST midnight,
 * from `effectiveFrom` until a later row. At the cut-off the broker squares off open MIS positions
 * at market and refuses new MIS orders until the next session opens.
 */
export interface IntradaySession {
  effectiveFrom: string;
  source: string;
  openMinute: number;
  closeMinute: number;
  cutoffMinute: number;
  /** Index options and futures bought or sold MIS square off later than shares (issue 28). */
  foCutoffMinute: number;
}

/** Which MIS cut-off: shares (EQ) or index derivatives (FO). */
export type IntradaySegment = 'EQ' | 'FO';

export const MIS_CUTOFF: readonly IntradaySession[] = [
  {
    effectiveFrom: '2024-10-01',
    source:
      'NSE equity and F&O sessions 09:15–15:30 IST (nseindia.com); MIS auto square-off at 15:20 for equity and 15:25 for F&O, no new MIS orders after it (support.zerodha.com)',
    openMinute: 9 * 60 + 15,
    closeMinute: 15 * 60 + 30,
    cutoffMinute: 15 * 60 + 20,
    foCutoffMinute: 15 * 60 + 25,
  },
];

export function intradaySessionFor(dateIso: string): IntradaySession {
  let pick = MIS_CUTOFF[0]!;
  for (const row of MIS_CUTOFF) if (row.effectiveFrom <= dateIso) pick = row;
  return pick;
}

/** One MIS window: new MIS orders are accepted from `openMs` until `cutoffMs`. */
interface Window {
  openMs: number;
  cutoffMs: number;
}

/**
 * The MIS window of the session that starts on IST `day`. On NSE hours it is 09:15 to 15:20 of a
 * weekday. In always-open mode the simulator replays the NSE rhythm stretched over 24 hours from
 * 09:15 IST, so the cut-off sits at the same fraction of that day (365 of 375 minutes: 08:36:36 IST
 * the next calendar day), and the next window opens at the next 09:15 IST.
 */
function windowOf(mode: SessionMode, day: number, segment: IntradaySegment): Window {
  const session = intradaySessionFor(dayNumberToDate(day));
  const midnight = day * DAY_MS - IST_OFFSET_MS;
  const openMs = midnight + session.openMinute * 60_000;
  const cutoffMinute = segment === 'FO' ? session.foCutoffMinute : session.cutoffMinute;
  if (mode === 'nse') {
    return { openMs, cutoffMs: midnight + cutoffMinute * 60_000 };
  }
  const fraction = (cutoffMinute - session.openMinute) / (session.closeMinute - session.openMinute);
  return { openMs, cutoffMs: openMs + Math.round(fraction * DAY_MS) };
}

/** The latest window that opened at or before `ms`. */
function latestWindow(mode: SessionMode, ms: number, segment: IntradaySegment): Window {
  let day = istDayNumber(ms);
  if (!isTradingDay(mode, day)) day = previousTradingDay(mode, day);
  let w = windowOf(mode, day, segment);
  if (w.openMs > ms) w = windowOf(mode, previousTradingDay(mode, day), segment);
  return w;
}

export interface IntradayCutoff {
  /** The cut-off of the current MIS window, or of the last one when it has passed. */
  at: string;
  /** Whether new MIS orders are refused now (the cut-off passed and the next window has not opened). */
  passed: boolean;
  /** When new MIS orders are accepted again; null while they are accepted. */
  reopensAt: string | null;
}

/** Whether an MIS order may be placed at `nowMs`, and the cut-off the ticket shows. */
export function intradayCutoff(
  mode: SessionMode,
  nowMs: number,
  segment: IntradaySegment = 'EQ',
): IntradayCutoff {
  const w = latestWindow(mode, nowMs, segment);
  const passed = nowMs >= w.cutoffMs;
  let reopensAt: string | null = null;
  if (passed) {
    const day = istDayNumber(w.openMs);
    reopensAt = new Date(windowOf(mode, nextTradingDay(mode, day), segment).openMs).toISOString();
  }
  return { at: new Date(w.cutoffMs).toISOString(), passed, reopensAt };
}

/**
 * The most recent cut-off at or before `ms`: what the square-off job closes positions for. A job
 * that was down over a cut-off still finds it on its next run.
 */
export function latestCutoffAtOrBefore(
  mode: SessionMode,
  ms: number,
  segment: IntradaySegment = 'EQ',
): number {
  const w = latestWindow(mode, ms, segment);
  if (ms >= w.cutoffMs) return w.cutoffMs;
  return windowOf(mode, previousTradingDay(mode, istDayNumber(w.openMs)), segment).cutoffMs;
}
